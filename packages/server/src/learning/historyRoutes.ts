/**
 * `/cloudSchool/v1/lessonHistoryNode/*`: the curriculum position a user last chose on a screen
 * (business type, e.g. `learn` or `teach`), so the screen opens where they left it.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { localeOf, ok } from '../http/envelope.js';
import { first, num } from '../db/rows.js';

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
  const db = ctx.db.orm;
  const user = { preValidation: ctx.guard.requireUser };

  app.post<{ Body: NodeBody }>(
    `${P}/save`,
    // Unknown properties are dropped by the schema, so only the named fields are stored.
    { ...user, schema: { body: { type: 'object', required: ['businessType'], additionalProperties: false, properties: { businessType: BUSINESS_TYPE, ...nodeProps } } } },
    async (request) => {
      const { businessType, ...node } = request.body;
      const now = ctx.now();
      await db.execute(sql`INSERT INTO lesson_history_nodes (user_id, business_type, node, updated_at)
        VALUES (${request.auth!.user.id}, ${businessType}, ${JSON.stringify(node)}::jsonb, ${now})
        ON CONFLICT (user_id, business_type) DO UPDATE SET node = EXCLUDED.node, updated_at = EXCLUDED.updated_at`);
      return ok({ businessType, ...node, updateTime: now }, localeOf(request));
    },
  );

  app.get<{ Querystring: { businessType: string } }>(
    `${P}/getByBusinessType`,
    { ...user, schema: { querystring: { type: 'object', required: ['businessType'], properties: { businessType: BUSINESS_TYPE } } } },
    async (request) => {
      const row = await first(
        db,
        sql`SELECT node, updated_at FROM lesson_history_nodes WHERE user_id = ${request.auth!.user.id} AND business_type = ${request.query.businessType}`,
      );
      if (!row) return ok(null, localeOf(request));
      const node = typeof row.node === 'string' ? (JSON.parse(row.node) as object) : (row.node as object);
      return ok({ businessType: request.query.businessType, ...node, updateTime: num(row.updated_at) }, localeOf(request));
    },
  );
}
