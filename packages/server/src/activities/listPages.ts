/**
 * The organiser's activity table (`page`) and a teacher's list (`teacher/all/page`) are asked for
 * again and again while nothing changes; each answer costs a page query, a count and the summaries
 * (scope, sign-ups, submitted works). So their serialized answers are kept for LIST_PAGE_CACHE_MS
 * (2 s, module.ts) per audience and filter — the organiser's scope (the organisations they manage) or
 * the teacher's organisation (which fixes the chain of organisers they may join) — and dropped at once
 * by every organiser write (activityManageRoutes.ts) and every sign-up or work write (below), on every
 * server over the same database through the invalidation bus (within the 2 s when the bus is down).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SharedDrop } from '../cache/sharedDrop.js';

/** The calls that change sign-ups, claims or works (what the pages count). */
const WRITES = /^\/cloudSchool\/v1\/(activitySignUp\/(save|nodeSave|node\/cancel|cancel\/)|activityWork\/(save|updateSubmitStatus|delete))/;

export function dropOnActivityWrites(app: FastifyInstance, drop: SharedDrop): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 300 && WRITES.test(request.url)) await drop();
    return payload;
  });
}

/** A short key for a set of organisation ids (a city's scope holds hundreds). */
export function orgSetKey(orgIds: readonly string[] | undefined): string {
  if (!orgIds) return '*';
  return createHash('sha1').update([...orgIds].sort().join(',')).digest('base64url');
}
