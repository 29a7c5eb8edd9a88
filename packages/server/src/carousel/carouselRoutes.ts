/**
 * `/cloudSchool/v1/carouselImage/*`: the home banner (spec §2). Reading is public but follows each
 * slide's visibility — the management slide only for a signed-in user who is not a student.
 * Administrators add, edit, order, enable, disable and delete slides.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { isAdmin, optionalUser, requireAdmin } from '../lessons/access.js';
import { idSchema, newId } from '../db/ids.js';
import { pageProps } from '../http/schemaRules.js';
import type { FileUrl } from '../lessons/lessonView.js';
import { CarouselRepo, type Audience, type SlideRow } from './carouselRepo.js';

const P = '/cloudSchool/v1/carouselImage';
const STUDENT = 6;
export const VISIBILITIES = ['all', 'loggedIn', 'loggedInNotStudent'] as const;

function toSlide(r: SlideRow, identityCode: number | null, fileUrl: FileUrl) {
  const titles = r.titleByIdentity;
  const fileId = r.imageFileId;
  return {
    carouselImageId: r.id,
    groupId: r.groupId,
    key: r.slideKey,
    title: (identityCode !== null && titles[String(identityCode)]) || r.title,
    titleByIdentity: titles,
    subtitle: r.subtitle,
    imageUrl: fileId ? fileUrl(fileId) : r.imageUrl,
    imageFileId: fileId,
    target: r.target,
    visibility: r.visibility,
    enabled: r.enabled,
    sort: r.sort,
    createTime: r.createdAt,
    updateTime: r.updatedAt,
  };
}

/** The slides the caller may see: guests "all", students also "loggedIn", everyone else every slide. */
function audienceOf(request: FastifyRequest): Audience {
  const auth = request.auth;
  if (!auth) return ['all'];
  if (auth.user.identityCode === STUDENT) return ['all', 'loggedIn'];
  return null;
}

const slideProps = {
  groupId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,32}$' },
  key: { type: 'string', maxLength: 32 },
  title: { type: 'string', minLength: 1, maxLength: 50 },
  titleByIdentity: { type: 'object', additionalProperties: { type: 'string', maxLength: 50 }, propertyNames: { enum: ['5', '6', '7'] } },
  subtitle: { type: 'string', maxLength: 200 },
  imageUrl: { type: 'string', maxLength: 1000, pattern: '^$|^(/|https?://)[^\\s]*$' },
  imageFileId: { type: ['string', 'null'], pattern: '^[A-Za-z0-9_-]{1,64}$' },
  target: {
    type: 'object',
    required: ['type'],
    properties: { type: { type: 'string', enum: ['route', 'external', 'url', 'none'] }, path: { type: 'string', maxLength: 500 }, key: { type: 'string', maxLength: 64 }, url: { type: 'string', maxLength: 1000, pattern: '^https?://' } },
  },
  visibility: { type: 'string', enum: VISIBILITIES },
  enabled: { type: 'integer', enum: [0, 1] },
  sort: { type: 'integer', minimum: 0, maximum: 1_000_000 },
} as const;

interface SlideInput {
  carouselImageId?: string;
  groupId?: string;
  key?: string;
  title: string;
  titleByIdentity?: Record<string, string>;
  subtitle?: string;
  imageUrl?: string;
  imageFileId?: string | null;
  target?: Record<string, unknown>;
  visibility?: string;
  enabled?: number;
  sort?: number;
}

