/**
 * Removes rows that can no longer matter (expired tokens, old captchas, old failures, used WeChat
 * states, nonces of expired single sign-on tickets) so that the tables stay small on a long-running single machine.
 */
import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { AppContext } from './context.js';
import { tokens, wechatStates } from './db/schema.js';
import { UsedTickets } from './sso/usedTickets.js';

const DAY = 24 * 3600 * 1000;

export async function sweep(ctx: AppContext): Promise<void> {
  const now = ctx.now();
  await ctx.failures.prune();
  await ctx.captcha.prune();
  await ctx.db.orm.delete(tokens).where(or(lt(tokens.expiresAt, now - DAY), and(isNotNull(tokens.revokedAt), lt(tokens.revokedAt, now - DAY))));
  await ctx.db.orm.delete(wechatStates).where(lt(wechatStates.expiresAt, now - DAY));
  await new UsedTickets(ctx.db.orm).prune(now);
  await ctx.files?.sweep();
}

/** Runs `sweep` now and every ten minutes; returns the stop function. Failures only log. */
export function startHousekeeping(ctx: AppContext, log: (err: unknown) => void): () => void {
  const run = () => void sweep(ctx).catch(log);
  const timer = setInterval(run, 10 * 60_000);
  timer.unref();
  run();
  return () => clearInterval(timer);
}
