/**
 * The back-office side of `/cloudSchool/v1/carouselImage/*` (type=lbt): the manager's list, save,
 * order, enable / disable / delete. Every call opens with `managed()`. A slide's level decides who may
 * change it: the city's slides (no organisation) only the city bureau's administrators; a district's or
 * a school's own slides its administrators and those above (docs/roles.md). A slide outside the
 * caller's reach is refused by id with 403 「不在您的管理范围内」, and nothing changes.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import type { AuditSpec } from '../audit/auditSpec.js';
import { snapshotOf } from '../audit/snapshot.js';
import { carouselImages, type SlideVisibility } from '../db/schema.js';
import { idSchema, newId } from '../db/ids.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { pageProps } from '../http/schemaRules.js';
import { managed } from '../management/access.js';
import { assertInScope, type OrgScope } from '../management/orgScope.js';
import { BACKOFFICE_WRITE_ROLES } from '@dscloud/sdk/codes';
import type { CarouselRepo, SlideRow } from './carouselRepo.js';
import { slideProps, toSlide } from './carouselView.js';
import { heavy } from '../http/heavyRoutes.js';

const P = '/cloudSchool/v1/carouselImage';

interface SlideInput {
  carouselImageId?: string;
  groupId?: string;
  key?: string;
  title: string;
  titleByIdentity?: Record<string, string>;
  subtitle?: string;
  titleEn?: string;
  titleByIdentityEn?: Record<string, string>;
  subtitleEn?: string;
  imageUrl?: string;
  imageFileId?: string | null;
  target?: Record<string, unknown>;
  visibility?: SlideVisibility;
  enabled?: number;
  sort?: number;
  orgId?: string | null;
}

interface ManagerFilter {
  pageNum?: number;
  pageSize?: number;
  groupId?: string;
  visibility?: SlideVisibility;
  enabled?: 0 | 1;
  keyword?: string;
}

/** May the caller change a slide of this level? The city's slides are the whole platform's. */
function covers(scope: OrgScope | null, orgId: string | null): boolean {
  return scope !== null && (orgId === null ? scope.all : scope.covers(orgId));
}

function assertLevel(scope: OrgScope | null, orgId: string | null, field: string): void {
  if (!covers(scope, orgId)) assertInScope(null, orgId, field);
}

/** The organisation a new slide of a district or school administrator belongs to: the one their role is held in. */
function ownOrg(request: FastifyRequest): string | null {
  if (request.scope?.all) return null;
  const role = request.auth?.roles.find((r) => (BACKOFFICE_WRITE_ROLES as readonly string[]).includes(r.roleCode) && r.orgId);
  return role?.orgId ?? null;
}

