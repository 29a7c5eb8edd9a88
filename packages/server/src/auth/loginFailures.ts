/**
 * Failed logins per account name, kept in the database so that the captcha rule and the lock-out hold
 * across restarts and across several servers. Names are counted whether or not the account exists,
 * so the counters reveal nothing about which accounts are real.
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { loginFailures } from '../db/schema.js';

export interface FailurePolicy {
  /** Failures after which the slider captcha is required (spec: "more than 1"). */
  captchaAfter: number;
  /** How long failures count towards the captcha rule. */
  captchaWindowMs: number;
  /** Failures per account within `lockWindowMs` after which logins are refused (4290001). */
  lockAfter: number;
  lockWindowMs: number;
}

export interface FailureState {
  captchaRequired: boolean;
  locked: boolean;
}

export const accountKey = (username: string): string => username.trim().toLowerCase();

export class LoginFailures {
  constructor(
    private readonly db: Orm,
    readonly policy: FailurePolicy,
    private readonly now: () => number,
  ) {}

  async state(username: string): Promise<FailureState> {
    const now = this.now();
    const [row] = await this.db
      .select({
        recent: sql<number>`count(*) filter (where ${loginFailures.failedAt} > ${now - this.policy.captchaWindowMs})::int`,
        lock: sql<number>`count(*) filter (where ${loginFailures.failedAt} > ${now - this.policy.lockWindowMs})::int`,
      })
      .from(loginFailures)
      .where(eq(loginFailures.username, accountKey(username)));
    return {
      captchaRequired: Number(row?.recent ?? 0) > this.policy.captchaAfter - 1,
      locked: Number(row?.lock ?? 0) >= this.policy.lockAfter,
    };
  }

  async record(username: string, ip: string): Promise<void> {
    await this.db.insert(loginFailures).values({ username: accountKey(username), ip, failedAt: this.now() });
  }

  async reset(username: string): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.username, accountKey(username)));
  }

  /** Drops rows too old to count for anything. */
  async prune(): Promise<void> {
    const horizon = this.now() - Math.max(this.policy.captchaWindowMs, this.policy.lockWindowMs);
    await this.db.delete(loginFailures).where(and(lt(loginFailures.failedAt, horizon), gt(loginFailures.id, 0)));
  }
}
