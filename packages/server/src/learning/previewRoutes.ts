/** `POST /cloudSchool/v1/lessonPreview/add`: one view of a lesson's page, by a guest or a user. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { localeOf, ok } from '../http/envelope.js';
import { optionalUser } from '../lessons/access.js';
import { visibleLesson } from '../lessons/lessonActions.js';
import { lessonIdBody } from '../lessons/lessonSchemas.js';
import { first, num } from '../db/rows.js';

export async function previewRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post<{ Body: { lessonId: string } }>(
    '/cloudSchool/v1/lessonPreview/add',
    { config: { public: true }, preValidation: optionalUser(ctx), schema: { body: lessonIdBody } },
    async (request) => {
      const lesson = await visibleLesson(ctx, request.auth, request.body.lessonId);
      await ctx.db.orm.execute(sql`INSERT INTO lesson_previews (lesson_id, user_id, created_at) VALUES (${lesson.lessonId}, ${request.auth?.user.id ?? null}, ${ctx.now()})`);
      const row = await first(ctx.db.orm, sql`UPDATE lessons SET view_count = view_count + 1 WHERE id = ${lesson.lessonId} RETURNING view_count`);
      return ok({ lessonId: lesson.lessonId, viewCount: num(row?.view_count) }, localeOf(request));
    },
  );
}
