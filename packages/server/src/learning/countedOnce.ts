/**
 * Counters that a loop cannot inflate: a lesson's view and download counts rise once per viewer per
 * period. A signed-in viewer is their user; a visitor is their address (digested, never stored as
 * such) — a school behind one address counts as one visitor an hour, the price of not trusting an id
 * the browser could make up on every call.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** Views: once per viewer and lesson an hour. */
export const VIEW_PERIOD_MS = 60 * 60_000;
/** Downloads: once per user and lesson a day. */
export const DOWNLOAD_PERIOD_MS = 24 * 60 * 60_000;

export const periodOf = (now: number, length: number): number => Math.floor(now / length);

export function viewerOf(request: FastifyRequest, secret: string): string {
  if (request.auth) return `u:${request.auth.user.id}`;
  return `ip:${createHash('sha256').update(`${secret}:${request.ip}`).digest('base64url').slice(0, 22)}`;
}
