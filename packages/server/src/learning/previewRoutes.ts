/** `POST /cloudSchool/v1/lessonPreview/add`: one view of a lesson's page, by a guest or a user (once an hour each: countedOnce.ts). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { localeOf, ok } from '../http/envelope.js';
import { optionalUser } from '../lessons/access.js';
import { visibleLesson } from '../lessons/lessonActions.js';
import { lessonIdBody } from '../lessons/lessonSchemas.js';
import { PreviewRepo } from './previewRepo.js';
import { periodOf, VIEW_PERIOD_MS, viewerOf } from './countedOnce.js';

export async function previewRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const previews = new PreviewRepo(ctx.db.orm);
  app.post<{ Body: { lessonId: string } }>(
    '/cloudSchool/v1/lessonPreview/add',
    { config: { public: true }, preValidation: optionalUser(ctx), schema: { body: lessonIdBody } },
    async (request) => {
      const lesson = await visibleLesson(ctx, request.auth, request.body.lessonId);
      const now = ctx.now();
      const viewer = viewerOf(request, ctx.secret);
      const viewCount = await previews.record(lesson.lessonId, request.auth?.user.id ?? null, viewer, periodOf(now, VIEW_PERIOD_MS), now);
      return ok({ lessonId: lesson.lessonId, viewCount }, localeOf(request));
    },
  );
}
