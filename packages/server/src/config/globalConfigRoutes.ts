/** Global configuration, readable without a token (the login page needs it before anyone logs in). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { localeOf, ok } from '../http/envelope.js';
import { TtlCache } from '../util/ttlCache.js';
import { configByKeys, listConfig, type ConfigRow } from './globalConfigRepo.js';

const CONFIG_KEY = { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,128}$' } as const;

/** Every page load reads the whole public configuration; an edit in the database shows within 10 s. */
const CONFIG_CACHE_MS = 10_000;

export async function globalConfigRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const cache = new TtlCache<ConfigRow[]>(CONFIG_CACHE_MS, 1);
  app.caches.set('public configuration', cache);
  app.post(
    '/base/v1/globalConfig/list',
    { config: { public: true }, schema: { body: { type: ['object', 'null'] } } },
    async (request) => {
      const rows = await cache.get('all', () => listConfig(ctx.db.orm));
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
}
