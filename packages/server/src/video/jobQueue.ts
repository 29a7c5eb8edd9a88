/**
 * The transcoding queue on our own table (migrations/0104_video_jobs.sql; why not pg-boss or
 * graphile-worker: docs/video.md "The job queue"). Every statement is one short UPDATE or INSERT, so
 * it runs the same on PGlite (one connection behind the gate) and on PostgreSQL with many instances.
 *
 * A row is held by a lease (`lease_owner`, `lease_until`) that its worker renews; whoever holds a
 * lapsed lease has lost the row, and every write of a worker names its lease, so a worker that lost
 * the row (a network split, a pause longer than the lease) can neither finish nor fail it: a lease is
 * also a fence.
 */
import { and, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { rows } from '../db/rows.js';
import { videoJobs, type VideoJobState } from '../db/schema.js';

export const VIDEO_JOBS_CHANNEL = 'video_jobs';
/** Tries of one job, counting those whose worker died: a file that kills its worker every time ends `failed`. */
export const MAX_ATTEMPTS = 3;
/** Wait before a retry after an ordinary failure: 1 min, then 5 min. */
const BACKOFF_MS = [60_000, 300_000];

export interface VideoJob {
  contentSha256: string;
  state: VideoJobState;
  fileName: string;
  attempts: number;
  leaseOwner: string | null;
  leaseUntil: number | null;
  progress: number;
  etaSeconds: number | null;
  errorZh: string | null;
  errorEn: string | null;
  ladderVersion: number;
  runAfter: number;
  createdAt: number;
  updatedAt: number;
  finishedAt: number | null;
}

/** What a heartbeat learns: keep going, or stop because the row was cancelled, deleted or taken over. */
export type Beat = 'ok' | 'cancelled' | 'lost';

const columns = getTableColumns(videoJobs);

/** A raw row (snake_case, bigint possibly as text on node-postgres) as a VideoJob. */
function fromRaw(r: Record<string, unknown>): VideoJob {
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    contentSha256: String(r.content_sha256),
    state: r.state as VideoJobState,
    fileName: String(r.file_name),
    attempts: Number(r.attempts),
    leaseOwner: (r.lease_owner as string | null) ?? null,
    leaseUntil: n(r.lease_until),
    progress: Number(r.progress),
    etaSeconds: n(r.eta_seconds),
    errorZh: (r.error_zh as string | null) ?? null,
    errorEn: (r.error_en as string | null) ?? null,
    ladderVersion: Number(r.ladder_version),
    runAfter: Number(r.run_after),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    finishedAt: n(r.finished_at),
  };
}

const stoppedTooOften = {
  errorZh: `转码进程多次中断（${MAX_ATTEMPTS} 次），已停止重试`,
  errorEn: `the transcoding process stopped ${MAX_ATTEMPTS} times; no more retries`,
};

export class VideoJobs {
  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Queues the content unless it has a job already (whatever its state: done means the renditions
   * exist and are reused). Answers whether a new job was made.
   */
  async enqueue(contentSha256: string, fileName: string): Promise<boolean> {
    const now = this.now();
    const made = await this.db.orm
      .insert(videoJobs)
      .values({ contentSha256, fileName, state: 'queued', runAfter: now, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: videoJobs.contentSha256 })
      .returning({ sha: videoJobs.contentSha256 });
    if (made.length > 0) await this.notify();
    return made.length > 0;
  }

  /** Wakes idle workers of every instance (they also poll, so a lost notification only delays). */
  async notify(): Promise<void> {
    await this.db.orm.execute(sql`select pg_notify(${VIDEO_JOBS_CHANNEL}, '')`);
  }

  async get(contentSha256: string): Promise<VideoJob | null> {
    const [row] = await this.db.orm.select(columns).from(videoJobs).where(eq(videoJobs.contentSha256, contentSha256));
    return (row as VideoJob | undefined) ?? null;
  }

  /**
   * Takes the oldest job that is ready, or whose lease lapsed, for `owner` (an instance id plus a
   * slot), holding it for `leaseMs`. Two workers never take the same row: the row is locked by the
   * first, skipped by the second. A lapsed job that has used its attempts is failed instead.
   */
  async claim(owner: string, leaseMs: number): Promise<VideoJob | null> {
    const now = this.now();
    await this.db.orm
      .update(videoJobs)
      .set({
        state: 'failed',
        leaseOwner: null,
        leaseUntil: null,
        ...stoppedTooOften,
        updatedAt: now,
        finishedAt: now,
      })
      .where(and(eq(videoJobs.state, 'running'), lt(videoJobs.leaseUntil, now), sql`${videoJobs.attempts} >= ${MAX_ATTEMPTS}`));
    const claimed = await rows<Record<string, unknown>>(
      this.db.orm,
      sql`UPDATE video_jobs
          SET state = 'running', lease_owner = ${owner}, lease_until = ${now + leaseMs}, attempts = attempts + 1,
              progress = 0, eta_seconds = NULL, updated_at = ${now}
          WHERE content_sha256 = (
            SELECT content_sha256 FROM video_jobs
            WHERE (state = 'queued' AND run_after <= ${now}) OR (state = 'running' AND lease_until < ${now})
            ORDER BY run_after, created_at
            LIMIT 1
            FOR UPDATE SKIP LOCKED)
          RETURNING *`,
    );
    return claimed[0] ? fromRaw(claimed[0]) : null;
  }

