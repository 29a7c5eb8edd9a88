/**
 * SIGKILL at seeded random moments of multi-chunk uploads: in the middle of a chunk's body, just
 * after a whole body was sent (while the server writes, records or assembles it), or between two
 * chunks. After each kill the server starts again on the same data folder (taking over the dead
 * process's lock): every chunk it acknowledged is still there, no chunk it did not acknowledge
 * counts as received, the upload resumes with the missing chunks only, and the stored file's MD5
 * is the original's.
 *
 * FAULT_RUNS (default 20; `npm test` runs 10) sets the number of kills, FAULT_SEED (default 20261124) the moments.
 */
import { describe, expect, it } from 'vitest';
import { record } from './faultRecord.js';
import { cleanupAfterAll, databaseLeg, freshDataDir, scratchDatabase, type ServerProcess, startServer } from './serverProcess.js';
import { chunkCount, downloadMd5, finishUpload, login, md5, partialChunk, pngFile, postChunk, received, seeded, type UploadFile } from './uploadClient.js';

const RUNS = Number(process.env.FAULT_RUNS || 20);
const SEED = Number(process.env.FAULT_SEED || 20261124);
const CHUNK = 64 * 1024;
const cleanup = cleanupAfterAll();

type Moment = 'mid-body' | 'after-body' | 'between chunks';
const MOMENTS: Moment[] = ['mid-body', 'after-body', 'between chunks'];

describe(`SIGKILL during uploads (${databaseLeg})`, () => {
  it(`keeps every acknowledged chunk through ${RUNS} kills at seeded moments, and each upload completes with the right MD5`, async (context) => {
    const rec = record(context, `seed ${SEED}: ${MOMENTS.join(' / ')}`);
    const random = seeded(SEED);
    const { dataDir, remove } = await freshDataDir();
    cleanup.push(remove);
    const db = await scratchDatabase();
    cleanup.push(() => db.drop());
    let server: ServerProcess = await startServer({ dataDir, databaseUrl: db.url });
    cleanup.push(() => server.stop());
    let token = await login(server.base);
    const problems: string[] = [];

    for (let run = 0; run < RUNS; run++) {
      rec.runs++;
      const f: UploadFile = { whole: pngFile(CHUNK * (3 + Math.floor(random() * 4)) + Math.floor(random() * CHUNK)), fileName: `断电-${run}.png`, chunkSize: CHUNK };
      const n = chunkCount(f);
      const before = Math.floor(random() * n); // chunks acknowledged before the fatal moment
      const moment = MOMENTS[Math.floor(random() * MOMENTS.length)]!;
      const acked: number[] = [];
      let id: number | undefined;
      for (let c = 0; c < before; c++) {
        const answer = await postChunk(server.base, token, f, c, id);
        expect(`${run}/${c}: ${answer.status} ${answer.message}`).toBe(`${run}/${c}: 200 ${answer.message}`);
        acked.push(c);
        id = answer.data.fileInfoId;
      }
      const died = server.exited;
      if (moment === 'mid-body') {
        await partialChunk(server.base, token, f, before, id, Math.floor(random() * (CHUNK + 900)));
        server.child.kill('SIGKILL');
      } else if (moment === 'after-body') {
        const inFlight = postChunk(server.base, token, f, before, id);
        // The kill lands somewhere between the body's arrival and a while after its answer.
        const delay = Math.floor(random() * 40);
        await new Promise((r) => setTimeout(r, delay));
        server.child.kill('SIGKILL');
        const answer = await inFlight;
        if (answer.status === 200) acked.push(before);
      } else {
        server.child.kill('SIGKILL');
      }
      expect((await died).signal).toBe('SIGKILL');

      server = await startServer({ dataDir, databaseUrl: db.url });
      token = await login(server.base);
      const kept = await received(server.base, token, f);
      const lost = acked.filter((c) => !kept.received.includes(c));
      // A whole body sent just before the kill may have been stored without its answer arriving; half a body never.
      const phantom = kept.received.filter((c) => !acked.includes(c) && !(moment === 'after-body' && c === before));
      if (lost.length || phantom.length) {
        rec.failures++;
        rec.lost += lost.length;
        problems.push(`run ${run} (${moment} of chunk ${before}/${n}): lost ${lost.join(',') || '–'}, never sent but received ${phantom.join(',') || '–'}`);
        continue;
      }
      const done = await finishUpload(server.base, token, f);
      const stored = await downloadMd5(server.base, token, done.fileInfoId);
      if (done.fileMd5 !== md5(f.whole) || stored !== md5(f.whole)) {
        rec.failures++;
        rec.lost++;
        problems.push(`run ${run} (${moment} of chunk ${before}/${n}): stored MD5 ${stored}, expected ${md5(f.whole)}`);
      }
    }
    expect(problems).toEqual([]);
  }, RUNS * 60_000 + 120_000);
});
