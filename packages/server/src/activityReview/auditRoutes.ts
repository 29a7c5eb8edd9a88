/**
 * `/cloudSchool/v1/activityAudit/*` (docs/api.md "Works review"): the reviewer's activities and the
 * activity's review rules, the reviewer's filters, work list,
 * previous/next, works by id, the trace and the decisions. Reviewer-gated (reviewerGate.ts): assigned
 * reviewers of the named activity only; everything else is bounded by their assignments.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditWorksInput } from '@dscloud/sdk/review';
import type { AppContext } from '../context.js';
import { idSchema } from '../db/ids.js';
import { localeOf, ok } from '../http/envelope.js';
import { pageProps } from '../http/schemaRules.js';
import { auditWorks, type ExcellentHook } from './decide.js';
import { auditBooks, auditChapters, auditEditions, auditKnowledge, auditLevels, auditStages, auditSubjects } from './filters.js';
import { auditWorkPage, neighbours, traceOf, visibleWorks, workDetails, type AuditFilter } from './queries.js';
import { assignmentsFor, reviewerGate } from './reviewerGate.js';
import { OPINION_MAX_CHARS } from '@dscloud/sdk/review';
import { reviewRulesOf } from './rules.js';
import { myActivities, reviewerRules } from './reviewerActivities.js';
import { heavy } from '../http/heavyRoutes.js';

export const AUDIT = '/cloudSchool/v1/activityAudit';

const stage = { type: 'integer', minimum: 1, maximum: 9 } as const;
const subjectCode = { type: 'integer', minimum: 1, maximum: 99_999 } as const;
const activityOnly = { type: 'object', required: ['activityId'], properties: { activityId: idSchema } } as const;
const subjectFilter = { activityId: idSchema, stage, subjectCode } as const;

const filterProps = {
  activityId: idSchema,
  level: { type: 'integer', enum: [1, 2, 3] },
  stage,
  subjectCode,
  editionId: idSchema,
  bookId: idSchema,
  chapterId: idSchema,
  nodeId: idSchema,
  state: { type: 'string', enum: ['pending', 'decided'] },
  keyword: { type: 'string', maxLength: 50 },
} as const;

const auditWorksBody = {
  type: 'object',
  required: ['activityId', 'works', 'decision'],
  properties: {
    activityId: idSchema,
    works: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: { type: 'object', required: ['workId', 'version'], properties: { workId: idSchema, version: { type: 'integer', minimum: 1 } } },
    },
    decision: { type: 'integer', enum: [1, 2, 3, 4] },
    scores: { type: 'object', maxProperties: 20, additionalProperties: { type: 'number', minimum: 0, maximum: 100 } },
    opinion: { type: 'string', maxLength: OPINION_MAX_CHARS },
  },
} as const;

type Filter = AuditFilter & { activityId: string };

export async function auditRoutes(app: FastifyInstance, ctx: AppContext, onExcellent: ExcellentHook | null): Promise<void> {
  const gate = reviewerGate(ctx);
  const rc = (request: FastifyRequest, activityId: string) => assignmentsFor(ctx, request, activityId);

  app.get(`${AUDIT}/myActivities`, { ...gate }, async (request) => ok(await myActivities(ctx, request.auth!.user), localeOf(request)));

  app.get<{ Querystring: { activityId: string } }>(`${AUDIT}/getReviewRules`, { ...gate, schema: { querystring: activityOnly } }, async (request) =>
    ok(reviewerRules(await rc(request, request.query.activityId)), localeOf(request)),
  );

  app.get<{ Querystring: { activityId: string } }>(`${AUDIT}/getAuditStages`, { ...gate, schema: { querystring: activityOnly } }, async (request) =>
    ok(auditStages(await rc(request, request.query.activityId)), localeOf(request)),
  );

  app.get<{ Querystring: { activityId: string; stage?: number } }>(
    `${AUDIT}/getAuditSubjects`,
    { ...gate, schema: { querystring: { type: 'object', required: ['activityId'], properties: { activityId: idSchema, stage } } } },
    async (request) => ok(auditSubjects(await rc(request, request.query.activityId), request.query.stage), localeOf(request)),
  );

  app.get<{ Querystring: { activityId: string } }>(`${AUDIT}/getAuditLevel`, { ...gate, schema: { querystring: activityOnly } }, async (request) =>
    ok(await auditLevels(ctx, await rc(request, request.query.activityId)), localeOf(request)),
  );

  app.post<{ Body: { activityId: string; stage?: number; subjectCode?: number } }>(
    `${AUDIT}/getEditions`,
    { ...gate, schema: { body: { type: 'object', required: ['activityId'], properties: subjectFilter } } },
    async (request) => ok(await auditEditions(ctx, await rc(request, request.body.activityId), request.body), localeOf(request)),
  );

  app.post<{ Body: { activityId: string; stage?: number; subjectCode?: number; editionId?: string } }>(
    `${AUDIT}/getBooks`,
    { ...gate, schema: { body: { type: 'object', required: ['activityId'], properties: { ...subjectFilter, editionId: idSchema } } } },
    async (request) => ok(await auditBooks(ctx, await rc(request, request.body.activityId), request.body), localeOf(request)),
  );

  app.post<{ Body: { activityId: string; bookId: string } }>(
    `${AUDIT}/getChapter`,
    { ...gate, schema: { body: { type: 'object', required: ['activityId', 'bookId'], properties: { activityId: idSchema, bookId: idSchema } } } },
    async (request) => ok(await auditChapters(ctx, await rc(request, request.body.activityId), request.body.bookId), localeOf(request)),
  );

  app.post<{ Body: { activityId: string; stage: number; subjectCode: number } }>(
    `${AUDIT}/getKnowledge`,
    { ...gate, schema: { body: { type: 'object', required: ['activityId', 'stage', 'subjectCode'], properties: subjectFilter } } },
    async (request) => ok(await auditKnowledge(ctx, await rc(request, request.body.activityId), request.body.stage, request.body.subjectCode), localeOf(request)),
  );

  app.post<{ Body: Filter & { pageNum?: number; pageSize?: number } }>(
    `${AUDIT}/getAuditWorkPage`,
    heavy({ ...gate, schema: { body: { type: 'object', required: ['activityId'], properties: { ...filterProps, ...pageProps } } } }),
    async (request) => {
      const { pageNum = 1, pageSize = 10, ...filter } = request.body;
      return ok(await auditWorkPage(ctx, await rc(request, filter.activityId), filter, pageNum, pageSize), localeOf(request));
    },
  );

  app.post<{ Body: Filter & { workId: string } }>(
    `${AUDIT}/getNextAndUpAuditWorkInfo`,
    heavy({ ...gate, schema: { body: { type: 'object', required: ['activityId', 'workId'], properties: { ...filterProps, workId: idSchema } } } }),
    async (request) => {
      const { workId, ...filter } = request.body;
      return ok(await neighbours(ctx, await rc(request, filter.activityId), filter, workId), localeOf(request));
    },
  );

  app.post<{ Body: { activityId: string; workIds: string[] } }>(
    `${AUDIT}/listAuditWorkByIds`,
    {
      ...gate,
      schema: { body: { type: 'object', required: ['activityId', 'workIds'], properties: { activityId: idSchema, workIds: { type: 'array', minItems: 1, maxItems: 100, items: idSchema } } } },
    },
    async (request) => ok(await workDetails(ctx, await rc(request, request.body.activityId), request.body.workIds), localeOf(request)),
  );

  app.get<{ Querystring: { activityId: string; workId: string } }>(
    `${AUDIT}/getAuditTrace`,
    { ...gate, schema: { querystring: { type: 'object', required: ['activityId', 'workId'], properties: { activityId: idSchema, workId: idSchema } } } },
    async (request) => {
      const r = await rc(request, request.query.activityId);
      const [work] = await visibleWorks(ctx, r, [request.query.workId], 'workId');
      return ok(await traceOf(ctx, work!, { userId: r.userId, blind: reviewRulesOf(r.activity.reviewRules).blind, reviewer: true }), localeOf(request));
    },
  );

  app.post<{ Body: AuditWorksInput & { activityId: string } }>(`${AUDIT}/auditWorks`, { ...gate, schema: { body: auditWorksBody } }, async (request) => {
    const { activityId, ...input } = request.body;
    return ok(await auditWorks(ctx, await rc(request, activityId), input, onExcellent), localeOf(request));
  });
}
