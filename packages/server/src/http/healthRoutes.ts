/**
 * Health for a load balancer:
 * - `GET /healthz/live` (liveness): 200 while the process serves HTTP at all, without touching the
 *   database; it is also the bare route the API load benchmark compares real routes against.
 * - `GET /healthz/ready` (readiness): 200 when this instance can serve: the database answers, every
 *   migration file is applied, and the object store answers when S3 storage is configured; 503 with
 *   the failing part otherwise, and from the moment the instance starts shutting down (so the balancer
 *   stops sending it requests while the ones in flight finish).
 * - `GET /healthz`: the same as `/healthz/ready` (the address earlier deployments probe).
 *
 * While the server closes, every other request that still reaches it (on a connection it already
 * had) gets 503 with `Connection: close` in the usual envelope, instead of starting work that the
 * shutdown would cut.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Codes, messageFor } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import { pendingMigrations } from '../db/migrate.js';
import { failure, localeOf, ok } from './envelope.js';

/** A key no upload ever makes: its HEAD answers 404 from a reachable bucket. */
const PROBE_KEY = 'healthz/probe';

type Check = { ok: true } | { ok: false; code: number; part: 'database' | 'migrations' | 'objectStore' | 'shutdown'; detail?: string };

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!closing || request.url === '/healthz/live') return;
    reply.code(503).header('connection', 'close');
    return reply.send(failure(Codes.UNAVAILABLE, messageFor(Codes.UNAVAILABLE, localeOf(request)), undefined, { part: 'shutdown' }));
  });

  async function check(): Promise<Check> {
    if (closing) return { ok: false, code: Codes.UNAVAILABLE, part: 'shutdown' };
    let missing: string[];
    try {
      await ctx.db.ping();
      missing = await pendingMigrations(ctx.db);
    } catch (err) {
      return { ok: false, code: Codes.DATABASE_UNAVAILABLE, part: 'database', detail: (err as Error).message };
    }
    if (missing.length > 0) return { ok: false, code: Codes.UNAVAILABLE, part: 'migrations', detail: missing.join(',') };
    const store = ctx.files?.store;
    if (store?.kind === 's3') {
      try {
        await store.exists(PROBE_KEY);
      } catch (err) {
        return { ok: false, code: Codes.UNAVAILABLE, part: 'objectStore', detail: (err as Error).message };
      }
    }
    return { ok: true };
  }

  const ready = async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
    const result = await check();
    const locale = localeOf(request);
    if (result.ok) return ok({ status: 'ok', database: ctx.db.kind, objectStore: ctx.files?.store.kind ?? 'local' }, locale);
    // The answer names the part that failed; its details go to the log, not to the caller.
    request.log.warn({ part: result.part, detail: result.detail }, 'not ready');
    reply.code(503);
    return failure(result.code, messageFor(result.code, locale), undefined, { part: result.part });
  };

  app.get('/healthz/live', { config: { public: true } }, async (request) => ok({ status: 'ok' }, localeOf(request)));
  app.get('/healthz/ready', { config: { public: true } }, ready);
  app.get('/healthz', { config: { public: true } }, ready);
}
