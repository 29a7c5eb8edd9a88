/**
 * Single sign-on tickets (docs/sso.md): a JWS compact token signed with HMAC-SHA256 under the
 * platform's ticket key. Only this exact header is accepted (no algorithm negotiation, so no `none`
 * and no key confusion); the signature is compared in constant time before any claim is read.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SsoTarget, TicketRefusal } from '@dscloud/sdk/sso';
import { SSO_TARGETS } from '@dscloud/sdk/sso';

/** Lifetime of a ticket: long enough for a browser to open the target, short enough to be useless later. */
export const TICKET_TTL_SECONDS = 60;

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: 'sso1' })).toString('base64url');

export interface TicketClaims {
  /** The user's id. */
  sub: string;
  role: string;
  name: string;
  org: string;
  tgt: SsoTarget;
  /** The host (and port) of the target URL: the only service that may check the ticket. */
  aud: string;
  /** Seconds since the epoch. */
  iat: number;
  exp: number;
  /** Random; a checked ticket's nonce is stored so that it is refused the second time. */
  jti: string;
}

export type TicketReading = { ok: true; claims: TicketClaims } | { ok: false; reason: TicketRefusal };

const sign = (key: string, signingInput: string) => createHmac('sha256', key).update(signingInput).digest();

export function issueTicket(key: string, claims: Omit<TicketClaims, 'jti' | 'iat' | 'exp'>, nowMs: number): { ticket: string; claims: TicketClaims } {
  const iat = Math.floor(nowMs / 1000);
  const full: TicketClaims = { ...claims, iat, exp: iat + TICKET_TTL_SECONDS, jti: randomBytes(16).toString('base64url') };
  const input = `${HEADER}.${Buffer.from(JSON.stringify(full)).toString('base64url')}`;
  return { ticket: `${input}.${sign(key, input).toString('base64url')}`, claims: full };
}

const B64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Reads a ticket: malformed (not three base64url parts, another header, claims missing), tampered
 * (signature), wrong service (host differs from `aud`) or expired — in that order, so a forged
 * ticket never learns more than "tampered". Single use is checked by the caller against the store.
 */
export function readTicket(key: string, ticket: string, serviceHost: string, nowMs: number): TicketReading {
  const parts = ticket.split('.');
  if (parts.length !== 3 || !parts.every((p) => B64URL.test(p)) || parts[0] !== HEADER) return { ok: false, reason: 'malformed' };
  const given = Buffer.from(parts[2]!, 'base64url');
  const expected = sign(key, `${parts[0]}.${parts[1]}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'tampered' };
  const claims = parseClaims(parts[1]!);
  if (!claims) return { ok: false, reason: 'malformed' };
  if (claims.aud !== serviceHost) return { ok: false, reason: 'wrongService' };
  if (nowMs >= claims.exp * 1000) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}

function parseClaims(segment: string): TicketClaims | null {
  try {
    const c = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8')) as Partial<TicketClaims>;
    const strings = [c.sub, c.role, c.name, c.org, c.aud, c.jti].every((v) => typeof v === 'string');
    const times = Number.isInteger(c.iat) && Number.isInteger(c.exp);
    if (!strings || !times || !(SSO_TARGETS as readonly string[]).includes(c.tgt as string)) return null;
    return c as TicketClaims;
  } catch {
    return null;
  }
}

/**
 * The host a `service` parameter names: a URL's host (with its port), or a bare host as given;
 * lower case. Null when it is neither.
 */
export function serviceHostOf(service: string): string | null {
  const value = service.trim();
  if (!value) return null;
  try {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.host.toLowerCase() : null;
    }
    const url = new URL(`http://${value}`);
    return url.pathname === '/' && !url.search && !url.username ? url.host.toLowerCase() : null;
  } catch {
    return null;
  }
}
