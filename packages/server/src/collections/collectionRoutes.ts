/**
 * `/cloudSchool/v1/lessonCollection/*`: lessons a user keeps for later (the /my-collection screen).
 * Adding twice or removing what is not there is not an error: the outcome is what the user wanted.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { localeOf, ok } from '../http/envelope.js';
import { visibleLesson } from '../lessons/lessonActions.js';
import { LessonQueries } from '../lessons/lessonQueries.js';
import { lessonIdBody, lessonIdQuery, pageProps } from '../lessons/lessonSchemas.js';
import { CollectionRepo } from './collectionRepo.js';
import { heavy } from '../http/heavyRoutes.js';

const P = '/cloudSchool/v1/lessonCollection';

export async function collectionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const collections = new CollectionRepo(ctx.db.orm);
  const queries = new LessonQueries(ctx.db.orm, ctx.now, ctx.media);
  const user = { preValidation: ctx.guard.requireUser };

  app.post<{ Body: { lessonId: string } }>(`${P}/add`, { ...user, schema: { body: lessonIdBody } }, async (request) => {
    const lesson = await visibleLesson(ctx, request.auth, request.body.lessonId);
    await collections.add(request.auth!.user.id, lesson.lessonId, ctx.now());
    return ok({ lessonId: lesson.lessonId, collected: true }, localeOf(request));
  });

  app.post<{ Body: { lessonId: string } }>(`${P}/remove`, { ...user, schema: { body: lessonIdBody } }, async (request) => {
    await collections.remove(request.auth!.user.id, request.body.lessonId);
    return ok({ lessonId: request.body.lessonId, collected: false }, localeOf(request));
  });

  app.get<{ Querystring: { lessonId: string } }>(`${P}/isCollected`, { ...user, schema: { querystring: lessonIdQuery } }, async (request) => {
    const collected = await collections.has(request.auth!.user.id, request.query.lessonId);
    return ok({ lessonId: request.query.lessonId, collected }, localeOf(request));
  });

  app.post<{ Body: { pageNum?: number; pageSize?: number; liveFlag?: number } | undefined }>(
    `${P}/page`,
    heavy({ ...user, schema: { body: { type: ['object', 'null'], properties: { ...pageProps, liveFlag: { type: 'integer', enum: [0, 1] } } } } }),
    async (request) => {
      const body = request.body ?? {};
      const page = await collections.page(request.auth!.user.id, body.liveFlag, body);
      const collectedAt = new Map(page.rows.map((r) => [r.lessonId, r.createdAt]));
      const summaries = await queries.summaries(page.rows.map((r) => r.lessonId));
      return ok({ ...page, rows: summaries.map((s) => ({ ...s, collectTime: collectedAt.get(s.lessonId) ?? 0 })) }, localeOf(request));
    },
  );
}
