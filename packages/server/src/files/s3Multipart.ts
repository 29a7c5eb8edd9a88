/**
 * The S3 multipart upload calls (CreateMultipartUpload, UploadPart, CompleteMultipartUpload,
 * AbortMultipartUpload) over the file service's own S3 client: the chunks of an upload become the
 * parts of one object, assembled by the store itself.
 */
import { S3Error, type S3Client } from './s3Client.js';

/** S3's smallest part (every part but the last): 5 MiB. */
export const MIN_PART_SIZE = 5 * 1024 * 1024;
/** S3's most parts in one upload. */
export const MAX_PARTS = 10_000;

const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

async function text(res: AsyncIterable<Buffer | string>): Promise<string> {
  let body = '';
  for await (const part of res) body += part;
  return body;
}

const xmlEscape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Starts a multipart upload of `key`; answers its upload id. */
export async function createMultipartUpload(client: S3Client, key: string): Promise<string> {
  const res = await client.send({ method: 'POST', key, query: { uploads: '' }, headers: { 'content-type': 'application/octet-stream', 'content-length': '0' } });
  if (res.statusCode !== 200) return client.fail(res, key);
  const uploadId = tag(await text(res), 'UploadId');
  if (!uploadId) throw new S3Error(res.statusCode, 'MalformedResponse', `S3 CreateMultipartUpload for ${key} answered no UploadId`);
  return uploadId;
}

/** Stores part `partNumber` (1-based); answers its ETag (without quotes). */
export async function uploadPart(client: S3Client, key: string, uploadId: string, partNumber: number, bytes: Buffer): Promise<string> {
  const res = await client.send({
    method: 'PUT',
    key,
    query: { partNumber: String(partNumber), uploadId },
    headers: { 'content-length': String(bytes.length) },
    body: bytes,
  });
  if (res.statusCode !== 200) return client.fail(res, key);
  res.resume();
  const etag = String(res.headers.etag ?? '').replace(/"/g, '');
  if (!etag) throw new S3Error(200, 'MalformedResponse', `S3 UploadPart ${partNumber} of ${key} answered no ETag`);
  return etag;
}

/** Joins the parts, in order, into the object `key`. */
export async function completeMultipartUpload(client: S3Client, key: string, uploadId: string, parts: Array<{ partNumber: number; etag: string }>): Promise<void> {
  const xml =
    '<CompleteMultipartUpload>' +
    parts.map((p) => `<Part><PartNumber>${p.partNumber}</PartNumber><ETag>"${xmlEscape(p.etag)}"</ETag></Part>`).join('') +
    '</CompleteMultipartUpload>';
  const body = Buffer.from(xml);
  const res = await client.send({ method: 'POST', key, query: { uploadId }, headers: { 'content-type': 'application/xml', 'content-length': String(body.length) }, body });
  // S3 may answer 200 and report a failure in the body (the join runs while the answer is open).
  const answer = await text(res);
  if (res.statusCode !== 200 || answer.includes('<Error>')) {
    throw new S3Error(res.statusCode ?? 0, tag(answer, 'Code') ?? `HTTP ${res.statusCode}`, `S3 CompleteMultipartUpload of ${key} failed`);
  }
}

/** Drops the upload and every part it holds; an upload already gone is no error. */
export async function abortMultipartUpload(client: S3Client, key: string, uploadId: string): Promise<void> {
  const res = await client.send({ method: 'DELETE', key, query: { uploadId } });
  if (res.statusCode === 204 || res.statusCode === 200) return void res.resume();
  const answer = await text(res);
  if (res.statusCode === 404) return;
  throw new S3Error(res.statusCode ?? 0, tag(answer, 'Code') ?? `HTTP ${res.statusCode}`, `S3 AbortMultipartUpload of ${key} failed`);
}
