/**
 * `/cloudSchool/v1/lessonResourceMark/*`: key points on a video's time line (导学要点), set by the
 * lesson's teacher or an administrator and shown to everyone who may watch the lesson.
 */
import type { FastifyInstance } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import { MARK_LIMITS } from '@dscloud/sdk/lessons';
import type { AppContext } from '../context.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { optionalUser, requireTeacher } from '../lessons/access.js';
import { idSchema } from '../db/ids.js';
import { manageableLesson, visibleLesson } from '../lessons/lessonActions.js';
import { LessonQueries } from '../lessons/lessonQueries.js';
import { lessonAudits } from '../lessons/lessonAudit.js';
import { MarkRepo, type MarkRow } from './markRepo.js';

const P = '/cloudSchool/v1/lessonResourceMark';

const toMark = (r: MarkRow) => ({
  markId: r.id,
  lessonResourceId: r.resourceId,
  markTime: r.markTime,
  title: r.title,
  content: r.content,
  createTime: r.createdAt,
});

interface MarkInput {
  markTime: number;
  title: string;
  content?: string;
}

export async function markRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const marksOf = new MarkRepo(ctx.db.orm);
  const queries = new LessonQueries(ctx.db.orm, ctx.now, ctx.media);
  const list = async (resourceId: string) => (await marksOf.ofResource(resourceId)).map(toMark);
  const lessonOf = async (resourceId: string) => {
    const lessonId = await queries.resourceOwner(resourceId);
    if (!lessonId) throw new AppError(Codes.NOT_FOUND, `视频不存在：lessonResourceId ${resourceId}`);
    return lessonId;
  };

  app.post<{ Body: { lessonResourceId: string; marks: MarkInput[] } }>(
    `${P}/batchSave`,
    {
      preValidation: requireTeacher(ctx),
      // An administrator's change of a teacher's key points is audited (the teacher's own is not).
      config: { audit: lessonAudits(ctx.db.orm).marks },
      schema: {
        body: {
          type: 'object',
          required: ['lessonResourceId', 'marks'],
          properties: {
            lessonResourceId: idSchema,
            marks: {
              type: 'array',
              maxItems: MARK_LIMITS.marks,
              items: {
                type: 'object',
                required: ['markTime', 'title'],
                properties: {
                  markTime: { type: 'integer', minimum: 0, maximum: 86_400 },
                  title: { type: 'string', minLength: 1, maxLength: MARK_LIMITS.title },
                  content: { type: 'string', maxLength: MARK_LIMITS.content },
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const { lessonResourceId, marks } = request.body;
      const lesson = await manageableLesson(ctx, request.auth!, await lessonOf(lessonResourceId));
      const resource = (await queries.resources(lesson.lessonId)).find((r) => r.resourceId === lessonResourceId)!;
      const seen = new Set<number>();
      for (const [i, mark] of marks.entries()) {
        if (!mark.title.trim()) throw new AppError(Codes.MARK_TITLE_EMPTY, `参数 marks[${i}].title 不能为空：要点需要标题`, { field: `marks[${i}].title` });
        if (resource.durationSeconds > 0 && mark.markTime > resource.durationSeconds) {
          throw new AppError(Codes.MARK_TIME_BEYOND_VIDEO, `参数 marks[${i}].markTime 超出了视频长度（${resource.durationSeconds} 秒）`, { field: `marks[${i}].markTime` });
        }
        if (seen.has(mark.markTime)) {
          throw new AppError(Codes.MARK_TIME_TAKEN, `参数 marks[${i}].markTime 与前面的要点同一时刻（第 ${mark.markTime} 秒），同一时刻只能有一个要点`, { field: `marks[${i}].markTime` });
        }
        seen.add(mark.markTime);
      }
      const now = ctx.now();
      // The list replaces the video's marks as a whole: what the editor shows is what is stored.
      await marksOf.replace(
        lessonResourceId,
        marks.map((mark) => ({ markTime: mark.markTime, title: mark.title.trim(), content: mark.content ?? '' })),
        request.auth!.user.id,
        now,
      );
      return ok(await list(lessonResourceId), localeOf(request));
    },
  );

  app.get<{ Querystring: { lessonResourceId: string } }>(
    `${P}/getList`,
    {
      config: { public: true },
      preValidation: optionalUser(ctx),
      schema: { querystring: { type: 'object', required: ['lessonResourceId'], properties: { lessonResourceId: idSchema } } },
    },
    async (request) => {
      await visibleLesson(ctx, request.auth, await lessonOf(request.query.lessonResourceId));
      return ok(await list(request.query.lessonResourceId), localeOf(request));
    },
  );
}
