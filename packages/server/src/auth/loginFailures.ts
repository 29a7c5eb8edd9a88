/**
 * Failed logins per account name and client address, kept in the database so that the rules hold
 * across restarts and across several servers on one PostgreSQL. Names are counted whether or not the
 * account exists, so the counters reveal nothing about which accounts are real.
 *
 * Each attempt is written down *before* its password is checked (`begin`, unsettled), so parallel
 * attempts cannot all slip under the captcha rule: an attempt goes ahead only while the account's
 * failures plus the attempts begun before it and still being checked stay under `captchaAfter`;
 * otherwise it waits for those to settle and looks again. Of twenty wrong passwords at once, at most
 * `captchaAfter` are checked; twenty right ones are all let in, a few at a time. A wrong password
 * settles its attempt as a failure (`fail`); any other outcome takes it back (`forget`).
 *
 * Who is shut out: failures from anywhere make the account ask for the slider captcha (a slowdown
 * the owner passes); only the client that failed `lockAfter` times is refused the account
 * (4290001), so nobody can lock the owner out from another address (OWASP ASVS 2.2.1).
 *
 * A script that solves the captcha, from many addresses, is held by the account-wide delay: once the
 * account has `delayAfter` failures from unknown devices, an attempt from an unknown device is let
 * through only `delayBaseMs × 2^(failures − delayAfter)` (at most `delayMaxMs`) after the last such
 * failure, and only one at a time (4290002 with Retry-After otherwise). Attempts from a device the
 * account signed in on before (loginDevices.ts) are exempt, so the stranger slows the account's
 * guessing, not its owner on the owner's devices; a known device is exempt only while it has fewer
 * than `lockAfter` failures of its own in `captchaWindowMs` (a stolen device token buys that many).
 */
