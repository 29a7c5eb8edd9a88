/**
 * The organiser's side of `/cloudSchool/v1/resourceCollectActivity/*` (type=activemana and
 * type=create-activity): save, edit, page, detail, set/status and batch/delete. Every call opens with
 * `managed()`; an activity belongs to its organiser organisation and is reached only by administrators
 * whose subtree holds it (403 「不在您的管理范围内」 otherwise, nothing changed). Edits and status
 * changes compare-and-set the `version` the caller read: a stale one gets 409 with the current activity.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ActivityStatus, type ActivityDetail } from '@dscloud/sdk/activities';
import { BACKOFFICE_WRITE_ROLES } from '@dscloud/sdk/codes';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import type { AuditSpec } from '../audit/auditSpec.js';
import { snapshotOf } from '../audit/snapshot.js';
import { activities } from '../db/schema.js';
import { idSchema, newId } from '../db/ids.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { managed } from '../management/access.js';
import { assertInScope } from '../management/orgScope.js';
import { loadActivity, type ActivityRow } from './activityAccess.js';
import { fieldsOf, type ActivityRepo } from './activityRepo.js';
import { checkEditAllowed, checkFields, checkPublishable, NEW_ACTIVITY, normalisePatch, type ActivityFields, type ActivityPatch } from './activityRules.js';
import { editBody, idParams, pageBody, saveBody } from './activitySchemas.js';
import { assertBackToDraft, assertTransition } from './activityStatus.js';
import type { ActivityView } from './activityView.js';
import { filterKey, type PublicPageCache } from '../lessons/publicPageCache.js';
import { orgSetKey } from './listPages.js';
import { heavy } from '../http/heavyRoutes.js';

export const ACTIVITY_PREFIX = '/cloudSchool/v1/resourceCollectActivity';
const P = ACTIVITY_PREFIX;

type EditBody = ActivityPatch & { activityId: string; version: number };
const PAGE_FIELDS = Object.keys(pageBody.properties);
interface PageQuery {
  pageNum?: number;
  pageSize?: number;
  keyword?: string;
  status?: number;
  phase?: ActivityDetail['phase'];
  activitySystem?: number;
  orgId?: string;
}

/** The organisation of the caller's managing role: a new activity's organiser when the body names none. */
function ownOrg(request: FastifyRequest): string | null {
  const role = request.auth?.roles.find((r) => (BACKOFFICE_WRITE_ROLES as readonly string[]).includes(r.roleCode) && r.orgId);
  return role?.orgId ?? null;
}

