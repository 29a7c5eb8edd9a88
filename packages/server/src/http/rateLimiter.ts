/**
 * Per-client request budgets (login attempts, captcha puzzles and answers per IP and minute), kept in
 * the database and shared by every server over it, so N servers behind a load balancer allow what one
 * would, not N times as much. The window slides (the limit holds in any minute, as with one process
 * in memory): the requests let through are rows, and counting them and adding one run in one
 * transaction holding an advisory lock on the key, so requests for one key that arrive at several
 * servers at once are decided one after another.
 */
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { rateLimitHits } from '../db/schema.js';

export class RateLimiter {
  constructor(
    private readonly db: Orm,
    /** Names the budget within the table (`login`, `captcha`). */
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request for `key`; false when the key already used up its window. */
  async attempt(key: string): Promise<boolean> {
    const full = `${this.name}:${key}`;
    const now = this.now();
    return this.db.transaction(async (tx) => {
      // Released at commit; other keys are not held up.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rate:${full}`}))`);
      const [row] = await tx
        .select({ hits: count() })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.key, full), gt(rateLimitHits.at, now - this.windowMs)));
      if (Number(row?.hits ?? 0) >= this.limit) return false;
      await tx.insert(rateLimitHits).values({ key: full, at: now });
      return true;
    });
  }
}

/** Drops requests older than `before` (housekeeping; every budget's window is a minute). */
export async function pruneRateLimits(db: Orm, before: number): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.at, before));
}
