/**
 * A second server started on a data folder whose server is busy uploading (an operator's slip, a
 * supervisor restarting too early): it is refused with exit code 2 and a message naming the lock,
 * and the first goes on as if nothing happened — its lock stays, the upload in progress completes
 * with the right MD5. (test/cli.test.ts checks the refusal on an idle server.)
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { record } from './faultRecord.js';
import { cleanupAfterAll, databaseLeg, freshDataDir, scratchDatabase, type ServerProcess, startServer } from './serverProcess.js';
import { chunkCount, downloadMd5, login, md5, pngFile, postChunk, type UploadFile } from './uploadClient.js';

const CHUNK = 64 * 1024;
const cleanup = cleanupAfterAll();

describe(`a second process on the same data folder (${databaseLeg})`, () => {
  it('is refused while the first uploads, and the first keeps its lock and completes the upload', async (context) => {
    const rec = record(context, 'second start during a 12-chunk upload');
    rec.runs = 1;
    const { dataDir, remove } = await freshDataDir();
    cleanup.push(remove);
    const db = await scratchDatabase();
    cleanup.push(() => db.drop());
    const first = await startServer({ dataDir, databaseUrl: db.url });
    cleanup.push(() => first.stop());
    const token = await login(first.base);
    const lockPath = path.join(dataDir, 'server.lock');
    expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(first.child.pid));

    const f: UploadFile = { whole: pngFile(12 * CHUNK - 99), fileName: '同一目录.png', chunkSize: CHUNK };
    let second: Promise<ServerProcess> | undefined;
    let id: number | undefined;
    let last: Awaited<ReturnType<typeof postChunk>> | undefined;
    for (let c = 0; c < chunkCount(f); c++) {
      // The second server starts while the first is busy with the upload.
      if (c === 2) second = startServer({ dataDir, databaseUrl: db.url });
      last = await postChunk(first.base, token, f, c, id);
      expect(`${c}: ${last.status} ${last.message}`).toBe(`${c}: 200 ${last.message}`);
      id = last.data.fileInfoId;
    }
    const refused = await second!.then(
      () => 'started',
      (err: Error) => err.message,
    );
    expect(refused).toContain('exited (2)');
    expect(refused).toContain('数据目录已被进程');
    expect(existsSync(lockPath)).toBe(true);
    expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(first.child.pid));
    expect(last!.data.fileInfo.fileMd5).toBe(md5(f.whole));
    const stored = await downloadMd5(first.base, token, id!);
    if (stored !== md5(f.whole)) rec.lost = 1;
    expect(stored).toBe(md5(f.whole));
    expect((await fetch(`${first.base}/healthz`)).status).toBe(200);
  });
});
