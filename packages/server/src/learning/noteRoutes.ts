/**
 * `/cloudSchool/v1/lessonNote/*`: notes taken while watching, at a moment of a video. Notes are
 * private: another user's note does not exist for the caller (404), whatever their role.
 */
import type { FastifyInstance } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { idSchema, newId } from '../db/ids.js';
import { visibleLesson } from '../lessons/lessonActions.js';
import { LessonQueries } from '../lessons/lessonQueries.js';
import { pageProps } from '../http/schemaRules.js';
import { NoteRepo, type NoteRow } from './noteRepo.js';
import type { FileUrl } from '../lessons/lessonView.js';
import { filterKey } from '../lessons/publicPageCache.js';
import { JSON_TYPE, type LearnerPageCache } from './learnerPageCache.js';
import { heavy } from '../http/heavyRoutes.js';

const P = '/cloudSchool/v1/lessonNote';
/** The body fields that choose a notes page (the key of its cached answer). */
const NOTE_FILTER = ['pageNum', 'pageSize', 'lessonId', 'keyword'];

const noteOf = (fileUrl: FileUrl) => (r: NoteRow) => ({
  lessonNoteId: r.id,
  lessonId: r.lessonId,
  resourceId: r.resourceId,
  content: r.content,
  videoTime: r.videoTime,
  lessonTitle: r.lessonTitle,
  lessonCoverUrl: r.coverFileId ? fileUrl(r.coverFileId) : r.coverUrl,
  subjectCode: r.subjectCode,
  createTime: r.createdAt,
  updateTime: r.updatedAt,
});

export async function noteRoutes(app: FastifyInstance, ctx: AppContext, pages: LearnerPageCache): Promise<void> {
  const notes = new NoteRepo(ctx.db.orm);
  const queries = new LessonQueries(ctx.db.orm, ctx.now, ctx.media);
  const toNote = noteOf(ctx.media.url);
  const user = { preValidation: ctx.guard.requireUser };
  const ownNote = async (userId: string, noteId: string) => {
    const row = await notes.own(userId, noteId);
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
        if (note.lessonId !== lessonId) throw new AppError(Codes.BAD_REQUEST, '参数 lessonId 与笔记所属的课程不一致', { field: 'lessonId' });
        await notes.update(userId, id, { content, videoTime, resourceId, updatedAt: now });
      } else {
        id = newId('nt');
        await notes.insert({ id, userId, lessonId, resourceId, content, videoTime, createdAt: now, updatedAt: now });
      }
      await pages.dropUser(userId);
      return ok(toNote(await ownNote(userId, id)), localeOf(request));
    },
  );

  app.post<{ Body: { pageNum?: number; pageSize?: number; lessonId?: string; keyword?: string } | undefined }>(
    `${P}/getNotesPage`,
    heavy({
      ...user,
      schema: { body: { type: ['object', 'null'], properties: { ...pageProps, lessonId: idSchema, keyword: { type: 'string', maxLength: 50 } } } },
    }),
    async (request, reply) => {
      const body = request.body ?? {};
      const keyword = body.keyword?.trim();
      const userId = request.auth!.user.id;
      const locale = localeOf(request);
      const bytes = await pages.get(userId, filterKey(['notes', locale], body, NOTE_FILTER), async () => {
        const page = await notes.page({ userId, ...(body.lessonId ? { lessonId: body.lessonId } : {}), ...(keyword ? { keyword } : {}) }, body);
        return ok({ ...page, rows: page.rows.map(toNote) }, locale);
      });
      reply.type(JSON_TYPE);
      return bytes;
    },
  );

  app.delete<{ Querystring: { lessonNoteId: string } }>(
    `${P}/deleteByNoteId`,
    { ...user, schema: { querystring: { type: 'object', required: ['lessonNoteId'], properties: { lessonNoteId: idSchema } } } },
    async (request) => {
      const userId = request.auth!.user.id;
      await ownNote(userId, request.query.lessonNoteId);
      await notes.delete(userId, request.query.lessonNoteId);
      await pages.dropUser(userId);
      return ok({ lessonNoteId: request.query.lessonNoteId, deleted: 1 }, localeOf(request));
    },
  );

  app.delete<{ Querystring: { lessonId: string } }>(
    `${P}/deleteByLessonId`,
    { ...user, schema: { querystring: { type: 'object', required: ['lessonId'], properties: { lessonId: idSchema } } } },
    async (request) => {
      const deleted = await notes.deleteOfLesson(request.auth!.user.id, request.query.lessonId);
      await pages.dropUser(request.auth!.user.id);
      return ok({ lessonId: request.query.lessonId, deleted }, localeOf(request));
    },
  );
}
