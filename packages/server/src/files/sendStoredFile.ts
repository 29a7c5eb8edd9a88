/**
 * Sends a stored file with Range support. Safe media (images, video, audio, pdf, text) are shown inline
 * for the players; everything else, and any type a browser would run (html, svg, xml, js), is an
 * attachment. nosniff and a sandbox CSP keep a file from ever acting as a page of this origin.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileInfoRow } from './fileRows.js';
import type { FileStore } from './fileStore.js';
import { dispositionTypeOf } from './contentSniff.js';
import { contentDisposition } from './contentDisposition.js';
import { parseRange } from './httpRange.js';

export interface SendOptions {
  /** `?download=1`: always an attachment. */
  forceDownload: boolean;
  cacheControl: string;
  /**
   * Shown in the page whatever the extension (a video rendition's playlists, segments and WebVTT, which
   * players fetch): the stored type is sent as it is. Never for a user's own file, whose extension decides.
   */
  inline?: boolean;
}

export const wantsDownload = (value: string | undefined) => value === '1' || value === 'true';

export async function sendStoredFile(request: FastifyRequest, reply: FastifyReply, row: FileInfoRow, store: FileStore, options: SendOptions) {
  const { size, sha256, mime, storageKey } = row.content;
  const etag = `"${sha256}"`;
  const type = options.forceDownload ? 'attachment' : options.inline ? 'inline' : dispositionTypeOf(row.extension);
  reply
    .header('content-type', type === 'attachment' && !mime.startsWith('application/') ? 'application/octet-stream' : mime)
    .header('content-disposition', contentDisposition(type, row.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', 'sandbox')
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('cache-control', options.cacheControl);
  const ifRange = request.headers['if-range'];
  const rangeHeader = ifRange === undefined || ifRange === etag ? request.headers.range : undefined;
  const range = parseRange(rangeHeader, size);
  if (range.kind === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${size}`).type('application/json; charset=utf-8').send({
      status: 416,
      code: 416,
      message: `请求的范围无法满足：文件共 ${size} 字节，请求的是“${rangeHeader}”`,
      data: null,
    });
  }
  const [start, end] = range.kind === 'part' ? [range.start, range.end] : [0, size - 1];
  if (range.kind === 'part') reply.status(206).header('content-range', `bytes ${start}-${end}/${size}`);
  reply.header('content-length', String(end - start + 1));
  if (request.method === 'HEAD') return reply.send();
  return reply.send(await store.readRange(storageKey, start, end));
}
