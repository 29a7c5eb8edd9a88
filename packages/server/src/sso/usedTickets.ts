/** The store behind single use: a ticket's nonce is recorded the first time a system checks it. */
import { lt } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { ssoUsedTickets } from '../db/schema.js';
import type { TicketClaims } from './ticket.js';

/** Kept this long past a ticket's expiry, so a server whose clock runs a little behind still sees it used. */
const KEEP_AFTER_EXPIRY_MS = 5 * 60_000;

export class UsedTickets {
  constructor(private readonly db: Orm) {}

  /** Records the ticket as used; false when it already was (by any process over this database). */
  async claim(claims: TicketClaims, nowMs: number): Promise<boolean> {
    return this.claimNonce({ nonce: claims.jti, userId: claims.sub, target: claims.tgt, expiresAtMs: claims.exp * 1000 }, nowMs);
  }

  /** The same for any single-use ticket (a deploy login's): its nonce, whom and what it is for, its expiry. */
  async claimNonce(ticket: { nonce: string; userId: string; target: string; expiresAtMs: number }, nowMs: number): Promise<boolean> {
    const rows = await this.db
      .insert(ssoUsedTickets)
      .values({ nonce: ticket.nonce, userId: ticket.userId, target: ticket.target, expiresAt: ticket.expiresAtMs, usedAt: nowMs })
      .onConflictDoNothing()
      .returning({ nonce: ssoUsedTickets.nonce });
    return rows.length === 1;
  }

  /** Housekeeping: nonces of tickets that are refused as expired anyway. */
  async prune(nowMs: number): Promise<void> {
    await this.db.delete(ssoUsedTickets).where(lt(ssoUsedTickets.expiresAt, nowMs - KEEP_AFTER_EXPIRY_MS));
  }
}
