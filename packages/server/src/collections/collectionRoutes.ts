/**
 * `/cloudSchool/v1/lessonCollection/*`: lessons a user keeps for later (the /my-collection screen).
 * Adding twice or removing what is not there is not an error: the outcome is what the user wanted.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { localeOf, ok } from '../http/envelope.js';
import { visibleLesson } from '../lessons/lessonActions.js';
import { LessonQueries } from '../lessons/lessonQueries.js';
import { lessonIdBody, lessonIdQuery, pageProps } from '../lessons/lessonSchemas.js';
import { first, num, paged, rows, str } from '../db/rows.js';

const P = '/cloudSchool/v1/lessonCollection';

export async function collectionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.db.orm;
  const queries = new LessonQueries(db, ctx.now, ctx.media.url);
  const user = { preValidation: ctx.guard.requireUser };

  app.post<{ Body: { lessonId: string } }>(`${P}/add`, { ...user, schema: { body: lessonIdBody } }, async (request) => {
    const lesson = await visibleLesson(ctx, request.auth, request.body.lessonId);
    await db.execute(sql`INSERT INTO lesson_collections (user_id, lesson_id, created_at) VALUES (${request.auth!.user.id}, ${lesson.lessonId}, ${ctx.now()})
                         ON CONFLICT DO NOTHING`);
    return ok({ lessonId: lesson.lessonId, collected: true }, localeOf(request));
  });

  app.post<{ Body: { lessonId: string } }>(`${P}/remove`, { ...user, schema: { body: lessonIdBody } }, async (request) => {
    await db.execute(sql`DELETE FROM lesson_collections WHERE user_id = ${request.auth!.user.id} AND lesson_id = ${request.body.lessonId}`);
    return ok({ lessonId: request.body.lessonId, collected: false }, localeOf(request));
  });

  app.get<{ Querystring: { lessonId: string } }>(`${P}/isCollected`, { ...user, schema: { querystring: lessonIdQuery } }, async (request) => {
    const row = await first(db, sql`SELECT 1 AS x FROM lesson_collections WHERE user_id = ${request.auth!.user.id} AND lesson_id = ${request.query.lessonId}`);
    return ok({ lessonId: request.query.lessonId, collected: Boolean(row) }, localeOf(request));
  });

  app.post<{ Body: { pageNum?: number; pageSize?: number; liveFlag?: number } | undefined }>(
    `${P}/page`,
    { ...user, schema: { body: { type: ['object', 'null'], properties: { ...pageProps, liveFlag: { type: 'integer', enum: [0, 1] } } } } },
    async (request) => {
      const body = request.body ?? {};
      const userId = request.auth!.user.id;
      // A collected lesson that was unpublished since stays out of sight unless it is the user's own.
      const from = sql`FROM lesson_collections c JOIN lessons l ON l.id = c.lesson_id
        WHERE c.user_id = ${userId} AND (l.publish_status = 1 OR l.created_by = ${userId} OR l.teacher_user_id = ${userId})
        AND ${body.liveFlag === undefined ? sql`TRUE` : sql`l.live_flag = ${body.liveFlag}`}`;
      const page = await paged(
        body,
        async (limit, offset) => {
          const list = await rows(db, sql`SELECT c.lesson_id, c.created_at ${from} ORDER BY c.created_at DESC, c.lesson_id LIMIT ${limit} OFFSET ${offset}`);
          const collectedAt = new Map(list.map((r) => [str(r.lesson_id), num(r.created_at)]));
          const summaries = await queries.summaries(list.map((r) => str(r.lesson_id)));
          return summaries.map((s) => ({ ...s, collectTime: collectedAt.get(s.lessonId) ?? 0 }));
        },
        async () => num((await first(db, sql`SELECT count(*) AS n ${from}`))?.n),
      );
      return ok(page, localeOf(request));
    },
  );
}