import { setTimeout as delay } from 'node:timers/promises';
import { and, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { loginFailures } from '../db/schema.js';

export interface FailurePolicy {
  /** Failures after which the slider captcha is required (spec: "more than 1"). */
  captchaAfter: number;
  /** How long failures count towards the captcha rule. */
  captchaWindowMs: number;
  /** Failures of one account from one client address within `lockWindowMs` after which that client is refused the account (4290001). */
  lockAfter: number;
  lockWindowMs: number;
  /** Failures from unknown devices (within `captchaWindowMs`) after which the account-wide delay holds them. */
  delayAfter: number;
  /** The first delay; it doubles with each further failure from an unknown device, up to `delayMaxMs`. */
  delayBaseMs: number;
  delayMaxMs: number;
}

export interface FailureState {
  captchaRequired: boolean;
  locked: boolean;
}

export interface Attempt extends FailureState {
  /** The attempt's row: it stays as a failure unless `forget` takes it back. */
  id: number;
  /** Set when the account-wide delay holds this attempt: how long until one from an unknown device may go. */
  retryAfterMs?: number;
}

/** Failures of an account in the captcha window, for the notice its owner gets at the next login. */
export interface RecentFailures {
  count: number;
  /** When the last one was (epoch ms); 0 when none. */
  lastAt: number;
}

/** How long an attempt from an unknown device waits for one still being checked before it is told to come back. */
const ONE_AT_A_TIME_RETRY_MS = 1_000;

/** How long an attempt waits for earlier ones still being checked, and how often it looks. */
const IN_FLIGHT_WAIT_MS = 5_000;
const IN_FLIGHT_POLL_MS = 20;
/** An attempt unsettled for this long belongs to a server that stopped mid-check: it no longer counts. */
const IN_FLIGHT_STALE_MS = 30_000;

export const accountKey = (username: string): string => username.trim().toLowerCase();

export class LoginFailures {
  constructor(
    private readonly db: Orm,
    readonly policy: FailurePolicy,
    private readonly now: () => number,
  ) {}

  /**
   * Writes the attempt down, then reads the rules, waiting for earlier attempts still being checked.
   * `device` is the known device the attempt came from (loginDevices.ts), '' for none.
   */
  async begin(username: string, ip: string, device = ''): Promise<Attempt> {
    const key = accountKey(username);
    // Attempts on one account are written down one at a time across every server (an advisory lock
    // until the insert commits), so an attempt's row is in, with a higher id, before the next one
    // counts: two attempts cannot each miss the other on different servers.
    const id = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${key}`}))`);
      const [mine] = await tx
        .insert(loginFailures)
        .values({ username: key, ip, failedAt: this.now(), settled: false, device })
        .returning({ id: loginFailures.id });
      return mine!.id;
    });
    const giveUpAt = performance.now() + IN_FLIGHT_WAIT_MS;
    let from = device;
    for (;;) {
      const now = this.now();
      const [row] = await this.db
        .select({
          failed: sql<number>`count(*) filter (where ${loginFailures.settled} and ${loginFailures.failedAt} > ${now - this.policy.captchaWindowMs})::int`,
          inFlight: sql<number>`count(*) filter (where not ${loginFailures.settled} and ${loginFailures.id} < ${id} and ${loginFailures.failedAt} > ${now - IN_FLIGHT_STALE_MS})::int`,
          fromHere: sql<number>`count(*) filter (where ${loginFailures.settled} and ${loginFailures.ip} = ${ip} and ${loginFailures.failedAt} > ${now - this.policy.lockWindowMs})::int`,
          fromDevice: sql<number>`count(*) filter (where ${loginFailures.settled} and ${loginFailures.device} = ${from} and ${loginFailures.failedAt} > ${now - this.policy.captchaWindowMs})::int`,
          strangers: sql<number>`count(*) filter (where ${loginFailures.settled} and ${loginFailures.device} = '' and ${loginFailures.failedAt} > ${now - this.policy.captchaWindowMs})::int`,
          lastStranger: sql<number>`coalesce(max(${loginFailures.failedAt}) filter (where ${loginFailures.settled} and ${loginFailures.device} = ''), 0)`,
          strangersInFlight: sql<number>`count(*) filter (where not ${loginFailures.settled} and ${loginFailures.device} = '' and ${loginFailures.id} < ${id} and ${loginFailures.failedAt} > ${now - IN_FLIGHT_STALE_MS})::int`,
        })
        .from(loginFailures)
        .where(and(eq(loginFailures.username, key), ne(loginFailures.id, id)));
      const failed = Number(row?.failed ?? 0);
      const inFlight = Number(row?.inFlight ?? 0);
      const locked = Number(row?.fromHere ?? 0) >= this.policy.lockAfter;
      const known = from !== '' && Number(row?.fromDevice ?? 0) < this.policy.lockAfter;
      if (from !== '' && !known) {
        // A device past its own failures is a stranger from now on: this attempt counts as one.
        await this.db.update(loginFailures).set({ device: '' }).where(eq(loginFailures.id, id));
        from = '';
      }
      const left = known ? 0 : this.delayLeft(Number(row?.strangers ?? 0), Number(row?.lastStranger ?? 0), Number(row?.strangersInFlight ?? 0), now);
      const held = left > 0 ? { retryAfterMs: left } : {};
      if (failed >= this.policy.captchaAfter) return { id, captchaRequired: true, locked, ...held };
      if (failed + inFlight < this.policy.captchaAfter) return { id, captchaRequired: false, locked, ...held };
      // Earlier attempts may still fail: wait for them (bounded; then ask for the captcha to be safe).
      if (performance.now() > giveUpAt) return { id, captchaRequired: true, locked };
      await delay(IN_FLIGHT_POLL_MS);
    }
  }

  /**
   * How long an attempt from an unknown device must still wait: none below `delayAfter` failures; then
   * the growing delay after the last one, and one attempt at a time, so that a burst of solved
   * captchas cannot spend many guesses in one opening.
   */
  private delayLeft(strangers: number, lastAt: number, inFlight: number, now: number): number {
    const { delayAfter, delayBaseMs, delayMaxMs } = this.policy;
    // Attempts still being checked may all fail: counted with the failures, so a burst cannot pass
    // the threshold together.
    if (strangers + inFlight < delayAfter) return 0;
    if (strangers >= delayAfter) {
      const left = lastAt + Math.min(delayBaseMs * 2 ** Math.min(strangers - delayAfter, 30), delayMaxMs) - now;
      if (left > 0) return left;
    }
    return inFlight > 0 ? ONE_AT_A_TIME_RETRY_MS : 0;
  }

  /**
   * The account's failures in the captcha window other than those of `except`'s address and device (the
   * owner's own typos just before), read before a success clears them.
   */
  async recent(username: string, except: { ip: string; device: string }): Promise<RecentFailures> {
    const [row] = await this.db
      .select({
        count: sql<number>`count(*)::int`,
        lastAt: sql<number>`coalesce(max(${loginFailures.failedAt}), 0)`,
      })
      .from(loginFailures)
      .where(
        and(
          eq(loginFailures.username, accountKey(username)),
          eq(loginFailures.settled, true),
          gt(loginFailures.failedAt, this.now() - this.policy.captchaWindowMs),
          or(ne(loginFailures.ip, except.ip), ne(loginFailures.device, except.device)),
        ),
      );
    return { count: Number(row?.count ?? 0), lastAt: Number(row?.lastAt ?? 0) };
  }

  /** The attempt's password was wrong: it counts as a failure from now on. */
  async fail(attemptId: number): Promise<void> {
    await this.db.update(loginFailures).set({ settled: true }).where(eq(loginFailures.id, attemptId));
  }

  /** Takes back an attempt that was not a failure. */
  async forget(attemptId: number): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.id, attemptId));
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
