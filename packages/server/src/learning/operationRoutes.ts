/** `/cloudSchool/v1/lessonOperation/*`: the caller's study records, watch time and scores. */
import type { FastifyInstance } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { idSchema } from '../db/ids.js';
import { visibleLesson } from '../lessons/lessonActions.js';
import { LessonQueries } from '../lessons/lessonQueries.js';
import { pageProps } from '../http/schemaRules.js';
import { filterKey } from '../lessons/publicPageCache.js';
import { JSON_TYPE, type LearnerPageCache } from './learnerPageCache.js';
import { addDuration, learningTotals, lessonTotals, saveScore, studyRecords } from './learningRepo.js';
import { heavy } from '../http/heavyRoutes.js';

const P = '/cloudSchool/v1/lessonOperation';
export const MAX_REPORT_SECONDS = 300;

export async function operationRoutes(app: FastifyInstance, ctx: AppContext, pages: LearnerPageCache): Promise<void> {
  const db = ctx.db.orm;
  const queries = new LessonQueries(db, ctx.now, ctx.media);
  const user = { preValidation: ctx.guard.requireUser };

  app.post<{ Body: { pageNum?: number; pageSize?: number; liveFlag?: number } | undefined }>(
    `${P}/getPage`,
    heavy({ ...user, schema: { body: { type: ['object', 'null'], properties: { ...pageProps, liveFlag: { type: 'integer', enum: [0, 1] } } } } }),
    async (request, reply) => {
      const userId = request.auth!.user.id;
      const locale = localeOf(request);
      const bytes = await pages.get(userId, filterKey(['study', locale], request.body, ['pageNum', 'pageSize', 'liveFlag']), async () =>
        ok(await studyRecords(db, queries, userId, request.body ?? {}), locale),
      );
      reply.type(JSON_TYPE);
      return bytes;
    },
  );

  app.post<{ Body: { lessonId: string; score: number } }>(
    `${P}/score`,
    {
      ...user,
      schema: { body: { type: 'object', required: ['lessonId', 'score'], properties: { lessonId: idSchema, score: { type: 'integer', minimum: 1, maximum: 5 } } } },
    },
    async (request) => {
      const lesson = await visibleLesson(ctx, request.auth, request.body.lessonId);
      const saved = await saveScore(db, request.auth!.user.id, lesson.lessonId, request.body.score, ctx.now());
      await pages.dropUser(request.auth!.user.id);
      return ok(saved, localeOf(request));
    },
  );

  app.post<{ Body: { lessonId: string; resourceId: string; seconds: number; position: number } }>(
    `${P}/addLearningDuration`,
    {
      ...user,
      schema: {
        body: {
          type: 'object',
          required: ['lessonId', 'resourceId', 'seconds', 'position'],
          properties: {
            lessonId: idSchema,
            resourceId: idSchema,
            seconds: { type: 'integer', minimum: 1, maximum: MAX_REPORT_SECONDS },
            position: { type: 'integer', minimum: 0, maximum: 86_400 },
          },
        },
      },
    },
    async (request) => {
      const { lessonId, resourceId, seconds, position } = request.body;
      const lesson = await visibleLesson(ctx, request.auth, lessonId);
      const resource = (await queries.resources(lesson.lessonId)).find((r) => r.resourceId === resourceId);
      if (!resource) throw new AppError(Codes.BAD_REQUEST, `参数 resourceId 不是这节课的视频：${resourceId}`, { field: 'resourceId' });
      if (resource.durationSeconds > 0 && position > resource.durationSeconds + 1) {
        throw new AppError(Codes.BAD_REQUEST, `参数 position 超出了视频长度（${resource.durationSeconds} 秒）`, { field: 'position' });
      }
      const userId = request.auth!.user.id;
      const outcome = await addDuration(db, { userId, lessonId, resourceId, seconds, position }, ctx.now());
      if (outcome.ok) await pages.dropUser(userId);
      if (!outcome.ok) {
        throw new AppError(Codes.BAD_REQUEST, `参数 seconds 超过了距上次上报经过的时间（最多 ${outcome.allowedSeconds} 秒）`, { field: 'seconds' });
      }
      const totals = await lessonTotals(db, userId, lessonId);
      return ok(
        { lessonId, resourceId, totalSeconds: outcome.totalSeconds, lastPosition: outcome.lastPosition, lessonTotalSeconds: totals.totalDuration },
        localeOf(request),
      );
    },
  );

  app.get<{ Querystring: { lessonId?: string } }>(
    `${P}/getLearningCountAndDuration`,
    { ...user, schema: { querystring: { type: 'object', properties: { lessonId: idSchema } } } },
    async (request) => {
      const userId = request.auth!.user.id;
      if (request.query.lessonId) {
        const lesson = await visibleLesson(ctx, request.auth, request.query.lessonId);
        return ok(await lessonTotals(db, userId, lesson.lessonId), localeOf(request));
      }
      return ok(await learningTotals(db, userId), localeOf(request));
    },
  );
}