  /** Renews the lease and records progress; tells the worker whether to go on. */
  async heartbeat(contentSha256: string, owner: string, leaseMs: number, progress: number, etaSeconds: number | null): Promise<Beat> {
    const now = this.now();
    const renewed = await this.db.orm
      .update(videoJobs)
      .set({ leaseUntil: now + leaseMs, progress: Math.min(1, Math.max(0, progress)), etaSeconds, updatedAt: now })
      .where(and(eq(videoJobs.contentSha256, contentSha256), eq(videoJobs.leaseOwner, owner), eq(videoJobs.state, 'running')))
      .returning({ sha: videoJobs.contentSha256 });
    if (renewed.length > 0) return 'ok';
    const row = await this.get(contentSha256);
    return row?.state === 'cancelled' ? 'cancelled' : 'lost';
  }

  /** Marks the job done, if `owner` still holds it. */
  async complete(contentSha256: string, owner: string): Promise<boolean> {
    const now = this.now();
    const done = await this.db.orm
      .update(videoJobs)
      .set({ state: 'done', progress: 1, etaSeconds: 0, leaseOwner: null, leaseUntil: null, errorZh: null, errorEn: null, updatedAt: now, finishedAt: now })
      .where(and(eq(videoJobs.contentSha256, contentSha256), eq(videoJobs.leaseOwner, owner), eq(videoJobs.state, 'running')))
      .returning({ sha: videoJobs.contentSha256 });
    return done.length > 0;
  }

  /**
   * Records a failure. `retry`: queued again after a backoff while attempts remain (a passing
   * fault); otherwise failed at once (a file ffmpeg cannot read does not get better).
   */
  async fail(contentSha256: string, owner: string, error: { zh: string; en: string }, retry: boolean): Promise<'retrying' | 'failed' | 'lost'> {
    const now = this.now();
    const [row] = await this.db.orm
      .select({ attempts: videoJobs.attempts })
      .from(videoJobs)
      .where(and(eq(videoJobs.contentSha256, contentSha256), eq(videoJobs.leaseOwner, owner), eq(videoJobs.state, 'running')));
    if (!row) return 'lost';
    const again = retry && row.attempts < MAX_ATTEMPTS;
    const changed = await this.db.orm
      .update(videoJobs)
      .set({
        state: again ? 'queued' : 'failed',
        runAfter: again ? now + BACKOFF_MS[Math.min(row.attempts - 1, BACKOFF_MS.length - 1)]! : now,
        leaseOwner: null,
        leaseUntil: null,
        errorZh: error.zh,
        errorEn: error.en,
        updatedAt: now,
        finishedAt: again ? null : now,
      })
      .where(and(eq(videoJobs.contentSha256, contentSha256), eq(videoJobs.leaseOwner, owner), eq(videoJobs.state, 'running')))
      .returning({ sha: videoJobs.contentSha256 });
    if (changed.length === 0) return 'lost';
    return again ? 'retrying' : 'failed';
  }

  /**
   * Gives a running job back without counting the attempt (this instance is shutting down): another
   * instance takes it at once instead of after the lease.
   */
  async release(contentSha256: string, owner: string): Promise<void> {
    await this.db.orm
      .update(videoJobs)
      .set({ state: 'queued', attempts: sql`greatest(${videoJobs.attempts} - 1, 0)`, leaseOwner: null, leaseUntil: null, runAfter: this.now(), updatedAt: this.now() })
      .where(and(eq(videoJobs.contentSha256, contentSha256), eq(videoJobs.leaseOwner, owner), eq(videoJobs.state, 'running')));
    await this.notify();
  }

  /**
   * Every running job back to the queue at once, its killed attempt counted: for a process that knows no
   * other can hold a lease (the embedded database, whose folder it has locked), so that the jobs of a
   * process that died resume at its restart instead of once their leases lapse.
   */
  async releaseAll(): Promise<number> {
    const now = this.now();
    // A job whose passes ended with the process each time (one that kills it) is not tried again.
    await this.db.orm
      .update(videoJobs)
      .set({ state: 'failed', leaseOwner: null, leaseUntil: null, ...stoppedTooOften, updatedAt: now, finishedAt: now })
      .where(and(eq(videoJobs.state, 'running'), sql`${videoJobs.attempts} >= ${MAX_ATTEMPTS}`));
    const changed = await this.db.orm
      .update(videoJobs)
      .set({ state: 'queued', leaseOwner: null, leaseUntil: null, runAfter: now, updatedAt: now })
      .where(eq(videoJobs.state, 'running'))
      .returning({ sha: videoJobs.contentSha256 });
    return changed.length;
  }

  /** Stops a queued or running job (its last lesson deleted); the worker running it hears of it by the queue's notification. */
  async cancel(contentSha256: string): Promise<boolean> {
    const now = this.now();
    const changed = await this.db.orm
      .update(videoJobs)
      .set({ state: 'cancelled', leaseOwner: null, leaseUntil: null, updatedAt: now, finishedAt: now })
      .where(and(eq(videoJobs.contentSha256, contentSha256), inArray(videoJobs.state, ['queued', 'running'])))
      .returning({ sha: videoJobs.contentSha256 });
    // The instance running it hears of it at once (worker.ts), not at its next heartbeat.
    if (changed.length > 0) await this.notify();
    return changed.length > 0;
  }

  /** 重试: a failed or cancelled job starts over with its attempts counted from zero. */
  async retry(contentSha256: string): Promise<boolean> {
    const now = this.now();
    const changed = await this.db.orm
      .update(videoJobs)
      .set({ state: 'queued', attempts: 0, progress: 0, etaSeconds: null, errorZh: null, errorEn: null, runAfter: now, updatedAt: now, finishedAt: null })
      .where(and(eq(videoJobs.contentSha256, contentSha256), inArray(videoJobs.state, ['failed', 'cancelled'])))
      .returning({ sha: videoJobs.contentSha256 });
    if (changed.length > 0) await this.notify();
    return changed.length > 0;
  }
}
