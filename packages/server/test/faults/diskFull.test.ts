/**
 * A real full disk: the server's file store (DATA_DIR/files) is a 1 MB tmpfs (the database stays
 * elsewhere), and a 2 MB upload runs into it. The chunk that does not fit answers 507 5070001
 * "存储空间不足" (never a bare 500), the log names ENOSPC (never EBADF from a double close), the chunks
 * acknowledged before are kept, and once the filesystem is grown the same upload resumes and
 * completes with the right MD5. Mounting needs root (CI runs as root): skipped otherwise.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { record } from './faultRecord.js';
import { cleanupAfterAll, databaseLeg, freshDataDir, scratchDatabase, startServer } from './serverProcess.js';
import { chunkCount, downloadMd5, finishUpload, login, md5, pngFile, postChunk, received, type UploadFile } from './uploadClient.js';

const isRoot = process.getuid?.() === 0;
const CHUNK = 128 * 1024;
const cleanup = cleanupAfterAll();

describe.skipIf(!isRoot)(`a full disk (${databaseLeg}; needs root to mount a tmpfs)`, () => {
  it('answers 存储空间不足 for the chunk that does not fit, keeps the others, and resumes once there is room', async (context) => {
    const rec = record(context, 'DATA_DIR/files on a 1 MB tmpfs, 2 MB upload; grown to 8 MB');
    rec.runs = 1;
    const { dataDir, remove } = await freshDataDir();
    cleanup.push(remove);
    const files = path.join(dataDir, 'files');
    mkdirSync(files, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', files]);
    cleanup.push(() => void execFileSync('umount', ['-l', files]));
    const db = await scratchDatabase();
    cleanup.push(() => db.drop());
    const server = await startServer({ dataDir, databaseUrl: db.url });
    cleanup.push(() => server.stop());
    const token = await login(server.base);

    const f: UploadFile = { whole: pngFile(16 * CHUNK), fileName: '满盘.png', chunkSize: CHUNK };
    const acked: number[] = [];
    const answers: string[] = [];
    let id: number | undefined;
    let refused: { http: number; status: number; message: string } | undefined;
    for (let c = 0; c < chunkCount(f) && !refused; c++) {
      const answer = await postChunk(server.base, token, f, c, id);
      answers.push(`${answer.http} ${answer.status}`);
      if (answer.status === 200) {
        acked.push(c);
        id = answer.data.fileInfoId;
      } else refused = answer;
    }
    expect(refused, `answers: ${answers.join(', ')}`).toBeDefined();
    if (refused!.http !== 507) console.log(server.output().slice(-3000));
    expect(`${refused!.http} ${refused!.status}`).toBe('507 5070001');
    expect(refused!.message).toContain('存储空间不足');
    expect(answers.filter((a) => a.startsWith('500'))).toEqual([]);
    expect(server.output()).toContain('ENOSPC');
    expect(server.output()).not.toContain('EBADF');

    // Room again: grow the filesystem in place; what it holds stays.
    execFileSync('mount', ['-o', 'remount,size=8m', files]);
    const kept = await received(server.base, token, f);
    const lost = acked.filter((c) => !kept.received.includes(c));
    rec.lost = lost.length;
    expect(lost).toEqual([]);
    const done = await finishUpload(server.base, token, f);
    expect(done.fileMd5).toBe(md5(f.whole));
    expect(await downloadMd5(server.base, token, done.fileInfoId)).toBe(md5(f.whole));
  });
});
