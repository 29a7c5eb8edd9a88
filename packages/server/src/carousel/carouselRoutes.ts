/**
 * `/cloudSchool/v1/carouselImage/*`: the home banner (spec §2). Reading is public but follows each
 * slide's visibility — the management slide only for a signed-in user who is not a student.
 * Administrators add, edit, order, enable, disable and delete slides.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import type { Orm } from '../db/database.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { isAdmin, optionalUser, requireAdmin } from '../lessons/access.js';
import { idSchema, newId } from '../db/ids.js';
import { idList } from '../lessons/lessonQueries.js';
import { pageProps } from '../lessons/lessonSchemas.js';
import type { FileUrl } from '../lessons/lessonView.js';
import { allOf, first, num, paged, rows, str, strOrNull, type Row } from '../db/rows.js';

const P = '/cloudSchool/v1/carouselImage';
const STUDENT = 6;
export const VISIBILITIES = ['all', 'loggedIn', 'loggedInNotStudent'] as const;

const json = (value: unknown): Record<string, unknown> => (typeof value === 'string' ? JSON.parse(value) : (value ?? {})) as Record<string, unknown>;

function toSlide(r: Row, identityCode: number | null, fileUrl: FileUrl) {
  const titles = json(r.title_by_identity) as Record<string, string>;
  const fileId = strOrNull(r.image_file_id);
  return {
    carouselImageId: str(r.id),
    groupId: str(r.group_id),
    key: str(r.slide_key),
    title: (identityCode !== null && titles[String(identityCode)]) || str(r.title),
    titleByIdentity: titles,
    subtitle: str(r.subtitle),
    imageUrl: fileId ? fileUrl(fileId) : str(r.image_url),
    imageFileId: fileId,
    target: json(r.target),
    visibility: str(r.visibility),
    enabled: num(r.enabled),
    sort: num(r.sort),
    createTime: num(r.created_at),
    updateTime: num(r.updated_at),
  };
}

/** The slides the caller may see: guests "all", students also "loggedIn", everyone else every slide. */
function visibleTo(request: FastifyRequest): SQL {
  const auth = request.auth;
  if (!auth) return sql`c.visibility = 'all'`;
  if (auth.user.identityCode === STUDENT) return sql`c.visibility IN ('all', 'loggedIn')`;
  return sql`TRUE`;
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
  const db = ctx.db.orm;
  const open = { config: { public: true }, preValidation: optionalUser(ctx) };
  const admin = { preValidation: requireAdmin(ctx) };
  const identity = (request: FastifyRequest) => request.auth?.user.identityCode ?? null;

  app.post<{ Body: { pageNum?: number; pageSize?: number; groupId?: string; includeDisabled?: boolean } | undefined }>(
    `${P}/page`,
    { ...open, schema: { body: { type: ['object', 'null'], properties: { ...pageProps, groupId: slideProps.groupId, includeDisabled: { type: 'boolean' } } } } },
    async (request) => {
      const body = request.body ?? {};
      const where = [visibleTo(request)];
      if (body.groupId) where.push(sql`c.group_id = ${body.groupId}`);
      // The back-office lists disabled slides too; everyone else sees only what is switched on.
      if (!(body.includeDisabled && isAdmin(request.auth))) where.push(sql`c.enabled = 1`);
      const condition = allOf(where);
      const page = await paged(
        body,
        async (limit, offset) =>
          (await rows(db, sql`SELECT c.* FROM carousel_images c WHERE ${condition} ORDER BY c.group_id, c.sort, c.id LIMIT ${limit} OFFSET ${offset}`)).map((r) =>
            toSlide(r, identity(request), ctx.media.url),
          ),
        async () => num((await first(db, sql`SELECT count(*) AS n FROM carousel_images c WHERE ${condition}`))?.n),
      );
      return ok(page, localeOf(request));
    },
  );

  app.get<{ Params: { id: string } }>(
    `${P}/list/:id`,
    { ...open, schema: { params: { type: 'object', required: ['id'], properties: { id: slideProps.groupId } } } },
    async (request) => {
      const list = await rows(db, sql`SELECT c.* FROM carousel_images c WHERE c.group_id = ${request.params.id} AND c.enabled = 1 AND ${visibleTo(request)} ORDER BY c.sort, c.id`);
      return ok(list.map((r) => toSlide(r, identity(request), ctx.media.url)), localeOf(request));
    },
  );

  app.get<{ Params: { id: string } }>(`${P}/:id`, { ...open, schema: { params: { type: 'object', required: ['id'], properties: { id: idSchema } } } }, async (request) => {
    const hiddenOk = isAdmin(request.auth) ? sql`TRUE` : sql`c.enabled = 1`;
    const row = await first(db, sql`SELECT c.* FROM carousel_images c WHERE c.id = ${request.params.id} AND ${visibleTo(request)} AND ${hiddenOk}`);
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
      if (b.carouselImageId) {
        const existing = await first(db, sql`SELECT * FROM carousel_images WHERE id = ${b.carouselImageId}`);
        if (!existing) throw new AppError(Codes.NOT_FOUND, `轮播图不存在：${b.carouselImageId}`);
        await db.execute(sql`UPDATE carousel_images SET group_id = ${b.groupId ?? str(existing.group_id)}, slide_key = ${b.key ?? str(existing.slide_key)},
          title = ${title}, title_by_identity = ${JSON.stringify(b.titleByIdentity ?? json(existing.title_by_identity))}::jsonb,
          subtitle = ${b.subtitle ?? str(existing.subtitle)}, image_url = ${b.imageUrl ?? str(existing.image_url)},
          image_file_id = ${b.imageFileId === undefined ? strOrNull(existing.image_file_id) : b.imageFileId},
          target = ${JSON.stringify(b.target ?? json(existing.target))}::jsonb, visibility = ${b.visibility ?? str(existing.visibility)},
          enabled = ${b.enabled ?? num(existing.enabled)}, sort = ${b.sort ?? num(existing.sort)}, updated_at = ${now}
          WHERE id = ${b.carouselImageId}`);
      }
      const id = b.carouselImageId ?? newId('cs');
      if (!b.carouselImageId) {
        const sort = b.sort ?? num((await first(db, sql`SELECT COALESCE(max(sort), 0) + 1 AS n FROM carousel_images WHERE group_id = ${b.groupId ?? 'home'}`))?.n);
        await db.execute(sql`INSERT INTO carousel_images (id, group_id, slide_key, title, title_by_identity, subtitle, image_url, image_file_id, target,
          visibility, enabled, sort, created_by, created_at, updated_at)
          VALUES (${id}, ${b.groupId ?? 'home'}, ${b.key ?? ''}, ${title}, ${JSON.stringify(b.titleByIdentity ?? {})}::jsonb, ${b.subtitle ?? ''},
          ${b.imageUrl ?? ''}, ${b.imageFileId ?? null}, ${JSON.stringify(b.target ?? { type: 'none' })}::jsonb, ${b.visibility ?? 'all'},
          ${b.enabled ?? 1}, ${sort}, ${request.auth!.user.id}, ${now}, ${now})`);
      }
      return ok(toSlide((await first(db, sql`SELECT * FROM carousel_images WHERE id = ${id}`))!, null, ctx.media.url), localeOf(request));
    },
  );

  const idsBody = { type: 'array', minItems: 1, maxItems: 100, items: idSchema } as const;
  const requireSlides = async (ids: string[]) => {
    const found = new Set((await rows(db, sql`SELECT id FROM carousel_images WHERE id IN (${idList(ids)})`)).map((r) => str(r.id)));
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
      const group = str((await first(db, sql`SELECT group_id FROM carousel_images WHERE id = ${ids[0]!}`))?.group_id);
      const rest = (await rows(db, sql`SELECT id FROM carousel_images WHERE group_id = ${group} AND id NOT IN (${idList(ids)}) ORDER BY sort, id`)).map((r) => str(r.id));
      await db.transaction(async (tx) => {
        for (const [i, id] of [...ids, ...rest].entries()) await tx.execute(sql`UPDATE carousel_images SET sort = ${i + 1}, updated_at = ${ctx.now()} WHERE id = ${id}`);
      });
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
      const statement =
        op === 'delete'
          ? sql`DELETE FROM carousel_images WHERE id IN (${idList(ids)})`
          : sql`UPDATE carousel_images SET enabled = ${op === 'enable' ? 1 : 0}, updated_at = ${ctx.now()} WHERE id IN (${idList(ids)})`;
      await (db as Orm).execute(statement);
      return ok({ operation: op, count: ids.length }, localeOf(request));
    },
  );
}
