/**
 * Global configuration: readable without a token (the login page needs it before anyone logs in), and
 * changed by the city bureau's administrators on the settings screen (`globalConfig/save`).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { localeOf, ok } from '../http/envelope.js';
import { configByKeys } from './globalConfigRepo.js';
import { settingsSaveRoute } from './settingsSaveRoute.js';

const CONFIG_KEY = { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,128}$' } as const;

export async function globalConfigRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.caches.set('public configuration', ctx.config.cache);
  app.post(
    '/base/v1/globalConfig/list',
    { config: { public: true }, schema: { body: { type: ['object', 'null'] } } },
    async (request) => {
      const rows = await ctx.config.rows();
      return ok({ rows, total: rows.length }, localeOf(request));
    },
  );

  app.post<{ Body: string[] }>(
    '/base/v1/globalConfig/getValueByKeys',
    {
      config: { public: true },
      schema: { body: { type: 'array', items: CONFIG_KEY, minItems: 1, maxItems: 100 } },
    },
    async (request) => ok(await configByKeys(ctx.db.orm, request.body), localeOf(request)),
  );

  await settingsSaveRoute(app, ctx);
}
