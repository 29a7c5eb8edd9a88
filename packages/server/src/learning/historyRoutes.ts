/**
 * `/cloudSchool/v1/lessonHistoryNode/*`: the curriculum position a user last chose on a screen
 * (business type, e.g. `learn` or `teach`), so the screen opens where they left it.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { localeOf, ok } from '../http/envelope.js';
import { HistoryRepo } from './historyRepo.js';

const P = '/cloudSchool/v1/lessonHistoryNode';
const BUSINESS_TYPE = { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,32}$' } as const;
const text = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;

const nodeProps = {
  stage: { type: ['integer', 'null'], minimum: 0, maximum: 9 },
  subjectCode: { type: ['integer', 'null'], minimum: 0, maximum: 9999 },
  grade: { type: ['integer', 'null'], minimum: 0, maximum: 12 },
  businessEditionId: text(64),
  businessBookId: text(64),
  businessBookLabel: text(100),
  nodeId: text(64),
  nodeLabel: text(200),
  nodeType: { type: ['string', 'null'], enum: ['chapter', 'knowledge', null] },
} as const;

type NodeBody = { businessType: string } & Record<string, unknown>;

export async function historyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const history = new HistoryRepo(ctx.db.orm);
  const user = { preValidation: ctx.guard.requireUser };

  app.post<{ Body: NodeBody }>(
    `${P}/save`,
    // Unknown properties are dropped by the schema, so only the named fields are stored.
    { ...user, schema: { body: { type: 'object', required: ['businessType'], additionalProperties: false, properties: { businessType: BUSINESS_TYPE, ...nodeProps } } } },
    async (request) => {
      const { businessType, ...node } = request.body;
      const now = ctx.now();
      await history.save(request.auth!.user.id, businessType, node, now);
      return ok({ businessType, ...node, updateTime: now }, localeOf(request));
    },
  );

  app.get<{ Querystring: { businessType: string } }>(
    `${P}/getByBusinessType`,
    { ...user, schema: { querystring: { type: 'object', required: ['businessType'], properties: { businessType: BUSINESS_TYPE } } } },
    async (request) => {
      const row = await history.find(request.auth!.user.id, request.query.businessType);
      if (!row) return ok(null, localeOf(request));
      return ok({ businessType: request.query.businessType, ...row.node, updateTime: row.updatedAt }, localeOf(request));
    },
  );
}