export async function carouselManageRoutes(app: FastifyInstance, ctx: AppContext, repo: CarouselRepo): Promise<void> {
  const snapshot = snapshotOf(ctx.db.orm, carouselImages.id, {
    title: carouselImages.title,
    subtitle: carouselImages.subtitle,
    titleEn: carouselImages.titleEn,
    subtitleEn: carouselImages.subtitleEn,
    imageUrl: carouselImages.imageUrl,
    imageFileId: carouselImages.imageFileId,
    target: carouselImages.target,
    visibility: carouselImages.visibility,
    enabled: carouselImages.enabled,
    sort: carouselImages.sort,
    orgId: carouselImages.orgId,
  });
  const audit = (verb: string, ids: (request: FastifyRequest) => readonly string[]): AuditSpec => ({
    action: `carouselImage.${verb}`,
    entity: 'carouselImage',
    ids,
    snapshot,
    createdIds: (data) => {
      const id = (data as { carouselImageId?: unknown } | null)?.carouselImageId;
      return typeof id === 'string' ? [id] : [];
    },
  });
  const bodyIds = (request: FastifyRequest) => (request.body as { carouselImageIds: string[] }).carouselImageIds;
  const media = ctx.media.url;

  /** Every slide of `ids` exists (404 naming the missing) and is in the caller's reach (403). */
  const requireSlides = async (request: FastifyRequest, ids: string[]) => {
    const levels = await repo.levels(ids);
    const missing = ids.filter((id) => !levels.has(id));
    if (missing.length > 0) throw new AppError(Codes.NOT_FOUND, `轮播图不存在：${missing.join('、')}`, { field: 'carouselImageIds' });
    for (const level of levels.values()) assertLevel(request.scope, level.orgId, 'carouselImageIds');
    return levels;
  };

  app.post<{ Body: ManagerFilter | null }>(
    `${P}/getManagerViewPage`,
    heavy({
      ...managed(ctx, 'read'),
      schema: {
        body: {
          type: ['object', 'null'],
          properties: { ...pageProps, groupId: slideProps.groupId, visibility: slideProps.visibility, enabled: slideProps.enabled, keyword: { type: 'string', maxLength: 50 } },
        },
      },
    }),
    async (request) => {
      const body = request.body ?? {};
      const scope = request.scope!;
      const page = await repo.page(
        {
          audience: null,
          includeDisabled: true,
          ...(body.groupId ? { groupId: body.groupId } : {}),
          ...(body.visibility ? { visibility: body.visibility } : {}),
          ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
          ...(body.keyword?.trim() ? { keyword: body.keyword.trim() } : {}),
          ...(scope.all ? {} : { orgs: { reach: scope.orgIds } }),
        },
        body,
      );
      const names = await repo.orgNames([...new Set(page.rows.flatMap((r) => (r.orgId ? [r.orgId] : [])))]);
      return ok({ ...page, rows: page.rows.map((r) => toSlide(r, null, media, r.orgId ? (names.get(r.orgId) ?? r.orgId) : '')) }, localeOf(request));
    },
  );

  app.post<{ Body: SlideInput }>(
    `${P}/save`,
    {
      ...managed(ctx, 'write', audit('save', (request) => {
        const id = (request.body as SlideInput).carouselImageId;
        return id ? [id] : [];
      })),
      schema: { body: { type: 'object', required: ['title'], properties: { carouselImageId: idSchema, ...slideProps } } },
    },
    async (request) => {
      const b = request.body;
      const title = b.title.trim();
      if (!title) throw new AppError(Codes.BAD_REQUEST, '参数 title 不能为空', { field: 'title' });
      if (b.target?.type === 'url' && !b.target.url) throw new AppError(Codes.MISSING_PARAMETER, '缺少参数：target.url（外部链接地址）', { field: 'target.url' });
      if (b.target?.type === 'route' && !b.target.path) throw new AppError(Codes.MISSING_PARAMETER, '缺少参数：target.path（站内页面路径）', { field: 'target.path' });
      const now = ctx.now();
      let existing: SlideRow | undefined;
      if (b.carouselImageId) {
        existing = await repo.find(b.carouselImageId);
        if (!existing) throw new AppError(Codes.NOT_FOUND, `轮播图不存在：${b.carouselImageId}`, { field: 'carouselImageId' });
        assertLevel(request.scope, existing.orgId, 'carouselImageId');
      } else if (!b.imageUrl && !b.imageFileId) {
        throw new AppError(Codes.MISSING_PARAMETER, '缺少参数：imageUrl 或 imageFileId（轮播图片）', { field: 'imageFileId' });
      }
      // A slide moves to another level only within the caller's reach; a new one is of the caller's level.
      const orgId = b.orgId !== undefined ? b.orgId : existing ? existing.orgId : ownOrg(request);
      assertLevel(request.scope, orgId, 'orgId');
      if (existing) {
        // Only what the body gives changes; an absent property keeps its stored value.
        await repo.update(existing.id, {
          groupId: b.groupId,
          slideKey: b.key,
          title,
          titleByIdentity: b.titleByIdentity,
          subtitle: b.subtitle,
          titleEn: b.titleEn?.trim(),
          titleByIdentityEn: b.titleByIdentityEn,
          subtitleEn: b.subtitleEn?.trim(),
          imageUrl: b.imageUrl,
          imageFileId: b.imageFileId,
          target: b.target,
          visibility: b.visibility,
          enabled: b.enabled,
          sort: b.sort,
          orgId,
          updatedAt: now,
        });
      }
      const id = existing?.id ?? newId('cs');
      if (!existing) {
        const groupId = b.groupId ?? 'home';
        await repo.insert({
          id,
          groupId,
          slideKey: b.key ?? '',
          title,
          titleByIdentity: b.titleByIdentity ?? {},
          subtitle: b.subtitle ?? '',
          titleEn: b.titleEn?.trim() ?? '',
          titleByIdentityEn: b.titleByIdentityEn ?? {},
          subtitleEn: b.subtitleEn?.trim() ?? '',
          imageUrl: b.imageUrl ?? '',
          imageFileId: b.imageFileId ?? null,
          target: b.target ?? { type: 'none' },
          visibility: b.visibility ?? 'all',
          enabled: b.enabled ?? 1,
          sort: b.sort ?? (await repo.nextSort(groupId, orgId)),
          orgId,
          createdBy: request.auth!.user.id,
          createdAt: now,
          updatedAt: now,
        });
      }
      return ok(toSlide((await repo.find(id))!, null, media), localeOf(request));
    },
  );

  const idsBody = { type: 'array', minItems: 1, maxItems: 100, items: idSchema } as const;

  app.post<{ Body: { carouselImageIds: string[] } }>(
    `${P}/sort`,
    { ...managed(ctx, 'write', audit('sort', bodyIds)), schema: { body: { type: 'object', required: ['carouselImageIds'], properties: { carouselImageIds: idsBody } } } },
    async (request) => {
      const ids = [...new Set(request.body.carouselImageIds)];
      const levels = [...(await requireSlides(request, ids)).values()];
      const level = levels[0]!;
      if (levels.some((l) => l.groupId !== level.groupId || l.orgId !== level.orgId)) {
        throw new AppError(Codes.BAD_REQUEST, '参数 carouselImageIds 只能是同一分组、同一级别的轮播图', { field: 'carouselImageIds' });
      }
      // The listed slides come first in the given order; the others of their level follow in their present order.
      await repo.reorder(ids, level, ctx.now());
      return ok({ carouselImageIds: ids }, localeOf(request));
    },
  );

  app.post<{ Body: { carouselImageIds: string[]; operation: 'enable' | 'disable' | 'delete' } }>(
    `${P}/batch/operation`,
    {
      // One action for the three operations: the changed fields say which (enabled, or every field gone).
      ...managed(ctx, 'write', audit('batch', bodyIds)),
      schema: {
        body: {
          type: 'object',
          required: ['carouselImageIds', 'operation'],
          properties: { carouselImageIds: idsBody, operation: { type: 'string', enum: ['enable', 'disable', 'delete'] } },
        },
      },
    },
    async (request) => {
      const ids = [...new Set(request.body.carouselImageIds)];
      await requireSlides(request, ids);
      const op = request.body.operation;
      if (op === 'delete') await repo.delete(ids);
      else await repo.setEnabled(ids, op === 'enable' ? 1 : 0, ctx.now());
      return ok({ operation: op, count: ids.length }, localeOf(request));
    },
  );
}