export async function carouselRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const repo = new CarouselRepo(ctx.db.orm);
  const open = { config: { public: true }, preValidation: optionalUser(ctx) };
  const admin = { preValidation: requireAdmin(ctx) };
  const identity = (request: FastifyRequest) => request.auth?.user.identityCode ?? null;

  app.post<{ Body: { pageNum?: number; pageSize?: number; groupId?: string; includeDisabled?: boolean } | undefined }>(
    `${P}/page`,
    { ...open, schema: { body: { type: ['object', 'null'], properties: { ...pageProps, groupId: slideProps.groupId, includeDisabled: { type: 'boolean' } } } } },
    async (request) => {
      const body = request.body ?? {};
      // The back-office lists disabled slides too; everyone else sees only what is switched on.
      const includeDisabled = Boolean(body.includeDisabled && isAdmin(request.auth));
      const page = await repo.page({ audience: audienceOf(request), ...(body.groupId ? { groupId: body.groupId } : {}), includeDisabled }, body);
      return ok({ ...page, rows: page.rows.map((r) => toSlide(r, identity(request), ctx.media.url)) }, localeOf(request));
    },
  );

  app.get<{ Params: { id: string } }>(
    `${P}/list/:id`,
    { ...open, schema: { params: { type: 'object', required: ['id'], properties: { id: slideProps.groupId } } } },
    async (request) => {
      const list = await repo.group(request.params.id, audienceOf(request));
      return ok(list.map((r) => toSlide(r, identity(request), ctx.media.url)), localeOf(request));
    },
  );

  app.get<{ Params: { id: string } }>(`${P}/:id`, { ...open, schema: { params: { type: 'object', required: ['id'], properties: { id: idSchema } } } }, async (request) => {
    const row = await repo.find(request.params.id, { audience: audienceOf(request), includeDisabled: isAdmin(request.auth) });
    if (!row) throw new AppError(Codes.NOT_FOUND, `轮播图不存在：${request.params.id}`);
    return ok(toSlide(row, identity(request), ctx.media.url), localeOf(request));
  });

  app.post<{ Body: SlideInput }>(
    `${P}/save`,
    { ...admin, schema: { body: { type: 'object', required: ['title'], properties: { carouselImageId: idSchema, ...slideProps } } } },
    async (request) => {
      const b = request.body;
      const title = b.title.trim();
      if (!title) throw new AppError(Codes.BAD_REQUEST, '参数 title 不能为空', { field: 'title' });
      if (!b.imageUrl && !b.imageFileId && !b.carouselImageId) throw new AppError(Codes.MISSING_PARAMETER, '缺少参数：imageUrl 或 imageFileId（轮播图片）', { field: 'imageUrl' });
      const now = ctx.now();
      const visibility = b.visibility as SlideRow['visibility'] | undefined;
      if (b.carouselImageId) {
        if (!(await repo.find(b.carouselImageId))) throw new AppError(Codes.NOT_FOUND, `轮播图不存在：${b.carouselImageId}`);
        // Only what the body gives changes; an absent property keeps its stored value.
        await repo.update(b.carouselImageId, {
          groupId: b.groupId,
          slideKey: b.key,
          title,
          titleByIdentity: b.titleByIdentity,
          subtitle: b.subtitle,
          imageUrl: b.imageUrl,
          imageFileId: b.imageFileId,
          target: b.target,
          visibility,
          enabled: b.enabled,
          sort: b.sort,
          updatedAt: now,
        });
      }
      const id = b.carouselImageId ?? newId('cs');
      if (!b.carouselImageId) {
        const groupId = b.groupId ?? 'home';
        await repo.insert({
          id,
          groupId,
          slideKey: b.key ?? '',
          title,
          titleByIdentity: b.titleByIdentity ?? {},
          subtitle: b.subtitle ?? '',
          imageUrl: b.imageUrl ?? '',
          imageFileId: b.imageFileId ?? null,
          target: b.target ?? { type: 'none' },
          visibility: visibility ?? 'all',
          enabled: b.enabled ?? 1,
          sort: b.sort ?? (await repo.nextSort(groupId)),
          createdBy: request.auth!.user.id,
          createdAt: now,
          updatedAt: now,
        });
      }
      return ok(toSlide((await repo.find(id))!, null, ctx.media.url), localeOf(request));
    },
  );

  const idsBody = { type: 'array', minItems: 1, maxItems: 100, items: idSchema } as const;
  const requireSlides = async (ids: string[]) => {
    const found = await repo.existing(ids);
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) throw new AppError(Codes.NOT_FOUND, `轮播图不存在：${missing.join('、')}`);
  };

  app.post<{ Body: { carouselImageIds: string[] } }>(
    `${P}/sort`,
    { ...admin, schema: { body: { type: 'object', required: ['carouselImageIds'], properties: { carouselImageIds: idsBody } } } },
    async (request) => {
      const ids = [...new Set(request.body.carouselImageIds)];
      await requireSlides(ids);
      // The listed slides come first in the given order; the others follow in their present order.
      await repo.reorder(ids, ctx.now());
      return ok({ carouselImageIds: ids }, localeOf(request));
    },
  );

  app.post<{ Body: { carouselImageIds: string[]; operation: 'enable' | 'disable' | 'delete' } }>(
    `${P}/batch/operation`,
    {
      ...admin,
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
      await requireSlides(ids);
      const op = request.body.operation;
      if (op === 'delete') await repo.delete(ids);
      else await repo.setEnabled(ids, op === 'enable' ? 1 : 0, ctx.now());
      return ok({ operation: op, count: ids.length }, localeOf(request));
    },
  );
}
