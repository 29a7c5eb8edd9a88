/**
 * The caller's places for heavy requests (heavyRoutes.ts, docs/security.md "Heavy requests"): a
 * signed-in user — all their tokens together — may have `heavyRunningPerUser` heavy requests running
 * and `heavyWaitingPerUser` more waiting (at most `heavyWaitMs`); a caller without a token the same per
 * client address, with larger numbers (a school behind one NAT address). Beyond that the answer is 429
 * with `Retry-After`, before the request touches the database: the check runs first among the route's
 * hooks and finds the user from the session cache (one token lookup on a miss, which the route's own
 * guard would make anyway).
 */
import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import type { SessionCache } from '../auth/sessionCache.js';
import type { ServerLimits } from '../settings.js';
import { ConcurrencyLimiter, NoPlace, type Places } from '../util/concurrencyLimiter.js';
import { AppError } from './appError.js';
import { localeOf } from './envelope.js';
import { extractToken } from './guard.js';

/** Seconds a refused caller is told to wait (a heavy request takes tens to hundreds of milliseconds). */
export const HEAVY_RETRY_AFTER_SECONDS = 2;

/** Whose places a request takes: the signed-in user, or else the client address. */
export function callerKey(request: FastifyRequest): string {
  return request.auth ? `user:${request.auth.user.id}` : `addr:${request.ip}`;
}

async function identify(request: FastifyRequest, sessions: SessionCache): Promise<{ key: string; signedIn: boolean }> {
  if (request.auth) return { key: callerKey(request), signedIn: true };
  const token = extractToken(request);
  if (token !== null && token.length <= 512) {
    // A token that does not resolve counts for its address; the route's guard refuses it anyway.
    const session = await sessions.resolve(token).catch(() => undefined);
    if (session?.user && !session.user.disabled) return { key: `user:${session.user.id}`, signedIn: true };
  }
  return { key: `addr:${request.ip}`, signedIn: false };
}

function refusal(request: FastifyRequest, places: Required<Places>, signedIn: boolean, reason: NoPlace['reason']): AppError {
  const en = localeOf(request) === 'en';
  const who = signedIn ? (en ? 'one account' : '同一账号') : en ? 'one network address' : '同一网络地址';
  const seconds = Math.round(places.waitMs / 1000);
  const message =
    reason === 'timeout'
      ? en
        ? `Too many requests: this list, statistics or export request waited more than ${seconds} s behind your others, please try again later`
        : `请求过于频繁：该列表、统计或导出请求排在您的其他请求之后超过 ${seconds} 秒，请稍后再试`
      : en
        ? `Too many requests: ${who} may run ${places.running} list, statistics or export requests at once (${places.waiting} more may wait), please try again later`
        : `请求过于频繁：${who}最多同时进行 ${places.running} 个列表、统计或导出请求（另可排队 ${places.waiting} 个），请稍后再试`;
  return new AppError(Codes.TOO_MANY_REQUESTS, message);
}

export interface HeavyLimits {
  /** The first preValidation hook of every heavy route (app.ts puts it there). */
  admit: preValidationAsyncHookHandler;
  limiter: ConcurrencyLimiter;
}

export function heavyLimits(sessions: SessionCache, limits: ServerLimits): HeavyLimits {
  const limiter = new ConcurrencyLimiter();
  const perUser: Required<Places> = { running: limits.heavyRunningPerUser, waiting: limits.heavyWaitingPerUser, waitMs: limits.heavyWaitMs };
  const perAddress: Required<Places> = { running: limits.heavyRunningPerAddress, waiting: limits.heavyWaitingPerAddress, waitMs: limits.heavyWaitMs };

  const admit: preValidationAsyncHookHandler = async function (request: FastifyRequest, reply: FastifyReply) {
    const { key, signedIn } = await identify(request, sessions);
    const places = signedIn ? perUser : perAddress;
    // The response's 'close' comes once it is sent or the connection is gone: either ends the wait or frees the place.
    const gone = new AbortController();
    let release: (() => void) | undefined;
    reply.raw.once('close', () => {
      gone.abort();
      release?.();
    });
    try {
      release = await limiter.acquire(key, places, gone.signal);
    } catch (err) {
      if (!(err instanceof NoPlace)) throw err;
      reply.header('Retry-After', String(HEAVY_RETRY_AFTER_SECONDS));
      throw refusal(request, places, signedIn, err.reason);
    }
    if (reply.raw.writableFinished || reply.raw.destroyed) release();
  };
  return { admit, limiter };
}
