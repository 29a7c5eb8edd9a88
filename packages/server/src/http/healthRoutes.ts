/**
 * `GET /healthz` (readiness): 200 once the server can serve, i.e. the database answers.
 * `GET /healthz/live` (liveness): 200 while the process serves HTTP at all, without touching the
 * database; it is also the bare route the API load benchmark compares real routes against.
 */
import type { FastifyInstance } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import { AppError } from './appError.js';
import { localeOf, ok } from './envelope.js';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/healthz/live', { config: { public: true } }, async (request) => ok({ status: 'ok' }, localeOf(request)));
  app.get('/healthz', { config: { public: true } }, async (request) => {
    try {
      await ctx.db.ping();
    } catch (err) {
      throw new AppError(Codes.DATABASE_UNAVAILABLE, undefined, { cause: err });
    }
    return ok({ status: 'ok', database: ctx.db.kind }, localeOf(request));
  });
}