export async function activityManageRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  repo: ActivityRepo,
  view: ActivityView,
  changed: () => Promise<void>,
  listPages: PublicPageCache,
): Promise<void> {
  const db = ctx.db.orm;
  // Any successful organiser write may change what the public list shows: dropped before the answer
  // leaves, so the caller's next read already misses.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 300 && request.routeOptions.config.audit?.entity === 'resourceCollectActivity') await changed();
    return payload;
  });
  const snapshot = snapshotOf(db, activities.id, {
    name: activities.name,
    status: activities.status,
    orgId: activities.orgId,
    activitySystem: activities.activitySystem,
    signUpStartAt: activities.signUpStartAt,
    signUpEndAt: activities.signUpEndAt,
    uploadStartAt: activities.uploadStartAt,
    uploadEndAt: activities.uploadEndAt,
    auditStartAt: activities.auditStartAt,
    auditEndAt: activities.auditEndAt,
    reviewLevels: activities.reviewLevels,
    rules: activities.rules,
    deletedAt: activities.deletedAt,
    version: activities.version,
  });
  const audit = (verb: string, ids: (request: FastifyRequest) => readonly string[]): AuditSpec => ({
    action: `resourceCollectActivity.${verb}`,
    entity: 'resourceCollectActivity',
    ids,
    snapshot,
    createdIds: (data) => {
      const id = (data as { activityId?: unknown } | null)?.activityId;
      return typeof id === 'string' ? [id] : [];
    },
  });
  const bodyId = (request: FastifyRequest) => [(request.body as { activityId: string }).activityId];

  /** The organiser organisation, existing and in the caller's reach; its type bounds the review levels. */
  const organiser = async (request: FastifyRequest, orgId: string) => {
    const org = await repo.org(orgId);
    if (!org) throw new AppError(Codes.BAD_REQUEST, `参数 orgId（主办单位）不存在：${orgId}`, { field: 'orgId' });
    assertInScope(request.scope, orgId, 'orgId');
    return org;
  };

  /** The activity by id, in the caller's reach (404 when missing, 403 when outside). */
  const reachable = async (request: FastifyRequest, id: string, field = 'activityId') => {
    const row = await loadActivity(db, id, field);
    assertInScope(request.scope, row.orgId, field);
    return row;
  };

  const stale = async (row: ActivityRow) => {
    const current = await view.detail(row, ctx.now());
    return new AppError(Codes.CONFLICT, `活动已被他人修改（当前版本 ${row.version}），请刷新后重试`, { field: 'version', data: { current } });
  };

  app.post<{ Body: ActivityPatch }>(`${P}/save`, { ...managed(ctx, 'write', audit('save', () => [])), schema: { body: saveBody } }, async (request) => {
    const patch = normalisePatch(request.body);
    const orgId = patch.orgId ?? ownOrg(request);
    if (!orgId) throw new AppError(Codes.MISSING_PARAMETER, '缺少参数：orgId（主办单位）', { field: 'orgId' });
    const org = await organiser(request, orgId);
    const fields = { ...NEW_ACTIVITY, ...patch, orgId } as ActivityFields;
    checkFields(fields, org.orgType);
    await repo.checkScope(fields.scope);
    const id = newId('ac');
    await repo.insert(id, fields, request.auth!.user.id, ctx.now());
    return ok(await view.detail((await repo.find(id))!, ctx.now()), localeOf(request));
  });

  app.post<{ Body: EditBody }>(`${P}/edit`, { ...managed(ctx, 'write', audit('edit', bodyId)), schema: { body: editBody } }, async (request) => {
    const { activityId, version, ...body } = request.body;
    const row = await reachable(request, activityId);
    if (version !== row.version) throw await stale(row);
    const before = fieldsOf(row, (await repo.scopes([row.id])).get(row.id) ?? []);
    const after: ActivityFields = { ...before, ...normalisePatch(body) };
    const org = await organiser(request, after.orgId);
    checkFields(after, org.orgType);
    await repo.checkScope(after.scope);
    const now = ctx.now();
    checkEditAllowed(row.status, before, after, await repo.activeSignUps(row.id), now);
    if (row.status === ActivityStatus.PUBLISHED) checkPublishable(after);
    if (!(await repo.update(row.id, version, after, now))) throw await stale(await loadActivity(db, row.id));
    return ok(await view.detail((await repo.find(row.id))!, now), localeOf(request));
  });

  app.post<{ Body: PageQuery | null }>(`${P}/page`, heavy({ ...managed(ctx, 'read'), schema: { body: pageBody } }), async (request, reply) => {
    const body = request.body ?? {};
    const scope = request.scope!;
    let orgIds = scope.all ? undefined : scope.orgIds;
    if (body.orgId) orgIds = scope.covers(body.orgId) ? [body.orgId] : [];
    const locale = localeOf(request);
    const load = async () => {
      const now = ctx.now();
      const page = await repo.page(
        { orgIds, status: body.status, phase: body.phase, activitySystem: body.activitySystem, keyword: body.keyword },
        body,
        now,
      );
      return ok({ ...page, rows: await view.summaries(page.rows, now) }, locale);
    };
    const key = filterKey(['page', orgSetKey(orgIds), locale], body, PAGE_FIELDS);
    const bytes = await listPages.get(key, load);
    reply.type('application/json; charset=utf-8');
    return bytes;
  });

  app.get<{ Params: { id: string } }>(`${P}/detail/:id`, { ...managed(ctx, 'read'), schema: { params: idParams } }, async (request) => {
    const row = await reachable(request, request.params.id, 'id');
    return ok(await view.detail(row, ctx.now()), localeOf(request));
  });

  app.post<{ Body: { activityId: string; status: number; version: number } }>(
    `${P}/set/status`,
    {
      ...managed(ctx, 'write', audit('setStatus', bodyId)),
      schema: {
        body: {
          type: 'object',
          required: ['activityId', 'status', 'version'],
          properties: { activityId: idSchema, status: { type: 'integer', enum: [0, 1, 2] }, version: { type: 'integer', minimum: 1 } },
        },
      },
    },
    async (request) => {
      const { activityId, status, version } = request.body;
      const row = await reachable(request, activityId);
      if (version !== row.version) throw await stale(row);
      assertTransition(row.status, status);
      if (status === ActivityStatus.PUBLISHED) {
        const fields = fieldsOf(row, (await repo.scopes([row.id])).get(row.id) ?? []);
        const org = await organiser(request, row.orgId);
        checkFields(fields, org.orgType);
        checkPublishable(fields);
      }
      if (row.status === ActivityStatus.WITHDRAWN && status === ActivityStatus.DRAFT) assertBackToDraft(await repo.activeSignUps(row.id));
      const now = ctx.now();
      if (!(await repo.setStatus(row.id, version, status, now))) throw await stale(await loadActivity(db, row.id));
      const [summary] = await view.summaries([(await repo.find(row.id))!], now);
      return ok(summary, localeOf(request));
    },
  );

  app.post<{ Body: { activityIds: string[] } }>(
    `${P}/batch/delete`,
    {
      ...managed(ctx, 'write', audit('delete', (request) => (request.body as { activityIds: string[] }).activityIds)),
      schema: { body: { type: 'object', required: ['activityIds'], properties: { activityIds: { type: 'array', minItems: 1, maxItems: 100, items: idSchema } } } },
    },
    async (request) => {
      const ids = [...new Set(request.body.activityIds)];
      const found = new Map((await repo.findMany(ids)).map((r) => [r.id, r]));
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length) throw new AppError(Codes.NOT_FOUND, `活动不存在或已删除：${missing.join('、')}`, { field: 'activityIds' });
      for (const row of found.values()) assertInScope(request.scope, row.orgId, 'activityIds');
      const signUps = await repo.signUpCounts(ids);
      for (const row of found.values()) {
        if (row.status === ActivityStatus.PUBLISHED) {
          throw new AppError(Codes.CONFLICT, `活动「${row.name}」已发布，不能删除：请先撤回`, { field: 'activityIds' });
        }
        const n = signUps.get(row.id) ?? 0;
        if (n > 0) throw new AppError(Codes.CONFLICT, `活动「${row.name}」已有 ${n} 位教师报名，不能删除`, { field: 'activityIds' });
      }
      const deleted = await repo.softDelete(ids, ctx.now());
      return ok({ deleted }, localeOf(request));
    },
  );
}
