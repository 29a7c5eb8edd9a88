/**
 * Tickets for the deploy login type: another system of the bureau that already knows the user sends
 * them here with `authorization = base64url(username).<expiry epoch seconds>.<base64url HMAC-SHA256>`,
 * signed with DEPLOY_SECRET. Only the holder of the secret can mint one, and each ticket logs in once.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

const PART = /^[A-Za-z0-9_-]+$/;
const MAX_LIFETIME_SECONDS = 24 * 3600;

export function signDeployTicket(secret: string, username: string, expiresAtSeconds: number): string {
  const head = `${Buffer.from(username, 'utf8').toString('base64url')}.${expiresAtSeconds}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

/** The user name and expiry (epoch ms) of a valid, unexpired ticket; null for anything else. */
export function readDeployTicket(secret: string, ticket: string, nowMs: number): { username: string; expiresAtMs: number } | null {
  const parts = ticket.split('.');
  if (parts.length !== 3) return null;
  const [user, exp, mac] = parts as [string, string, string];
  if (!PART.test(user) || !/^\d{1,12}$/.test(exp) || !PART.test(mac)) return null;
  const expected = createHmac('sha256', secret).update(`${user}.${exp}`).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const expiry = Number(exp) * 1000;
  // A far-future expiry would make a leaked ticket a permanent password.
  if (expiry <= nowMs || expiry > nowMs + MAX_LIFETIME_SECONDS * 1000) return null;
  const username = Buffer.from(user, 'base64url').toString('utf8').trim();
  return username === '' ? null : { username, expiresAtMs: expiry };
}

/**
 * The ticket's single-use key: its hash, so the store of used tickets holds nothing that could log
 * anyone in. A deploy ticket logs in once, like a single sign-on ticket (docs/security.md).
 */
export const deployTicketNonce = (ticket: string): string => `deploy:${createHash('sha256').update(ticket).digest('base64url')}`;
