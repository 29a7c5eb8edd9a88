/**
 * `/cloudSchool/v1/lessonNote/*`: notes taken while watching, at a moment of a video. Notes are
 * private: another user's note does not exist for the caller (404), whatever their role.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { idSchema, newId } from '../db/ids.js';
import { visibleLesson } from '../lessons/lessonActions.js';
import { LessonQueries } from '../lessons/lessonQueries.js';
import { pageProps } from '../lessons/lessonSchemas.js';
import { allOf, containsPattern, first, num, paged, rows, str, strOrNull, type Row } from '../db/rows.js';
import type { FileUrl } from '../lessons/lessonView.js';

const P = '/cloudSchool/v1/lessonNote';

const noteOf = (fileUrl: FileUrl) => (r: Row) => ({
  lessonNoteId: str(r.id),
  lessonId: str(r.lesson_id),
  resourceId: strOrNull(r.resource_id),
  content: str(r.content),
  videoTime: num(r.video_time),
  lessonTitle: str(r.lesson_title),
  lessonCoverUrl: r.cover_file_id ? fileUrl(str(r.cover_file_id)) : str(r.cover_url),
  subjectCode: num(r.subject_code),
  createTime: num(r.created_at),
  updateTime: num(r.updated_at),
});

const NOTE_SELECT = sql`SELECT n.*, l.title AS lesson_title, l.cover_url, l.cover_file_id, l.subject_code
  FROM lesson_notes n JOIN lessons l ON l.id = n.lesson_id`;

export async function noteRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.db.orm;
  const queries = new LessonQueries(db, ctx.now, ctx.media.url);
  const toNote = noteOf(ctx.media.url);
  const user = { preValidation: ctx.guard.requireUser };
  const ownNote = async (userId: string, noteId: string) => {
    const row = await first(db, sql`${NOTE_SELECT} WHERE n.id = ${noteId} AND n.user_id = ${userId}`);
    if (!row) throw new AppError(Codes.NOT_FOUND, `笔记不存在：lessonNoteId ${noteId}`);
    return row;
  };

  app.post<{ Body: { lessonNoteId?: string; lessonId: string; content: string; videoTime: number; resourceId?: string | null } }>(
    `${P}/save`,
    {
      ...user,
      schema: {
        body: {
          type: 'object',
          required: ['lessonId', 'content', 'videoTime'],
          properties: {
            lessonNoteId: idSchema,
            lessonId: idSchema,
            content: { type: 'string', minLength: 1, maxLength: 2000 },
            videoTime: { type: 'integer', minimum: 0, maximum: 86_400 },
            resourceId: { type: ['string', 'null'], pattern: '^[A-Za-z0-9_-]{1,64}$' },
          },
        },
      },
    },
    async (request) => {
      const userId = request.auth!.user.id;
      const { lessonNoteId, lessonId, videoTime } = request.body;
      const content = request.body.content.trim();
      if (!content) throw new AppError(Codes.BAD_REQUEST, '参数 content 不能为空', { field: 'content' });
      const lesson = await visibleLesson(ctx, request.auth, lessonId);
      const resourceId = request.body.resourceId ?? null;
      if (resourceId && !(await queries.resources(lesson.lessonId)).some((r) => r.resourceId === resourceId)) {
        throw new AppError(Codes.BAD_REQUEST, `参数 resourceId 不是这节课的视频：${resourceId}`, { field: 'resourceId' });
      }
      const now = ctx.now();
      let id = lessonNoteId;
      if (id) {
        const note = await ownNote(userId, id);
        if (str(note.lesson_id) !== lessonId) throw new AppError(Codes.BAD_REQUEST, '参数 lessonId 与笔记所属的课程不一致', { field: 'lessonId' });
        await db.execute(sql`UPDATE lesson_notes SET content = ${content}, video_time = ${videoTime}, resource_id = ${resourceId}, updated_at = ${now}
                             WHERE id = ${id} AND user_id = ${userId}`);
      } else {
        id = newId('nt');
        await db.execute(sql`INSERT INTO lesson_notes (id, user_id, lesson_id, resource_id, content, video_time, created_at, updated_at)
                             VALUES (${id}, ${userId}, ${lessonId}, ${resourceId}, ${content}, ${videoTime}, ${now}, ${now})`);
      }
      return ok(toNote(await ownNote(userId, id)), localeOf(request));
    },
  );

  app.post<{ Body: { pageNum?: number; pageSize?: number; lessonId?: string; keyword?: string } | undefined }>(
    `${P}/getNotesPage`,
    {
      ...user,
      schema: { body: { type: ['object', 'null'], properties: { ...pageProps, lessonId: idSchema, keyword: { type: 'string', maxLength: 50 } } } },
    },
    async (request) => {
      const body = request.body ?? {};
      const where = [sql`n.user_id = ${request.auth!.user.id}`];
      if (body.lessonId) where.push(sql`n.lesson_id = ${body.lessonId}`);
      if (body.keyword?.trim()) {
        const p = containsPattern(body.keyword.trim());
        where.push(sql`(n.content ILIKE ${p} OR l.title ILIKE ${p})`);
      }
      const condition = allOf(where);
      // A video's notes read in time order; the "my notes" list shows the newest first.
      const order = body.lessonId ? sql`n.video_time, n.created_at` : sql`n.created_at DESC, n.id DESC`;
      const page = await paged(
        body,
        async (limit, offset) => (await rows(db, sql`${NOTE_SELECT} WHERE ${condition} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`)).map(toNote),
        async () => num((await first(db, sql`SELECT count(*) AS n FROM lesson_notes n JOIN lessons l ON l.id = n.lesson_id WHERE ${condition}`))?.n),
      );
      return ok(page, localeOf(request));
    },
  );

  app.delete<{ Querystring: { lessonNoteId: string } }>(
    `${P}/deleteByNoteId`,
    { ...user, schema: { querystring: { type: 'object', required: ['lessonNoteId'], properties: { lessonNoteId: idSchema } } } },
    async (request) => {
      const userId = request.auth!.user.id;
      await ownNote(userId, request.query.lessonNoteId);
      await db.execute(sql`DELETE FROM lesson_notes WHERE id = ${request.query.lessonNoteId} AND user_id = ${userId}`);
      return ok({ lessonNoteId: request.query.lessonNoteId, deleted: 1 }, localeOf(request));
    },
  );

  app.delete<{ Querystring: { lessonId: string } }>(
    `${P}/deleteByLessonId`,
    { ...user, schema: { querystring: { type: 'object', required: ['lessonId'], properties: { lessonId: idSchema } } } },
    async (request) => {
      const deleted = await rows(
        db,
        sql`DELETE FROM lesson_notes WHERE lesson_id = ${request.query.lessonId} AND user_id = ${request.auth!.user.id} RETURNING id`,
      );
      return ok({ lessonId: request.query.lessonId, deleted: deleted.length }, localeOf(request));
    },
  );
}
