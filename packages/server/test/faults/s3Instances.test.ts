/**
 * Two server processes over one PostgreSQL database and one bucket (s3rver), as behind a load
 * balancer: the chunks of one upload alternate between them; one is killed (SIGKILL) with a chunk
 * half sent; the upload is resumed through the other, which holds every acknowledged chunk and
 * completes a byte-identical file. PostgreSQL leg only (PGlite is owned by one process).
 */
import { describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../localS3.js';
import { record } from './faultRecord.js';
import { cleanupAfterAll, freshDataDir, postgresUrl, scratchDatabase, startServer } from './serverProcess.js';
import { chunkCount, downloadMd5, finishUpload, login, md5, partialChunk, pngFile, postChunk, received, type UploadFile } from './uploadClient.js';

const CHUNK = 5 * 1024 * 1024;
const cleanup = cleanupAfterAll();

describe.skipIf(!postgresUrl)('two processes on one database and one bucket (PostgreSQL)', () => {
  it('one process killed mid-chunk: the other holds every acknowledged chunk and completes the upload', async (context) => {
    const rec = record(context, 'SIGKILL of one of two processes during an S3 multipart upload');
    rec.runs = 1;
    const s3: LocalS3 = await startLocalS3();
    cleanup.push(() => s3.close());
    const db = await scratchDatabase();
    cleanup.push(() => db.drop());
    const env = {
      S3_ENDPOINT: s3.settings.endpoint,
      S3_BUCKET: s3.settings.bucket,
      S3_ACCESS_KEY: s3.settings.accessKey,
      S3_SECRET_KEY: s3.settings.secretKey,
      S3_FORCE_PATH_STYLE: '1',
      UPLOAD_CHUNK_SIZE_MB: '5',
    };
    const servers = [];
    for (let i = 0; i < 2; i++) {
      const { dataDir, remove } = await freshDataDir();
      cleanup.push(remove);
      const server = await startServer({ dataDir, databaseUrl: db.url, env });
      cleanup.push(() => server.stop());
      servers.push(server);
    }
    const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const token = await login(a.base);

    const f: UploadFile = { whole: pngFile(5 * CHUNK + 321), fileName: '两台.png', chunkSize: CHUNK };
    const acked: number[] = [];
    let id: number | undefined;
    for (const c of [0, 1, 2, 3]) {
      const answer = await postChunk(c % 2 ? b.base : a.base, token, f, c, id);
      expect(`${c}: ${answer.status} ${answer.message}`).toBe(`${c}: 200 ${answer.message}`);
      acked.push(c);
      id = answer.data.fileInfoId;
    }
    await partialChunk(b.base, token, f, 4, id, CHUNK >> 1);
    b.child.kill('SIGKILL');
    expect((await b.exited).signal).toBe('SIGKILL');

    const kept = await received(a.base, token, f);
    rec.lost = acked.filter((c) => !kept.received.includes(c)).length;
    expect(kept.received).toEqual(acked);
    const done = await finishUpload(a.base, token, f);
    expect(done.fileMd5).toBe(md5(f.whole));
    expect(await downloadMd5(a.base, token, done.fileInfoId)).toBe(md5(f.whole));
    expect(chunkCount(f)).toBe(6);
  });
});
