/** `GET /healthz`: 200 once the server can serve, i.e. the database answers. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import { AppError } from './appError.js';
import { localeOf, ok } from './envelope.js';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/healthz', { config: { public: true } }, async (request) => {
    try {
      await ctx.db.orm.execute(sql`select 1`);
    } catch (err) {
      throw new AppError(Codes.DATABASE_UNAVAILABLE, undefined, { cause: err });
    }
    return ok({ status: 'ok', database: ctx.db.kind }, localeOf(request));
  });
}
