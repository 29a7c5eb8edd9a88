/**
 * Removes rows that can no longer matter (expired tokens, old captchas, old failures, used WeChat
 * states, abandoned uploads, nonces of expired single sign-on tickets) so that the tables stay small on a long-running platform.
 *
 * With several processes over one database the sweep runs once per interval across all of them: only
 * the process leading the `housekeeping` duty (an advisory lock on a connection of its own,
 * db/leadership.ts) sweeps; the others skip their turn. When the leader stops or dies its lock goes
 * with its connection and the next process to tick takes over, so a sweep is late by at most one
 * interval.
 */
import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { AppContext } from './context.js';
import { tokens, wechatStates } from './db/schema.js';
import { UsedTickets } from './sso/usedTickets.js';
import { pruneRateLimits } from './http/rateLimiter.js';

const DAY = 24 * 3600 * 1000;
export const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;

export async function sweep(ctx: AppContext): Promise<void> {
  const now = ctx.now();
  await ctx.failures.prune();
  await ctx.captcha.prune();
  await ctx.devices.prune();
  await pruneRateLimits(ctx.db.orm, now - 3600_000);
  await ctx.db.orm.delete(tokens).where(or(lt(tokens.expiresAt, now - DAY), and(isNotNull(tokens.revokedAt), lt(tokens.revokedAt, now - DAY))));
  await ctx.db.orm.delete(wechatStates).where(lt(wechatStates.expiresAt, now - DAY));
  await new UsedTickets(ctx.db.orm).prune(now);
  await ctx.files?.sweep();
}

export interface Housekeeping {
  /** One turn: sweeps when this process leads, else skips. Never throws (failures only log). */
  tick(): Promise<'swept' | 'skipped' | 'failed'>;
  stop(): Promise<void>;
}

/** Takes a turn now and every `intervalMs` (ten minutes). */
export function startHousekeeping(ctx: AppContext, log: (err: unknown) => void, intervalMs = HOUSEKEEPING_INTERVAL_MS): Housekeeping {
  const lead = ctx.db.leadership('housekeeping');
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const turn = async (): Promise<'swept' | 'skipped' | 'failed'> => {
    if (stopped) return 'skipped';
    try {
      if (!(await lead.holds())) return 'skipped';
      await sweep(ctx);
      return 'swept';
    } catch (err) {
      log(err);
      return 'failed';
    }
  };
  // Turns of one process never overlap (a slow sweep and the next tick).
  const tick = () => {
    const next = running.then(turn);
    running = next;
    return next;
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running.catch(() => undefined);
      await lead.release();
    },
  };
}
