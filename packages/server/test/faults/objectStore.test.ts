/**
 * S3 mode with the bucket's server (s3rver) stopped while an upload completes, and started again on
 * the same address and folder: the completing chunk answers 503 `对象存储暂不可用` (which the uploader
 * retries), never a bare 500; every chunk stays received; once the bucket is back, sending the last
 * chunk again completes the file, and it downloads with the right MD5.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script of the repository, no type declarations
import { freePort } from '../../../../scripts/reference-server.mjs';
import { record } from './faultRecord.js';
import { cleanupAfterAll, databaseLeg, freshDataDir, scratchDatabase, startServer } from './serverProcess.js';
import { chunkCount, downloadMd5, login, md5, pngFile, postChunk, received, type UploadFile } from './uploadClient.js';

// 5 MiB: with S3 the chunks are the parts of a multipart upload (at least 5 MiB but the last).
const CHUNK = 5 * 1024 * 1024;
const cleanup = cleanupAfterAll();

describe(`the object store away and back (${databaseLeg})`, () => {
  it('answers 503 while the bucket is away, keeps every chunk, and completes once it is back', async (context) => {
    const rec = record(context, 's3rver stopped before the last chunk, started again');
    rec.runs = 1;
    const bucketDir = mkdtempSync(path.join(tmpdir(), 'ds-fault-s3-'));
    cleanup.push(() => rmSync(bucketDir, { recursive: true, force: true }));
    const port = (await freePort()) as number;
    const bucket = () => new S3rver({ port, address: '127.0.0.1', directory: bucketDir, silent: true, configureBuckets: [{ name: 'dscloud-files', configs: [] }] });
    let s3 = bucket();
    await s3.run();
    cleanup.push(() => (s3 as unknown as { close(): Promise<void> }).close().catch(() => undefined));
    const { dataDir, remove } = await freshDataDir();
    cleanup.push(remove);
    const db = await scratchDatabase();
    cleanup.push(() => db.drop());
    const server = await startServer({
      dataDir,
      databaseUrl: db.url,
      env: { S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_BUCKET: 'dscloud-files', S3_ACCESS_KEY: 'S3RVER', S3_SECRET_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: '1' },
    });
    cleanup.push(() => server.stop());
    const token = await login(server.base);

    const f: UploadFile = { whole: pngFile(4 * CHUNK + 5), fileName: '桶不在.png', chunkSize: CHUNK };
    const n = chunkCount(f);
    let id: number | undefined;
    for (let c = 0; c < n - 1; c++) {
      const answer = await postChunk(server.base, token, f, c, id);
      expect(answer.status).toBe(200);
      id = answer.data.fileInfoId;
    }
    await (s3 as unknown as { close(): Promise<void> }).close();
    const away = await postChunk(server.base, token, f, n - 1, id);
    expect(`${away.http} ${away.status}`).toBe('503 503');
    expect(away.message).toContain('对象存储暂不可用');
    const kept = await received(server.base, token, f);
    rec.lost = [...Array(n).keys()].filter((c) => c < n - 1 && !kept.received.includes(c)).length;
    expect(rec.lost).toBe(0);

    s3 = bucket();
    await s3.run();
    const back = await postChunk(server.base, token, f, n - 1, id);
    expect(`${back.status} ${back.message}`).toBe(`200 ${back.message}`);
    expect(back.data.fileInfo?.fileMd5).toBe(md5(f.whole));
    expect(await downloadMd5(server.base, token, back.data.fileInfoId)).toBe(md5(f.whole));
  });
});
