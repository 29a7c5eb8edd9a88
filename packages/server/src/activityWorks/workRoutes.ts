/**
 * `/cloudSchool/v1/activityWork/*` (docs/api.md "Works"): a teacher's work packages for the nodes they
 * claimed. Teachers only (students and parents: 4030001), own works only (another's: 403).
 */
import type { FastifyInstance } from 'fastify';
import type { WorkInput } from '@dscloud/sdk/activities';
import type { AppContext } from '../context.js';
import { idSchema } from '../db/ids.js';
import { localeOf, ok } from '../http/envelope.js';
import { loadActivity, requireActivityTeacher } from '../activities/activityAccess.js';
import { deleteWork, saveWork, setSubmitStatus } from './workActions.js';
import { reviewProgress, subjectProgress } from './workProgress.js';
import { heavy } from '../http/heavyRoutes.js';

export const WORK = '/cloudSchool/v1/activityWork';

const lessonIdQuery = { type: 'object', required: ['lessonId'], properties: { lessonId: idSchema } } as const;

const workInputSchema = {
  type: 'object',
  required: ['signUpNodeId', 'title', 'items'],
  properties: {
    lessonId: idSchema,
    version: { type: 'integer', minimum: 1 },
    signUpNodeId: idSchema,
    title: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
    description: { type: 'string', maxLength: 2000 },
    items: {
      type: 'array',
      maxItems: 20,
      items: {
        type: 'object',
        required: ['item', 'fileId'],
        properties: { item: { type: 'integer', minimum: 1, maximum: 5 }, fileId: { type: 'string', pattern: '^[1-9][0-9]{0,15}$' } },
      },
    },
  },
} as const;

export async function workRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const teacher = { preValidation: requireActivityTeacher(ctx) };
  const db = ctx.db.orm;

  app.post<{ Body: WorkInput }>(`${WORK}/save`, { ...teacher, schema: { body: workInputSchema } }, async (request) =>
    ok(await saveWork(ctx, request.auth!, { ...request.body, description: request.body.description ?? '' }), localeOf(request)),
  );

  app.put<{ Querystring: { lessonId: string; submitStatus: number } }>(
    `${WORK}/updateSubmitStatus`,
    {
      ...teacher,
      schema: {
        querystring: { type: 'object', required: ['lessonId', 'submitStatus'], properties: { lessonId: idSchema, submitStatus: { type: 'integer', enum: [0, 1] } } },
        body: { type: ['object', 'null'], properties: {} },
      },
    },
    async (request) => ok(await setSubmitStatus(ctx, request.auth!, request.query.lessonId, request.query.submitStatus), localeOf(request)),
  );

  app.delete<{ Querystring: { lessonId: string } }>(`${WORK}/delete`, { ...teacher, schema: { querystring: lessonIdQuery } }, async (request) =>
    ok(await deleteWork(ctx, request.auth!, request.query.lessonId), localeOf(request)),
  );

  app.get<{ Querystring: { activityId: string } }>(
    `${WORK}/getActivityReviewProgress`,
    heavy({ ...teacher, schema: { querystring: { type: 'object', required: ['activityId'], properties: { activityId: idSchema } } } }),
    async (request) => ok(await reviewProgress(db, await loadActivity(db, request.query.activityId), request.auth!.user.id), localeOf(request)),
  );

  app.post<{ Body: { activityId: string } }>(
    `${WORK}/getActivitySubjectProgress`,
    heavy({ ...teacher, schema: { body: { type: 'object', required: ['activityId'], properties: { activityId: idSchema } } } }),
    async (request) => ok(await subjectProgress(db, await loadActivity(db, request.body.activityId), request.auth!.user.id), localeOf(request)),
  );
}
