/** `/cloudSchool/v1/auditLog/*`: the read-only audit screen of the city bureau's administrators. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { idSchema } from '../db/ids.js';
import { localeOf, ok } from '../http/envelope.js';
import { epochMsSchema, pageProps } from '../http/schemaRules.js';
import { managed } from '../management/access.js';
import { AuditRepo, type AuditFilter } from './auditRepo.js';
import { heavy } from '../http/heavyRoutes.js';

const P = '/cloudSchool/v1/auditLog';

const filterBody = {
  type: ['object', 'null'],
  properties: {
    ...pageProps,
    actorUserId: idSchema,
    keyword: { type: 'string', maxLength: 50 },
    action: { type: 'string', maxLength: 64 },
    entity: { type: 'string', maxLength: 64 },
    entityId: { type: 'string', maxLength: 64 },
    from: epochMsSchema,
    to: epochMsSchema,
  },
} as const;

export async function auditRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const repo = new AuditRepo(ctx.db.orm);
  const city = managed(ctx, 'city');

  app.post<{ Body: AuditFilter | null }>(`${P}/page`, heavy({ ...city, schema: { body: filterBody } }), async (request) =>
    ok(await repo.page(request.body ?? {}), localeOf(request)),
  );

  app.get(`${P}/actions`, { ...city }, async (request) => ok(await repo.actions(), localeOf(request)));
}
