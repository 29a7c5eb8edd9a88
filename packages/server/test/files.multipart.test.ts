/**
 * Uploads with S3 storage served by two server instances over one database and one bucket (a local
 * S3, s3rver): the chunks of one upload become the parts of one S3 multipart upload, so they may
 * arrive at either instance, concurrently and in any order; an instance dying mid-upload loses no
 * acknowledged chunk; a wrong MD5 leaves nothing stored; 秒传 works through the other instance; the
 * sweep aborts an abandoned multipart upload. PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '@dscloud/sdk/errors';
import { useHarness, type Harness } from './harness.js';
import { download, fileBytes, md5, postChunk, sliceChunk } from './filesKit.js';
import { startSecondInstance, type Instance } from './instances.js';
import { startLocalS3, type LocalS3 } from './localS3.js';
import { S3Client } from '../src/files/s3Client.js';
import { sweep } from '../src/housekeeping.js';
import { fileSettingsOf } from '../src/files/fileSettings.js';
import type { Settings } from '../src/settings.js';

const CHUNK = 5 * 1024 * 1024;
const SECRET = 'multipart-test-deploy-secret-0123456789';

let s3: LocalS3;
let b: Instance;
let teacher: string;

beforeAll(async () => {
  s3 = await startLocalS3();
}, 180_000);
afterAll(async () => {
  await s3?.close();
});
const h = useHarness(() => ({ settings: { deploySecret: SECRET, files: { s3: s3.settings } } }));
// Hooks after the tests run in reverse order: the second instance stops before the harness does.
afterAll(async () => {
  await b?.close();
});
beforeAll(async () => {
  b = await startSecondInstance(h, SECRET, undefined, { files: { s3: s3.settings } });
  teacher = await h.token('teacher');
});

const via = (server: { base: string }) => server as Harness;
const send = (server: { base: string }, whole: Buffer, fileName: string, chunk: number, extra: { fileInfoId?: number; fileMd5?: string } = {}) =>
  postChunk(via(server), teacher, { bytes: sliceChunk(whole, CHUNK, chunk), whole, fileName, chunkSize: CHUNK, chunk, ...extra });

/** Partial uploads on an instance's own disk (there must be none with S3 storage). */
function localChunkFolders(server: { app: Harness['app'] }): string[] {
  const dir = path.join(server.app.ctx.files!.settings.filesDir, 'uploads');
  return existsSync(dir) ? readdirSync(dir) : [];
}

const statusVia = (server: Harness | Instance, whole: Buffer, fileName: string) =>
  server.call<{ fileInfoId: number; received: number[] }>('POST', '/file/v1/file/upload/status', {
    token: teacher,
    body: { fileMd5: md5(whole), fileName, totalSize: whole.length, chunkSize: CHUNK },
  });

