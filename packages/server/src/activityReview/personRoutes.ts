/**
 * `/cloudSchool/v1/activityAuditPerson/*` (docs/api.md "Works review"): the organiser assigns reviewers
 * and follows the uploaded works (managed(): back-office roles, the activity within their reach), and
 * any signed-in user asks whether they review anything (isAuditPerson). Also the organiser's list of
 * works in review, `resourceCollectActivity/works/audit/page`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { AuditSpec } from '../audit/auditSpec.js';
import { idSchema } from '../db/ids.js';
import { localeOf, ok } from '../http/envelope.js';
import { pageProps } from '../http/schemaRules.js';
import { managed } from '../management/access.js';
import { ACTIVITY_PREFIX } from '../activities/activityManageRoutes.js';
import { candidates, personPage, PERSONS_MAX, saveGroup, scopeStages, scopeSubjects, type CandidateQuery, type PersonsQuery, type SaveGroup } from './auditPersons.js';
import { organiserReach } from './organiserAccess.js';
import { reviewWorksPage, uploadedByEdition, uploadedByNode, type NodePageQuery, type ReviewWorksQuery } from './organiserQueries.js';
import { isAuditPerson } from './reviewerGate.js';
import { heavy } from '../http/heavyRoutes.js';

export const PERSON = '/cloudSchool/v1/activityAuditPerson';

const stage = { type: 'integer', minimum: 1, maximum: 9 } as const;
const subjectCode = { type: 'integer', minimum: 1, maximum: 99_999 } as const;
const level = { type: 'integer', enum: [1, 2, 3] } as const;
const keyword = { type: 'string', maxLength: 50 } as const;

export async function personRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const reach = (request: FastifyRequest, activityId: string) => organiserReach(ctx, request, activityId);

  app.get(`${PERSON}/isAuditPerson`, { preHandler: ctx.guard.requireUser }, async (request) =>
    ok({ isAuditPerson: await isAuditPerson(ctx.db.orm, request.auth!.user.id) }, localeOf(request)),
  );

  app.get<{ Querystring: { activityId: string } }>(
    `${PERSON}/getStages`,
    { ...managed(ctx, 'read'), schema: { querystring: { type: 'object', required: ['activityId'], properties: { activityId: idSchema } } } },
    async (request) => {
      const r = await reach(request, request.query.activityId);
      return ok(await scopeStages(ctx, r.activity.id), localeOf(request));
    },
  );

  app.get<{ Querystring: { activityId: string; stage?: number } }>(
    `${PERSON}/getSubjects`,
    { ...managed(ctx, 'read'), schema: { querystring: { type: 'object', required: ['activityId'], properties: { activityId: idSchema, stage } } } },
    async (request) => {
      const r = await reach(request, request.query.activityId);
      return ok(await scopeSubjects(ctx, r.activity.id, request.query.stage), localeOf(request));
    },
  );

  app.post<{ Body: PersonsQuery }>(
    `${PERSON}/getManagerViewPage`,
    heavy({
      ...managed(ctx, 'read'),
      schema: { body: { type: 'object', required: ['activityId'], properties: { activityId: idSchema, level, stage, subjectCode, orgId: idSchema, keyword, ...pageProps } } },
    }),
    async (request) => ok(await personPage(ctx, await reach(request, request.body.activityId), request.body), localeOf(request)),
  );

  app.post<{ Body: CandidateQuery }>(
    `${PERSON}/getListByStageAndSubject`,
    heavy({
      ...managed(ctx, 'read'),
      schema: { body: { type: 'object', required: ['activityId', 'orgId'], properties: { activityId: idSchema, orgId: idSchema, stage, subjectCode, keyword, ...pageProps } } },
    }),
    async (request) => ok(await candidates(ctx, await reach(request, request.body.activityId), request.body), localeOf(request)),
  );

  const saveAudit: AuditSpec = {
    action: 'activityAuditPerson.save',
    entity: 'activityAuditPerson',
    ids: (request) => [(request.body as SaveGroup).activityId],
  };
  app.post<{ Body: SaveGroup }>(
    `${PERSON}/save`,
    {
      ...managed(ctx, 'write', saveAudit),
      schema: {
        body: {
          type: 'object',
          required: ['activityId', 'level', 'orgId', 'stage', 'subjectCode', 'persons'],
          properties: {
            activityId: idSchema,
            level,
            orgId: idSchema,
            stage,
            subjectCode,
            persons: {
              type: 'array',
              maxItems: PERSONS_MAX,
              items: { type: 'object', required: ['userId'], properties: { userId: idSchema, finalReviewer: { type: 'boolean' } } },
            },
          },
        },
      },
    },
    async (request) => ok(await saveGroup(ctx, await reach(request, request.body.activityId), request.body, request.auth!.user.id), localeOf(request)),
  );

  app.post<{ Body: { activityId: string } }>(
    `${PERSON}/getUploadedWorkEdition`,
    { ...managed(ctx, 'read'), schema: { body: { type: 'object', required: ['activityId'], properties: { activityId: idSchema } } } },
    async (request) => ok(await uploadedByEdition(ctx, await reach(request, request.body.activityId)), localeOf(request)),
  );

  app.post<{ Body: NodePageQuery }>(
    `${PERSON}/getUploadedWorkNodePage`,
    heavy({
      ...managed(ctx, 'read'),
      schema: { body: { type: 'object', required: ['activityId'], properties: { activityId: idSchema, bookId: idSchema, stage, subjectCode, ...pageProps } } },
    }),
    async (request) => ok(await uploadedByNode(ctx, await reach(request, request.body.activityId), request.body), localeOf(request)),
  );

  app.post<{ Body: ReviewWorksQuery }>(
    `${ACTIVITY_PREFIX}/works/audit/page`,
    heavy({
      ...managed(ctx, 'read'),
      schema: {
        body: {
          type: 'object',
          required: ['activityId'],
          properties: {
            activityId: idSchema,
            level,
            reviewState: { type: 'integer', enum: [1, 2, 3, 4, 5] },
            stage,
            subjectCode,
            districtId: idSchema,
            schoolId: idSchema,
            keyword,
            ...pageProps,
          },
        },
      },
    }),
    async (request) => ok(await reviewWorksPage(ctx, await reach(request, request.body.activityId), request.body), localeOf(request)),
  );
}
