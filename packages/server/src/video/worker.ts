/**
 * The transcoding worker of one instance: takes jobs from the queue (jobQueue.ts) while fewer than
 * `concurrency` run here, renews each job's lease and reports its progress every `heartbeatMs`, and
 * stops a job's ffmpeg as soon as a heartbeat learns that the job was cancelled (its lesson or file
 * deleted) or taken over (this instance lost its lease). Wakes on the queue's notification and polls
 * as well, which also finds jobs whose worker died once their lease lapses.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../db/database.js';
import { UnreadableVideoError } from './probe.js';
import { VIDEO_JOBS_CHANNEL, type VideoJob, type VideoJobs } from './jobQueue.js';

export interface JobContext {
  signal: AbortSignal;
  /** Fraction done, 0–1; the next heartbeat stores it with an estimate of the time left. */
  progress(fraction: number): void;
}

/** Does the work of one job (probe, transcode, pictures, store); throws on failure. */
export type JobRunner = (job: VideoJob, ctx: JobContext) => Promise<void>;

export interface WorkerOptions {
  db: Database;
  jobs: VideoJobs;
  run: JobRunner;
  /** ffmpeg processes at once on this instance; 0 starts no worker. */
  concurrency: number;
  leaseMs?: number;
  heartbeatMs?: number;
  pollMs?: number;
  log?: (message: string, error?: unknown) => void;
  now?: () => number;
}

export interface VideoWorker {
  /** Looks for work now (after an enqueue in this process; tests). */
  wake(): void;
  /** Jobs running here. */
  running(): string[];
  /** Resolves when nothing runs here and no look for work is under way (tests). */
  idle(): Promise<void>;
  /** Stops taking jobs, stops the running ones and gives them back to the queue for another instance. */
  stop(): Promise<void>;
}

export const DEFAULT_LEASE_MS = 60_000;
export const DEFAULT_HEARTBEAT_MS = 15_000;
export const DEFAULT_POLL_MS = 30_000;
/** When a job's first progress is stored. */
const FIRST_BEAT_MS = 3_000;

class Stopping extends Error {
  constructor(readonly why: 'cancelled' | 'lost' | 'shutdown') {
    super(why === 'cancelled' ? '转码已取消' : why === 'lost' ? '转码任务已由其他实例接手' : '服务器正在停止');
    this.name = 'AbortError';
  }
}

export function startVideoWorker(o: WorkerOptions): VideoWorker {
  const leaseMs = o.leaseMs ?? DEFAULT_LEASE_MS;
  const heartbeatMs = o.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const now = o.now ?? Date.now;
  const log = o.log ?? (() => undefined);
  // One id per process: a restarted process is another owner, so its old leases simply lapse.
  const instance = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const active = new Map<string, { controller: AbortController; done: Promise<void>; owner: string }>();
  /** Each running job's heartbeat, to run at once when the queue changes. */
  const beats = new Map<string, () => Promise<void>>();
  let stopped = false;
  let filling: Promise<void> | null = null;
  let again = false;
  let slot = 0;

  const execute = async (job: VideoJob, owner: string, controller: AbortController) => {
    let fraction = 0;
    const started = now();
    const beat = async () => {
      const elapsed = (now() - started) / 1000;
      const eta = fraction > 0.02 ? Math.round((elapsed * (1 - fraction)) / fraction) : null;
      const answer = await o.jobs.heartbeat(job.contentSha256, owner, leaseMs, fraction, eta).catch((error: unknown) => {
        // The database is away for a moment: keep working; the lease covers a few missed beats.
        log('转码任务心跳失败', error);
        return 'ok' as const;
      });
      if (answer !== 'ok' && !controller.signal.aborted) controller.abort(new Stopping(answer));
    };
    beats.set(job.contentSha256, beat);
    const timer = setInterval(() => void beat(), heartbeatMs);
    timer.unref();
    // The first progress a few seconds in, not a whole heartbeat later: 视频处理 moves off 0 % at once.
    const first = setTimeout(() => void beat(), Math.min(FIRST_BEAT_MS, heartbeatMs));
    first.unref();
    try {
      await o.run(job, {
        signal: controller.signal,
        progress: (f) => {
          fraction = Math.max(fraction, Math.min(1, f));
        },
      });
      if (controller.signal.aborted) throw controller.signal.reason;
      if (!(await o.jobs.complete(job.contentSha256, owner))) log(`转码完成但任务已不属于本实例：${job.contentSha256}`);
    } catch (error) {
      const reason = controller.signal.aborted ? controller.signal.reason : error;
      if (reason instanceof Stopping) {
        // Cancelled: the row says so already. Lost: another worker has it. Shutdown: give it back.
        if (reason.why === 'shutdown') await o.jobs.release(job.contentSha256, owner).catch((e: unknown) => log('转码任务未能交还队列', e));
      } else if (error instanceof UnreadableVideoError) {
        await o.jobs.fail(job.contentSha256, owner, { zh: error.message, en: `unreadable video: ${error.detail}` }, false);
      } else {
        const message = (error as Error)?.message ?? String(error);
        log(`转码失败：${job.fileName}`, error);
        await o.jobs.fail(job.contentSha256, owner, { zh: `转码失败：${message}`, en: `transcoding failed: ${message}` }, true).catch((e: unknown) => log('转码失败未能记录', e));
      }
    } finally {
      clearInterval(timer);
      clearTimeout(first);
      beats.delete(job.contentSha256);
    }
  };

  const fill = async () => {
    while (!stopped && active.size < o.concurrency) {
      const owner = `${instance}#${slot++}`;
      const job = await o.jobs.claim(owner, leaseMs);
      if (!job) return;
      const controller = new AbortController();
      const done = execute(job, owner, controller).finally(() => {
        active.delete(job.contentSha256);
        // A slot came free: look for more work.
        wake();
      });
      active.set(job.contentSha256, { controller, done, owner });
    }
  };

  function wake() {
    if (stopped) return;
    if (filling) {
      again = true;
      return;
    }
    filling = fill()
      .catch((error: unknown) => log('转码队列读取失败', error))
      .finally(() => {
        filling = null;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  if (o.concurrency <= 0) {
    return { wake: () => undefined, running: () => [], idle: async () => undefined, stop: async () => undefined };
  }

  // A notification is a change of the queue anywhere: new work to look for, or a job cancelled (its last
  // lesson deleted) whose ffmpeg, when it runs here, stops now instead of at its next heartbeat.
  const beatAll = () => {
    for (const beat of beats.values()) void beat();
  };
  const listener = o.db.listen(VIDEO_JOBS_CHANNEL, {
    payload: () => {
      wake();
      beatAll();
    },
    state: (up) => up && wake(),
  });
  const poll = setInterval(wake, o.pollMs ?? DEFAULT_POLL_MS);
  poll.unref();
  wake();

  return {
    wake,
    running: () => [...active.keys()],
    async idle() {
      while (filling || active.size > 0) {
        await filling;
        await Promise.all([...active.values()].map((a) => a.done));
      }
    },
    async stop() {
      stopped = true;
      clearInterval(poll);
      await listener.stop();
      await filling;
      for (const a of active.values()) a.controller.abort(new Stopping('shutdown'));
      await Promise.all([...active.values()].map((a) => a.done));
    },
  };
}
