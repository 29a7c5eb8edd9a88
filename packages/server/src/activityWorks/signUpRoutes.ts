/**
 * `/cloudSchool/v1/activitySignUp/*` (docs/api.md "Sign-up"): a teacher's sign-up to an activity and
 * the curriculum nodes they claim. Teachers only (students and parents: 4030001), own rows only.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { idSchema } from '../db/ids.js';
import { localeOf, ok } from '../http/envelope.js';
import { requireActivityTeacher } from '../activities/activityAccess.js';
import { AppError } from '../http/appError.js';
import { Codes } from '@dscloud/sdk/errors';
import { phaseOfRow } from '../activities/activityAccess.js';
import { joinableActivity, publishedActivity, rulesOf } from './joinable.js';
import { activityAreas, activitySchools } from './orgs.js';
import { occupancyTreeJson } from './nodeTree.js';
import type { ScopeFilter } from './scopeNodes.js';
import { ScopeNodeCache } from './scopeCache.js';
import { giveUpNode, ownNode, saveNodes, signUp, userInfo, withdrawSignUp, type SignUpInput } from './signUpActions.js';
import { signUpNodes } from '../activities/signUpView.js';
import { workOfNode } from './workView.js';

export const SIGN_UP = '/cloudSchool/v1/activitySignUp';

const text = (maxLength: number, minLength = 0) => ({ type: 'string', minLength, maxLength }) as const;
const activityIdBody = { type: 'object', required: ['activityId'], properties: { activityId: idSchema } } as const;
const idParams = { type: 'object', required: ['id'], properties: { id: idSchema } } as const;

export async function signUpRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const teacher = { preValidation: requireActivityTeacher(ctx) };
  const db = ctx.db.orm;
  const scopeCache = new ScopeNodeCache();
  app.caches.set('activity scope nodes', scopeCache);

  app.get<{ Params: { id: string } }>(`${SIGN_UP}/areaList/:id`, { ...teacher, schema: { params: idParams } }, async (request) => {
    const row = await publishedActivity(db, request.params.id, 'id');
    return ok(await activityAreas(db, row.orgId), localeOf(request));
  });

  app.post<{ Body: { activityId: string; districtId?: string } }>(
    `${SIGN_UP}/schoolList`,
    { ...teacher, schema: { body: { type: 'object', required: ['activityId'], properties: { activityId: idSchema, districtId: idSchema } } } },
    async (request) => {
      const row = await publishedActivity(db, request.body.activityId);
      const schools = await activitySchools(db, row.orgId, request.body.districtId);
      if (!schools) throw new AppError(Codes.MISSING_PARAMETER, '所选区县不在该活动的范围内', { field: 'districtId' });
      return ok(schools, localeOf(request));
    },
  );

  app.get<{ Params: { id: string } }>(`${SIGN_UP}/getUserInfo/:id`, { ...teacher, schema: { params: idParams } }, async (request) =>
    ok(await userInfo(ctx, request.auth!, request.params.id), localeOf(request)),
  );

  app.post<{ Body: SignUpInput }>(
    `${SIGN_UP}/save`,
    {
      ...teacher,
      schema: {
        body: {
          type: 'object',
          required: ['activityId', 'realName', 'stage', 'subjectCode'],
          properties: {
            activityId: idSchema,
            realName: { ...text(50, 1), pattern: '\\S' },
            phone: { type: 'string', pattern: '^(|1[3-9][0-9]{9}|0[0-9]{2,3}-?[0-9]{7,8})$' },
            stage: { type: 'integer', minimum: 1, maximum: 9 },
            subjectCode: { type: 'integer', minimum: 1, maximum: 99999 },
          },
        },
      },
    },
    async (request) => ok(await signUp(ctx, request.auth!, request.body), localeOf(request)),
  );

  app.post<{ Body: { activityId: string } & ScopeFilter }>(
    `${SIGN_UP}/nodeTree`,
    {
      ...teacher,
      schema: {
        body: {
          ...activityIdBody,
          properties: {
            ...activityIdBody.properties,
            editionId: idSchema,
            bookId: idSchema,
            stage: { type: 'integer', minimum: 1, maximum: 9 },
            subjectCode: { type: 'integer', minimum: 1, maximum: 99999 },
          },
        },
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const { activityId, editionId, bookId, stage, subjectCode } = request.body;
      if ((stage === undefined) !== (subjectCode === undefined)) {
        const missing = stage === undefined ? 'stage' : 'subjectCode';
        throw new AppError(Codes.MISSING_PARAMETER, `缺少参数：${missing}（${missing === 'stage' ? '学段' : '学科'}），学段和学科须一起指定`, { field: missing });
      }
      const row = await joinableActivity(db, activityId, auth);
      const rules = rulesOf(row);
      const filter: ScopeFilter = { ...(editionId ? { editionId } : {}), ...(bookId ? { bookId } : {}), ...(stage !== undefined ? { stage, subjectCode: subjectCode! } : {}) };
      const tree = await occupancyTreeJson(
        db,
        scopeCache,
        { activityId: row.id, version: row.version, userId: auth.user.id, teachersPerNode: rules.teachersPerNode, nodesPerTeacher: rules.nodesPerTeacher, open: phaseOfRow(row, ctx.now()).signUpOpen },
        filter,
      );
      // The tree is already JSON (treeTemplate.ts): the envelope is written around it.
      const envelope = JSON.stringify(ok(null, localeOf(request)));
      reply.type('application/json; charset=utf-8');
      return `${envelope.slice(0, envelope.lastIndexOf('null'))}${tree}}`;
    },
  );

  app.post<{ Body: { activityId: string; nodeIds: string[] } }>(
    `${SIGN_UP}/nodeSave`,
    {
      ...teacher,
      schema: {
        body: {
          type: 'object',
          required: ['activityId', 'nodeIds'],
          properties: { activityId: idSchema, nodeIds: { type: 'array', minItems: 1, maxItems: 50, items: idSchema } },
        },
      },
    },
    async (request) => ok(await saveNodes(ctx, request.auth!, request.body.activityId, request.body.nodeIds), localeOf(request)),
  );

  app.get<{ Params: { id: string } }>(`${SIGN_UP}/node/info/:id`, { ...teacher, schema: { params: idParams } }, async (request) => {
    const node = await ownNode(ctx, request.auth!, request.params.id);
    const all = await signUpNodes(db, node.signUpId, true);
    const view = all.find((n) => n.signUpNodeId === node.id)!;
    return ok({ ...view, work: await workOfNode(ctx, node.id) }, localeOf(request));
  });

  app.post<{ Body: { signUpNodeId: string } }>(
    `${SIGN_UP}/node/cancel`,
    { ...teacher, schema: { body: { type: 'object', required: ['signUpNodeId'], properties: { signUpNodeId: idSchema } } } },
    async (request) => ok(await giveUpNode(ctx, request.auth!, request.body.signUpNodeId), localeOf(request)),
  );

  app.get<{ Params: { id: string } }>(`${SIGN_UP}/cancel/:id`, { ...teacher, schema: { params: idParams } }, async (request) =>
    ok(await withdrawSignUp(ctx, request.auth!, request.params.id), localeOf(request)),
  );
}
