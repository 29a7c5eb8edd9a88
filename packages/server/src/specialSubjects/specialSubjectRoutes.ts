/**
 * `/cloudSchool/v1/specialSubject/*`: special topics (专题课程) that group lessons across subjects.
 * The list is public; creating, editing, ordering and deleting topics is for administrators.
 * Deleting a topic keeps its lessons; it only removes them from the topic.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import type { Orm } from '../db/database.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { requireAdmin } from '../lessons/access.js';
import { idSchema, newId } from '../db/ids.js';
import { idList } from '../lessons/lessonQueries.js';
import { containsPattern, first, num, rows, str, type Row } from '../db/rows.js';

const P = '/cloudSchool/v1/specialSubject';

const toTopic = (r: Row) => ({
  specialSubjectId: str(r.id),
  name: str(r.name),
  description: str(r.description),
  coverUrl: str(r.cover_url),
  sort: num(r.sort),
  lessonCount: num(r.lesson_count),
  createTime: num(r.created_at),
  updateTime: num(r.updated_at),
});

const SELECT = sql`SELECT s.*, (SELECT count(*) FROM special_subject_lessons x JOIN lessons l ON l.id = x.lesson_id
  WHERE x.special_subject_id = s.id AND l.publish_status = 1) AS lesson_count FROM special_subjects s`;

const fields = {
  name: { type: 'string', minLength: 1, maxLength: 50 },
  description: { type: 'string', maxLength: 1000 },
  coverUrl: { type: 'string', maxLength: 1000, pattern: '^$|^(/|https?://)[^\\s]*$' },
  sort: { type: 'integer', minimum: 0, maximum: 1_000_000 },
  lessonIds: { type: 'array', maxItems: 500, items: idSchema },
} as const;

interface TopicInput {
  name?: string;
  description?: string;
  coverUrl?: string;
  sort?: number;
  lessonIds?: string[];
}

export async function specialSubjectRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.db.orm;
  const admin = { preValidation: requireAdmin(ctx) };
  const byId = async (id: string) => {
    const row = await first(db, sql`${SELECT} WHERE s.id = ${id}`);
    if (!row) throw new AppError(Codes.NOT_FOUND, `专题不存在：specialSubjectId ${id}`);
    return toTopic(row);
  };
  const checkName = async (name: string, exceptId?: string) => {
    if (!name) throw new AppError(Codes.BAD_REQUEST, '参数 name 不能为空', { field: 'name' });
    const clash = await first(db, sql`SELECT id FROM special_subjects WHERE name = ${name} AND ${exceptId ? sql`id <> ${exceptId}` : sql`TRUE`}`);
    if (clash) throw new AppError(Codes.NAME_EXISTS, `专题名称已存在：${name}`);
  };
  const checkLessons = async (lessonIds: string[]) => {
    if (lessonIds.length === 0) return;
    const found = new Set((await rows(db, sql`SELECT id FROM lessons WHERE id IN (${idList(lessonIds)})`)).map((r) => str(r.id)));
    const missing = lessonIds.findIndex((id) => !found.has(id));
    if (missing >= 0) throw new AppError(Codes.BAD_REQUEST, `参数 lessonIds[${missing}] 对应的课程不存在：${lessonIds[missing]}`, { field: `lessonIds[${missing}]` });
  };
  const setLessons = async (tx: Orm, id: string, lessonIds: string[]) => {
    await tx.execute(sql`DELETE FROM special_subject_lessons WHERE special_subject_id = ${id}`);
    for (const [sort, lessonId] of [...new Set(lessonIds)].entries()) {
      await tx.execute(sql`INSERT INTO special_subject_lessons (special_subject_id, lesson_id, sort) VALUES (${id}, ${lessonId}, ${sort})`);
    }
  };

  app.post<{ Body: { keyword?: string } | undefined }>(
    `${P}/list`,
    { config: { public: true }, schema: { body: { type: ['object', 'null'], properties: { keyword: { type: 'string', maxLength: 50 } } } } },
    async (request) => {
      const keyword = request.body?.keyword?.trim();
      const list = await rows(db, sql`${SELECT} WHERE ${keyword ? sql`s.name ILIKE ${containsPattern(keyword)}` : sql`TRUE`} ORDER BY s.sort, s.created_at, s.id`);
      return ok(list.map(toTopic), localeOf(request));
    },
  );

  app.post<{ Body: TopicInput & { name: string } }>(`${P}/add`, { ...admin, schema: { body: { type: 'object', required: ['name'], properties: fields } } }, async (request) => {
    const body = request.body;
    const name = body.name.trim();
    await checkName(name);
    await checkLessons(body.lessonIds ?? []);
    const id = newId('ss');
    const now = ctx.now();
    const sort = body.sort ?? num((await first(db, sql`SELECT COALESCE(max(sort), 0) + 1 AS n FROM special_subjects`))?.n);
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Orm;
      await tx.execute(sql`INSERT INTO special_subjects (id, name, description, cover_url, sort, created_by, created_at, updated_at)
        VALUES (${id}, ${name}, ${body.description ?? ''}, ${body.coverUrl ?? ''}, ${sort}, ${request.auth!.user.id}, ${now}, ${now})`);
      if (body.lessonIds) await setLessons(tx, id, body.lessonIds);
    });
    return ok(await byId(id), localeOf(request));
  });

  app.post<{ Body: TopicInput & { specialSubjectId: string } }>(
    `${P}/edit`,
    { ...admin, schema: { body: { type: 'object', required: ['specialSubjectId'], properties: { specialSubjectId: idSchema, ...fields } } } },
    async (request) => {
      const { specialSubjectId: id, ...body } = request.body;
      const existing = await byId(id);
      const name = body.name === undefined ? existing.name : body.name.trim();
      await checkName(name, id);
      await checkLessons(body.lessonIds ?? []);
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Orm;
        await tx.execute(sql`UPDATE special_subjects SET name = ${name}, description = ${body.description ?? existing.description},
          cover_url = ${body.coverUrl ?? existing.coverUrl}, sort = ${body.sort ?? existing.sort}, updated_at = ${ctx.now()} WHERE id = ${id}`);
        if (body.lessonIds) await setLessons(tx, id, body.lessonIds);
      });
      return ok(await byId(id), localeOf(request));
    },
  );

  app.post<{ Body: { specialSubjectIds: string[] } }>(
    `${P}/updateSort`,
    {
      ...admin,
      schema: { body: { type: 'object', required: ['specialSubjectIds'], properties: { specialSubjectIds: { type: 'array', minItems: 1, maxItems: 200, items: idSchema } } } },
    },
    async (request) => {
      const ids = [...new Set(request.body.specialSubjectIds)];
      const found = new Set((await rows(db, sql`SELECT id FROM special_subjects WHERE id IN (${idList(ids)})`)).map((r) => str(r.id)));
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length > 0) throw new AppError(Codes.NOT_FOUND, `专题不存在：${missing.join('、')}`);
      // The listed topics come first in the given order; the others follow in their present order.
      const rest = (await rows(db, sql`SELECT id FROM special_subjects WHERE id NOT IN (${idList(ids)}) ORDER BY sort, created_at, id`)).map((r) => str(r.id));
      await db.transaction(async (tx) => {
        for (const [i, id] of [...ids, ...rest].entries()) await tx.execute(sql`UPDATE special_subjects SET sort = ${i + 1}, updated_at = ${ctx.now()} WHERE id = ${id}`);
      });
      return ok((await rows(db, sql`${SELECT} ORDER BY s.sort, s.created_at, s.id`)).map(toTopic), localeOf(request));
    },
  );

  app.delete<{ Querystring: { specialSubjectIds: string } }>(
    `${P}/batchDelete`,
    {
      ...admin,
      schema: { querystring: { type: 'object', required: ['specialSubjectIds'], properties: { specialSubjectIds: { type: 'string', minLength: 1, maxLength: 6500, pattern: '^[A-Za-z0-9_,-]+$' } } } },
    },
    async (request) => {
      const ids = [...new Set(request.query.specialSubjectIds.split(',').filter(Boolean))];
      if (ids.length === 0) throw new AppError(Codes.MISSING_PARAMETER, '缺少参数：specialSubjectIds', { field: 'specialSubjectIds' });
      const found = new Set((await rows(db, sql`SELECT id FROM special_subjects WHERE id IN (${idList(ids)})`)).map((r) => str(r.id)));
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length > 0) throw new AppError(Codes.NOT_FOUND, `专题不存在：${missing.join('、')}`);
      await db.execute(sql`DELETE FROM special_subjects WHERE id IN (${idList(ids)})`);
      return ok({ deleted: ids.length, specialSubjectIds: ids }, localeOf(request));
    },
  );
}
