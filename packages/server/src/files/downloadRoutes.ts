/**
 * Downloads with Range support. Safe media (images, video, audio, pdf, text) are shown inline for the
 * players; everything else, and any type a browser would run (html, svg, xml, js), is an attachment.
 * nosniff and a sandbox CSP keep a file from ever acting as a page of this origin.
 */
import type { FastifyInstance } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import type { FileRepo } from './fileRepo.js';
import type { FileStore } from './fileStore.js';
import { dispositionTypeOf } from './contentSniff.js';
import { contentDisposition } from './contentDisposition.js';
import { parseRange } from './httpRange.js';
import { view } from './uploadRoutes.js';

const idParams = { type: 'object', required: ['fileInfoId'], properties: { fileInfoId: { type: 'string', pattern: '^[0-9]{1,15}$' } } } as const;

export async function downloadRoutes(app: FastifyInstance, ctx: AppContext, repo: FileRepo, store: FileStore): Promise<void> {
  const guard = ctx.guard.requireUser;
  const load = async (userId: string, id: string) => {
    const row = await repo.fileInfo(Number(id), userId);
    if (!row) throw new AppError(Codes.NOT_FOUND, `文件不存在：fileInfoId=${id}`);
    return row;
  };

  app.get<{ Params: { fileInfoId: string } }>('/file/v1/file/info/:fileInfoId', { preValidation: guard, schema: { params: idParams } }, async (request) =>
    ok(view(await load(request.auth!.user.id, request.params.fileInfoId)), localeOf(request)),
  );

  app.get<{ Params: { fileInfoId: string }; Querystring: { download?: string } }>(
    '/file/v1/file/download/:fileInfoId',
    { preValidation: guard, schema: { params: idParams, querystring: { type: 'object', properties: { download: { type: 'string', maxLength: 8 } } } } },
    async (request, reply) => {
      const row = await load(request.auth!.user.id, request.params.fileInfoId);
      const { size, sha256, mime, storageKey } = row.content;
      const etag = `"${sha256}"`;
      const forced = request.query.download === '1' || request.query.download === 'true';
      const type = forced ? 'attachment' : dispositionTypeOf(row.extension);
      reply
        .header('content-type', type === 'attachment' && !mime.startsWith('application/') ? 'application/octet-stream' : mime)
        .header('content-disposition', contentDisposition(type, row.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', 'sandbox')
        .header('accept-ranges', 'bytes')
        .header('etag', etag)
        .header('cache-control', 'private, no-cache');
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
    },
  );
}
