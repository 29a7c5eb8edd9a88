import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness.js';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { fileContents, videoJobs } from '../db/schema.js';
import { eq } from 'drizzle-orm';
import { MAX_ATTEMPTS, VideoJobs } from './jobQueue.js';
import { startVideoWorker, type JobRunner, type VideoWorker } from './worker.js';
import { UnreadableVideoError } from './probe.js';

let db: Database;
let dispose: () => Promise<void>;
let offset = 0;
const now = () => Date.now() + offset;

beforeAll(async () => {
  ({ db, dispose } = await openTestDatabase());
  await migrate(db);
});

afterAll(async () => {
  await dispose();
});

async function content(): Promise<string> {
  const sha = randomBytes(32).toString('hex');
  await db.orm.insert(fileContents).values({ sha256: sha, md5: randomBytes(16).toString('hex'), size: 1, store: 'local', storageKey: `${sha.slice(0, 2)}/${sha.slice(2, 4)}/${sha}`, mime: 'video/mp4', createdAt: now() });
  return sha;
}

// A bound on waiting (a loaded 2-core machine), not a speed.
const until = async (check: () => Promise<boolean> | boolean, ms = 60_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** A runner that waits for `release(sha)` (or its signal), counting starts and the most running at once. */
function controlledRunner() {
  const gates = new Map<string, () => void>();
  const starts = new Map<string, number>();
  let running = 0;
  let most = 0;
  const run: JobRunner = (job, ctx) =>
    new Promise<void>((resolve, reject) => {
      starts.set(job.contentSha256, (starts.get(job.contentSha256) ?? 0) + 1);
      running++;
      most = Math.max(most, running);
      ctx.progress(0.5);
      const end = (fn: () => void) => {
        running--;
        gates.delete(job.contentSha256);
        fn();
      };
      gates.set(job.contentSha256, () => end(resolve));
      ctx.signal.addEventListener('abort', () => end(() => reject(ctx.signal.reason)), { once: true });
    });
  return { run, starts, gates, most: () => most, release: (sha: string) => gates.get(sha)?.() };
}

const workers: VideoWorker[] = [];
const worker = (run: JobRunner, concurrency = 1) => {
  const w = startVideoWorker({ db, jobs: new VideoJobs(db, now), run, concurrency, leaseMs: 60_000, heartbeatMs: 25, pollMs: 50, now });
  workers.push(w);
  return w;
};
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
});