describe('an upload through two instances on one bucket', () => {
  it('takes the chunks in reverse order, at once, half through each instance, and stores a byte-identical file', async () => {
    const whole = fileBytes(3 * CHUNK + 4321, 'mp4');
    const answers = await Promise.all([3, 2, 1, 0].map((c, i) => send(i % 2 === 0 ? h : b, whole, '合唱.mp4', c)));
    for (const a of answers) expect(`${a.status} ${a.message}`).toBe(`200 ${a.message}`);
    const id = answers[0]!.data.fileInfoId;
    expect(new Set(answers.map((a) => a.data.fileInfoId))).toEqual(new Set([id]));
    expect(answers.some((a) => a.data.fileInfo?.fileMd5 === md5(whole))).toBe(true);

    for (const server of [h, b]) expect((await download(via(server), teacher, id)).bytes.equals(whole)).toBe(true);
    const [row] = await h.query<{ store: string; storage_key: string }>('SELECT store, storage_key FROM file_contents WHERE md5 = $1', [md5(whole)]);
    expect(row).toEqual({ store: 's3', storage_key: `assembled/${id}` });
    expect((await new S3Client(s3.settings).headObject(row!.storage_key))?.size).toBe(whole.length);
    // No byte went through an instance's disk.
    expect([...localChunkFolders(h), ...localChunkFolders(b)]).toEqual([]);

    // 秒传 through the other instance: the file is known at once, no chunk sent.
    for (const server of [b, h]) {
      const exist = await server.call('POST', '/file/v1/file/exist', { token: teacher, body: { extension: 'mp4', fileMd5: md5(whole), fileName: '合唱.mp4', fileSize: whole.length } });
      expect(exist.data).toMatchObject({ existsFlag: 1, fileInfoId: id });
    }
  });

  it('an instance dying in the middle of a chunk loses none of the chunks it acknowledged: the other completes the upload', async () => {
    const whole = fileBytes(3 * CHUNK + 99, 'pdf');
    const dying = await startSecondInstance(h, SECRET, undefined, { files: { s3: s3.settings } });
    const first = await send(dying, whole, '讲义.pdf', 0);
    expect(first.status).toBe(200);
    const id = first.data.fileInfoId as number;
    expect((await send(dying, whole, '讲义.pdf', 2, { fileInfoId: id })).status).toBe(200);

    // Half of chunk 1 reaches the dying instance, then it goes away with the request open.
    const half = await sendHalfAChunk(dying.base, whole, '讲义.pdf', 1, id);
    dying.app.server.closeAllConnections();
    await dying.close();
    await half.ended;

    const status = await statusVia(h, whole, '讲义.pdf');
    expect(status.data).toMatchObject({ fileInfoId: id, received: [0, 2] });
    expect((await send(h, whole, '讲义.pdf', 1, { fileInfoId: id })).status).toBe(200);
    const last = await send(h, whole, '讲义.pdf', 3, { fileInfoId: id });
    expect(last.data.fileInfo?.fileMd5).toBe(md5(whole));
    expect((await download(via(h), teacher, id)).bytes.equals(whole)).toBe(true);
  });

  it('refuses a file whose MD5 is not the one declared, and leaves nothing stored', async () => {
    const whole = fileBytes(2 * CHUNK + 7, 'png');
    const declared = md5(fileBytes(16, 'png'));
    const pendingBefore = s3.pendingUploads();
    const first = await send(h, whole, '错的.png', 0, { fileMd5: declared });
    const id = first.data.fileInfoId as number;
    expect((await send(b, whole, '错的.png', 1, { fileMd5: declared, fileInfoId: id })).status).toBe(200);
    expect(s3.pendingUploads().length).toBe(pendingBefore.length + 1);
    const last = await send(b, whole, '错的.png', 2, { fileMd5: declared, fileInfoId: id });
    expect(last.status).toBe(Codes.FILE_MD5_MISMATCH);
    expect(last.message).toContain('文件校验失败');

    expect(await h.query('SELECT id FROM uploads WHERE id = $1', [id])).toEqual([]);
    expect(await h.query('SELECT sha256 FROM file_contents WHERE md5 = $1 OR md5 = $2', [declared, md5(whole)])).toEqual([]);
    expect(await new S3Client(s3.settings).headObject(`assembled/${id}`)).toBeNull();
    expect(s3.pendingUploads()).toEqual(pendingBefore);
  });

  it('the sweep aborts the multipart upload of an upload abandoned halfway', async () => {
    const whole = fileBytes(3 * CHUNK + 1, 'png');
    const first = await send(b, whole, '半途.png', 0);
    const id = first.data.fileInfoId as number;
    expect((await send(h, whole, '半途.png', 1, { fileInfoId: id })).status).toBe(200);
    const [row] = await h.query<{ store_upload_id: string }>('SELECT store_upload_id FROM uploads WHERE id = $1', [id]);
    expect(s3.pendingUploads()).toContain(row!.store_upload_id);

    await sweep(h.app.ctx);
    expect(s3.pendingUploads()).toContain(row!.store_upload_id);
    h.advance(25 * 3600_000);
    await sweep(h.app.ctx);
    expect(s3.pendingUploads()).not.toContain(row!.store_upload_id);
    expect(await h.query('SELECT id FROM uploads WHERE id = $1', [id])).toEqual([]);
  });
});

