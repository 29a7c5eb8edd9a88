/** Helpers shared by the file-service tests: real multipart posts over HTTP and files with real headers. */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { crc32, deflateSync } from 'node:zlib';
import type { Answer, Harness } from './harness.js';

export const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

/** A PNG's signature, its IHDR chunk (1×1, RGB) and the start of its first IDAT chunk: enough for a sniffer that walks the chunks. */
export const PNG_HEAD = [
  ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  ...[0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0, 0x90, 0x77, 0x53, 0xde],
  ...[0, 0, 0x10, 0, 0x49, 0x44, 0x41, 0x54],
];

const HEADERS: Record<string, number[]> = {
  png: PNG_HEAD,
  jpg: [0xff, 0xd8, 0xff, 0xe0],
  mp4: [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d],
  pdf: [...Buffer.from('%PDF-1.7\n')],
  zip: [0x50, 0x4b, 0x03, 0x04],
  docx: [0x50, 0x4b, 0x03, 0x04],
  txt: [...Buffer.from('hello\n')],
};

/** Random bytes that start like a real file of this extension. */
export function fileBytes(size: number, extension = 'png'): Buffer {
  const bytes = randomBytes(size);
  const head = HEADERS[extension] ?? [];
  Buffer.from(head).copy(bytes, 0);
  return bytes;
}

/**
 * A real PNG of `width` × `height` black pixels, one bit each: a few KB however many pixels it has (a
 * 8 000 × 8 000 one is 8 KB and decodes to 64 M pixels), the shape of a decompression bomb.
 */
export function blackPng(width: number, height: number): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth; colour type 0 (grey), no interlace
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height); // each row: filter byte 0, then zeros
  return Buffer.concat([Buffer.from(PNG_HEAD.slice(0, 8)), chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

export interface ChunkPost {
  bytes: Buffer;
  fileName: string;
  chunkSize: number;
  chunk: number;
  totalSize?: number;
  fileMd5?: string;
  chunks?: number;
  fileInfoId?: number | string;
  whole?: Buffer;
  extension?: string;
}

/** One chunk's form as the SDK engine sends it (fields in the engine's order, the bytes last). */
export function chunkForm(p: ChunkPost): FormData {
  const whole = p.whole ?? p.bytes;
  const totalSize = p.totalSize ?? whole.length;
  const form = new FormData();
  form.append('chunkSize', String(p.chunkSize));
  form.append('extension', p.extension ?? p.fileName.split('.').pop()!.toLowerCase());
  form.append('fileMd5', p.fileMd5 ?? md5(whole));
  form.append('fileName', p.fileName);
  form.append('filePath', '-1');
  form.append('totalSize', String(totalSize));
  form.append('supportSourceFlag', '0');
  if (p.fileInfoId !== undefined) form.append('fileInfoId', String(p.fileInfoId));
  form.append('storageType', '4');
  form.append('chunk', String(p.chunk));
  form.append('chunks', String(p.chunks ?? Math.max(1, Math.ceil(totalSize / p.chunkSize))));
  form.append('file', new Blob([p.bytes]), p.fileName);
  return form;
}

/** One chunk as the SDK engine sends it. */
export async function postChunk(h: Harness, token: string, p: ChunkPost): Promise<Answer<any>> {
  const res = await fetch(`${h.base}/api/file/v1/file/block`, { method: 'POST', headers: { authorization: token }, body: chunkForm(p) });
  const json = (await res.json()) as any;
  return { http: res.status, status: json.status, message: json.message, data: json.data, headers: res.headers };
}

/**
 * Sends a chunk's form but the last `missing` bytes, then drops the connection, as a page that is
 * paused, cancelled or reloaded mid-chunk; resolves once the socket is closed.
 */
export async function abandonChunk(h: Harness, token: string, p: ChunkPost, missing = Math.ceil(p.bytes.length / 2)): Promise<void> {
  const encoded = new Response(chunkForm(p));
  const body = Buffer.from(await encoded.arrayBuffer());
  const url = new URL(`${h.base}/api/file/v1/file/block`);
  const req = http.request({ hostname: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { authorization: token, 'content-type': encoded.headers.get('content-type')!, 'content-length': body.length } });
  req.on('error', () => undefined);
  req.write(body.subarray(0, body.length - missing));
  await new Promise((r) => setTimeout(r, 200));
  req.destroy();
}

export function sliceChunk(whole: Buffer, chunkSize: number, index: number): Buffer {
  return whole.subarray(index * chunkSize, Math.min(whole.length, (index + 1) * chunkSize));
}

/** Sends every chunk in order (first alone, as the engine does); returns the last answer. */
export async function uploadWhole(h: Harness, token: string, whole: Buffer, fileName: string, chunkSize: number): Promise<Answer<any>> {
  const chunks = Math.max(1, Math.ceil(whole.length / chunkSize));
  let fileInfoId: number | undefined;
  let answer: Answer<any> | undefined;
  for (let i = 0; i < chunks; i++) {
    answer = await postChunk(h, token, { bytes: sliceChunk(whole, chunkSize, i), whole, fileName, chunkSize, chunk: i, fileInfoId });
    if (answer.status !== 200) return answer;
    fileInfoId = answer.data.fileInfoId;
  }
  return answer!;
}

export async function download(h: Harness, token: string, id: number | string, headers: Record<string, string> = {}) {
  const res = await fetch(`${h.base}/file/v1/file/download/${id}`, { headers: { authorization: token, ...headers } });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}
