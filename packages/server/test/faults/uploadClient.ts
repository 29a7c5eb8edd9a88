/**
 * A chunk uploader as the SDK engine speaks to the server (fields in the engine's order, the bytes
 * last), over real HTTP to a server process, plus the calls that check what the server kept.
 */
import { constants, createHash, publicEncrypt, randomBytes } from 'node:crypto';
import http from 'node:http';
import { PNG_HEAD } from '../filesKit.js';

export const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');

export interface Answer {
  http: number;
  status: number;
  message: string;
  data: any;
}

export async function login(base: string, username = 'teacher', password = 'Ds@123456'): Promise<string> {
  const key = ((await (await fetch(`${base}/cas/publicKey`)).json()) as { data: { publicKey: string } }).data.publicKey;
  const cipher = publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(password)).toString('base64');
  const res = await fetch(`${base}/cas/login/restful`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: cipher, code: 'web', ed: '' }),
  });
  const body = (await res.json()) as { status: number; message: string; data: { token: string } };
  if (body.status !== 200) throw new Error(`login of ${username} failed: ${body.status} ${body.message}`);
  return body.data.token;
}

/** A PNG-headed file of `size` random bytes (the server sniffs the first chunk's content). */
export function pngFile(size: number): Buffer {
  const bytes = randomBytes(size);
  Buffer.from(PNG_HEAD).copy(bytes);
  return bytes;
}

export interface UploadFile {
  whole: Buffer;
  fileName: string;
  chunkSize: number;
  /** The extension field the engine sends (`png` unless said). */
  extension?: string;
}

export const chunkCount = (f: UploadFile) => Math.ceil(f.whole.length / f.chunkSize);

/** The multipart body of one chunk request: `{ body, contentType }`. */
export function chunkBody(f: UploadFile, chunk: number, fileInfoId?: number): { body: Buffer; contentType: string } {
  const boundary = `----fault${randomBytes(8).toString('hex')}`;
  const fields: Array<[string, string]> = [
    ['chunkSize', String(f.chunkSize)],
    ['extension', f.extension ?? 'png'],
    ['fileMd5', md5(f.whole)],
    ['fileName', f.fileName],
    ['filePath', '-1'],
    ['totalSize', String(f.whole.length)],
    ['supportSourceFlag', '0'],
  ];
  if (fileInfoId !== undefined) fields.push(['fileInfoId', String(fileInfoId)]);
  fields.push(['storageType', '4'], ['chunk', String(chunk)], ['chunks', String(chunkCount(f))]);
  const head = fields.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('');
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${encodeURIComponent(f.fileName)}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const bytes = f.whole.subarray(chunk * f.chunkSize, Math.min(f.whole.length, (chunk + 1) * f.chunkSize));
  return {
    body: Buffer.concat([Buffer.from(head + fileHead), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Sends raw bytes as a POST and reads the envelope; network failures resolve to `http: 0`. */
export function rawPost(base: string, path: string, body: Buffer, headers: Record<string, string>, localAddress?: string): Promise<Answer> {
  const url = new URL(path, base);
  return new Promise((resolve) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: 'POST', agent: false, localAddress, headers: { ...headers, 'content-length': String(body.length) } },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('error', () => resolve({ http: 0, status: 0, message: 'response cut', data: null }));
        res.on('end', () => {
          const text = Buffer.concat(parts).toString('utf8');
          try {
            const json = JSON.parse(text) as { status: number; message: string; data: unknown };
            resolve({ http: res.statusCode ?? 0, status: json.status, message: json.message, data: json.data });
          } catch {
            resolve({ http: res.statusCode ?? 0, status: -1, message: text.slice(0, 200), data: null });
          }
        });
      },
    );
    req.on('error', (err) => resolve({ http: 0, status: 0, message: err.message, data: null }));
    req.end(body);
  });
}

export function postChunk(base: string, token: string, f: UploadFile, chunk: number, fileInfoId?: number): Promise<Answer> {
  const { body, contentType } = chunkBody(f, chunk, fileInfoId);
  return rawPost(base, '/api/file/v1/file/block', body, { authorization: token, 'content-type': contentType });
}

async function json(base: string, path: string, token: string, body: unknown): Promise<Answer> {
  return rawPost(base, path, Buffer.from(JSON.stringify(body)), { authorization: token, 'content-type': 'application/json' });
}

/** The chunks the server holds for this file (`/file/v1/file/upload/status`), and the upload's id. */
export async function received(base: string, token: string, f: UploadFile): Promise<{ fileInfoId?: number; received: number[]; completeMd5?: string }> {
  const answer = await json(base, '/file/v1/file/upload/status', token, { fileMd5: md5(f.whole), fileName: f.fileName, totalSize: f.whole.length, chunkSize: f.chunkSize });
  if (answer.status !== 200) throw new Error(`upload status: ${answer.http} ${answer.status} ${answer.message}`);
  const id = answer.data.fileInfoId as number;
  return { fileInfoId: id > 0 ? id : undefined, received: answer.data.received, completeMd5: answer.data.fileInfo?.fileMd5 };
}

/** Sends every chunk the server does not hold yet; the last answer carries the completed file. */
export async function finishUpload(base: string, token: string, f: UploadFile): Promise<{ fileInfoId: number; fileMd5: string }> {
  const state = await received(base, token, f);
  if (state.completeMd5) return { fileInfoId: state.fileInfoId!, fileMd5: state.completeMd5 };
  let id = state.fileInfoId;
  const missing = [...Array(chunkCount(f)).keys()].filter((c) => !state.received.includes(c));
  let last: Answer | undefined;
  for (const chunk of missing) {
    last = await postChunk(base, token, f, chunk, id);
    if (last.status !== 200) throw new Error(`chunk ${chunk}: ${last.http} ${last.status} ${last.message}`);
    id = last.data.fileInfoId;
  }
  if (!last?.data?.fileInfo) throw new Error(`the last chunk did not complete the file: ${JSON.stringify(last)}`);
  return { fileInfoId: last.data.fileInfoId, fileMd5: last.data.fileInfo.fileMd5 };
}

export async function downloadMd5(base: string, token: string, fileInfoId: number): Promise<string> {
  const res = await fetch(`${base}/file/v1/file/download/${fileInfoId}`, { headers: { authorization: token } });
  if (res.status !== 200) throw new Error(`download ${fileInfoId}: HTTP ${res.status}`);
  return md5(Buffer.from(await res.arrayBuffer()));
}

/**
 * Starts a chunk request and sends only its first `bytes` bytes; resolves once they are handed to the
 * kernel. The request is left hanging (the caller kills the server or cuts the line).
 */
export function partialChunk(base: string, token: string, f: UploadFile, chunk: number, fileInfoId: number | undefined, bytes: number): Promise<void> {
  const { body, contentType } = chunkBody(f, chunk, fileInfoId);
  const url = new URL('/api/file/v1/file/block', base);
  const req = http.request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    agent: false,
    headers: { authorization: token, 'content-type': contentType, 'content-length': String(body.length) },
  });
  req.on('error', () => undefined);
  return new Promise((resolve) => req.write(body.subarray(0, Math.min(bytes, body.length - 1)), () => resolve()));
}

/** A small seeded generator (mulberry32): the same FAULT_SEED gives the same fault moments. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