describe('video job queue and worker (PGlite, or TEST_DATABASE_URL)', { timeout: 120_000 }, () => {
  it('makes one job per content, runs it once, and reuses it for the same bytes later', async () => {
    const jobs = new VideoJobs(db, now);
    const sha = await content();
    expect(await jobs.enqueue(sha, '第一课.mp4')).toBe(true);
    expect(await jobs.enqueue(sha, '同一文件.mp4')).toBe(false);
    const r = controlledRunner();
    const w = worker(r.run);
    await until(() => r.gates.has(sha));
    await until(async () => (await jobs.get(sha))?.progress === 0.5);
    r.release(sha);
    await until(async () => (await jobs.get(sha))?.state === 'done');
    expect(await jobs.get(sha)).toMatchObject({ state: 'done', progress: 1, fileName: '第一课.mp4', attempts: 1 });
    expect(await jobs.enqueue(sha, '秒传.mp4')).toBe(false);
    await w.stop();
    expect(r.starts.get(sha)).toBe(1);
  });

  it('runs at most `concurrency` jobs at once on an instance, and two instances never run the same job', async () => {
    const jobs = new VideoJobs(db, now);
    const shas = await Promise.all([1, 2, 3, 4, 5].map(() => content()));
    for (const sha of shas) await jobs.enqueue(sha, `${sha.slice(0, 6)}.mp4`);
    const a = controlledRunner();
    const b = controlledRunner();
    const wa = worker(a.run, 2);
    const wb = worker(b.run, 1);
    await until(() => a.gates.size === 2 && b.gates.size === 1);
    expect(wa.running()).toHaveLength(2);
    await until(async () => {
      for (const sha of [...a.gates.keys()]) a.release(sha);
      for (const sha of [...b.gates.keys()]) b.release(sha);
      return (await Promise.all(shas.map((s) => jobs.get(s)))).every((j) => j?.state === 'done');
    });
    for (const sha of shas) expect((a.starts.get(sha) ?? 0) + (b.starts.get(sha) ?? 0)).toBe(1);
    expect(a.most()).toBe(2);
    expect(b.most()).toBe(1);
    await Promise.all([wa.stop(), wb.stop()]);
  });

  it('takes up again a job whose worker died, once its lease lapses', async () => {
    const jobs = new VideoJobs(db, now);
    const sha = await content();
    await jobs.enqueue(sha, 'a.mp4');
    // A worker of a process that then died: it claimed the row and never beat again.
    const dead = await jobs.claim('dead-instance#0', 60_000);
    expect(dead?.contentSha256).toBe(sha);
    const r = controlledRunner();
    const w = worker(r.run);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(r.starts.get(sha)).toBeUndefined();
    offset += 61_000;
    await until(() => r.gates.has(sha));
    r.release(sha);
    await until(async () => (await jobs.get(sha))?.state === 'done');
    expect((await jobs.get(sha))?.attempts).toBe(2);
    // The dead worker's late answer changes nothing: its lease is gone.
    expect(await jobs.complete(sha, 'dead-instance#0')).toBe(false);
    expect(await jobs.fail(sha, 'dead-instance#0', { zh: 'x', en: 'x' }, true)).toBe('lost');
    await w.stop();
  });

  it('stops a running job when it is cancelled or its content is deleted', async () => {
    const jobs = new VideoJobs(db, now);
    const cancelled = await content();
    const deleted = await content();
    await jobs.enqueue(cancelled, 'cancelled.mp4');
    await jobs.enqueue(deleted, 'deleted.mp4');
    const r = controlledRunner();
    const w = worker(r.run, 2);
    await until(() => r.gates.size === 2);
    expect(await jobs.cancel(cancelled)).toBe(true);
    await db.orm.delete(fileContents).where(eq(fileContents.sha256, deleted));
    await until(() => r.gates.size === 0);
    expect((await jobs.get(cancelled))?.state).toBe('cancelled');
    expect(await jobs.get(deleted)).toBeNull();
    expect(await jobs.retry(cancelled)).toBe(true);
    await until(() => r.gates.has(cancelled));
    r.release(cancelled);
    await until(async () => (await jobs.get(cancelled))?.state === 'done');
    await w.stop();
  });

  it('stops a cancelled job at once, not at its next heartbeat: the queue tells every worker', async () => {
    const jobs = new VideoJobs(db, now);
    const sha = await content();
    await jobs.enqueue(sha, 'a.mp4');
    const r = controlledRunner();
    // Heartbeats far apart: only the queue's notification can stop the job within the wait below.
    const w = startVideoWorker({ db, jobs: new VideoJobs(db, now), run: r.run, concurrency: 1, leaseMs: 600_000, heartbeatMs: 300_000, pollMs: 50, now });
    workers.push(w);
    await until(() => r.gates.has(sha));
    expect(await jobs.cancel(sha)).toBe(true);
    await until(() => !r.gates.has(sha), 30_000);
    expect((await jobs.get(sha))?.state).toBe('cancelled');
    await w.stop();
  });

  it('fails an unreadable file at once and retries other failures until the attempts are used', async () => {
    const jobs = new VideoJobs(db, now);
    const bad = await content();
    const flaky = await content();
    await jobs.enqueue(bad, '坏文件.mp4');
    await jobs.enqueue(flaky, 'flaky.mp4');
    const runs = new Map<string, number>();
    const w = worker(async (job) => {
      runs.set(job.contentSha256, (runs.get(job.contentSha256) ?? 0) + 1);
      if (job.contentSha256 === bad) throw new UnreadableVideoError(job.fileName, '文件已损坏或不是视频');
      throw new Error('disk full');
    }, 2);
    await until(async () => (await jobs.get(bad))?.state === 'failed');
    expect((await jobs.get(bad))?.errorZh).toBe('无法读取视频文件“坏文件.mp4”：文件已损坏或不是视频');
    for (let i = 1; i < MAX_ATTEMPTS; i++) {
      await until(async () => (await jobs.get(flaky))?.state === 'queued' && runs.get(flaky) === i);
      offset += 10 * 60_000;
    }
    await until(async () => (await jobs.get(flaky))?.state === 'failed');
    expect(runs.get(flaky)).toBe(MAX_ATTEMPTS);
    expect(runs.get(bad)).toBe(1);
    expect((await jobs.get(flaky))?.errorZh).toBe('转码失败：disk full');
    await w.stop();
  });

  it('gives its running jobs back when the instance stops, for another to take at once', async () => {
    const jobs = new VideoJobs(db, now);
    const sha = await content();
    await jobs.enqueue(sha, 'a.mp4');
    const r = controlledRunner();
    const w = worker(r.run);
    await until(() => r.gates.has(sha));
    await w.stop();
    expect(await jobs.get(sha)).toMatchObject({ state: 'queued', attempts: 0, leaseOwner: null });
    const r2 = controlledRunner();
    const w2 = worker(r2.run);
    await until(() => r2.gates.has(sha));
    r2.release(sha);
    await until(async () => (await jobs.get(sha))?.state === 'done');
    await w2.stop();
  });

  it('puts the jobs a dead process ran back at once for the sole process over an embedded database, failing one that ended it too often', async () => {
    const jobs = new VideoJobs(db, now);
    const [once, often] = [await content(), await content()];
    await jobs.enqueue(once, 'a.mp4');
    await jobs.enqueue(often, 'b.mp4');
    // As a process killed during their passes left them: running, under its lease.
    const held = { state: 'running', leaseOwner: 'dead-process#0', leaseUntil: now() + 60_000 } as const;
    await db.orm.update(videoJobs).set({ ...held, attempts: 1 }).where(eq(videoJobs.contentSha256, once));
    await db.orm.update(videoJobs).set({ ...held, attempts: MAX_ATTEMPTS }).where(eq(videoJobs.contentSha256, often));
    expect(await jobs.releaseAll()).toBeGreaterThanOrEqual(1);
    expect(await jobs.get(once)).toMatchObject({ state: 'queued', attempts: 1, leaseOwner: null, leaseUntil: null });
    expect(await jobs.get(often)).toMatchObject({ state: 'failed', leaseOwner: null, errorZh: `转码进程多次中断（${MAX_ATTEMPTS} 次），已停止重试` });
    // Taken at once, not after the dead lease would have lapsed.
    const r = controlledRunner();
    const w = worker(r.run);
    await until(() => r.gates.has(once));
    r.release(once);
    await until(async () => (await jobs.get(once))?.state === 'done');
    expect((await jobs.get(once))?.attempts).toBe(2);
    await w.stop();
  });
});