describe('chunk size with S3 storage (parts of at least 5 MiB but the last)', () => {
  // The sweep case above moved the clock a day on, past the first login's expiry.
  beforeAll(async () => {
    teacher = await h.token('teacher');
  });

  it('refuses chunks under 5 MiB for a file of several chunks, tells 5 MiB in upload/status, and stores a one-chunk file of any size', async () => {
    const whole = fileBytes(3 * 65536, 'png');
    const small = await postChunk(h, teacher, { bytes: sliceChunk(whole, 65536, 0), whole, fileName: '小片.png', chunkSize: 65536, chunk: 0 });
    expect(`${small.http} ${small.status}`).toBe('400 400');
    expect(small.message).toContain('参数 chunkSize 过小');
    const status = await h.call('POST', '/file/v1/file/upload/status', { token: teacher, body: { fileMd5: md5(whole), fileName: '小片.png', totalSize: 6 * 1024 * 1024, chunkSize: 65536 } });
    expect(status.data).toMatchObject({ fileInfoId: -1, chunkSize: CHUNK, chunks: 2 });

    const tiny = fileBytes(1000, 'png');
    const one = await postChunk(via(b), teacher, { bytes: tiny, fileName: '一片.png', chunkSize: CHUNK, chunk: 0 });
    expect(one.data.fileInfo?.fileMd5).toBe(md5(tiny));
    expect((await download(via(h), teacher, one.data.fileInfoId)).bytes.equals(tiny)).toBe(true);
  });

  it('stops the server at start-up when UPLOAD_CHUNK_SIZE_MB is under 5 with S3, naming the setting', () => {
    const env = { S3_ENDPOINT: 'http://127.0.0.1:9', S3_BUCKET: 'b', S3_ACCESS_KEY: 'k', S3_SECRET_KEY: 's' };
    const settings = { dataDir: '/nonexistent/ds' } as Settings;
    expect(() => fileSettingsOf(settings, { ...env, UPLOAD_CHUNK_SIZE_MB: '4' })).toThrow('UPLOAD_CHUNK_SIZE_MB 不能小于 5');
    expect(fileSettingsOf(settings, { ...env, UPLOAD_CHUNK_SIZE_MB: '5' }).chunkSize).toBe(CHUNK);
    expect(fileSettingsOf(settings, { UPLOAD_CHUNK_SIZE_MB: '1' }).chunkSize).toBe(1024 * 1024);
  });
});

/** Posts a chunk's form but sends only its first half; resolves once that half has left. */
async function sendHalfAChunk(base: string, whole: Buffer, fileName: string, chunk: number, fileInfoId: number): Promise<{ ended: Promise<void> }> {
  const form = new FormData();
  const fields: Record<string, string> = {
    chunkSize: String(CHUNK),
    extension: fileName.split('.').pop()!,
    fileMd5: md5(whole),
    fileName,
    filePath: '-1',
    totalSize: String(whole.length),
    supportSourceFlag: '0',
    fileInfoId: String(fileInfoId),
    storageType: '4',
    chunk: String(chunk),
    chunks: String(Math.ceil(whole.length / CHUNK)),
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([sliceChunk(whole, CHUNK, chunk)]), fileName);
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const url = new URL('/api/file/v1/file/block', base);
  const req = http.request(url, {
    method: 'POST',
    headers: { authorization: teacher, 'content-type': encoded.headers.get('content-type')!, 'content-length': String(body.length) },
  });
  const ended = new Promise<void>((resolve) => {
    req.on('error', () => resolve());
    req.on('response', (res) => (res.resume(), res.on('end', resolve), res.on('error', () => resolve())));
    req.on('close', () => resolve());
  });
  await new Promise<void>((resolve, reject) => req.write(body.subarray(0, body.length >> 1), (err) => (err ? reject(err) : resolve())));
  return { ended };
}
