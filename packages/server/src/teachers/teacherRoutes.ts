/**
 * `/cloudSchool/v1/teacherInfo/*`, the public side: the portal's teacher pages, lesson cards and the
 * famous-school zone read these. Writing is in teacherManageRoutes.ts.
 */
import type { FastifyInstance } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { idSchema, ID_PATTERN } from '../db/ids.js';
import { TeacherRepo, type TeacherFilter } from './teacherRepo.js';
import { pageProps } from '../http/schemaRules.js';
import { heavy } from '../http/heavyRoutes.js';

export const P = '/cloudSchool/v1/teacherInfo';
const URL_PATTERN = '^(/|https?://)[^\\s]*$';

export const teacherProps = {
  userId: { type: ['string', 'null'], pattern: ID_PATTERN },
  name: { type: 'string', minLength: 1, maxLength: 32 },
  sex: { type: 'string', enum: ['1', '2'] },
  title: { type: 'string', maxLength: 32 },
  intro: { type: 'string', maxLength: 2000 },
  honours: { type: 'string', maxLength: 500 },
  avatarUrl: { type: 'string', maxLength: 500, pattern: URL_PATTERN },
  avatarFileId: { type: ['string', 'null'], pattern: ID_PATTERN },
  schoolId: { type: 'string', maxLength: 64 },
  schoolName: { type: 'string', maxLength: 100 },
  stage: { type: ['integer', 'null'] },
  subjectCodes: { type: 'array', maxItems: 20, items: { type: 'integer' } },
  sort: { type: 'integer', minimum: 0, maximum: 1_000_000 },
} as const;

export const addSchema = { type: 'object', required: ['name'], properties: teacherProps } as const;

export async function teacherRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const repo = new TeacherRepo(ctx.db.orm, ctx.media.url);
  const open = { config: { public: true } };

  app.post<{ Body: TeacherFilter | undefined }>(
    `${P}/list`,
    heavy({
      ...open,
      schema: {
        body: {
          type: ['object', 'null'],
          properties: { ...pageProps, keyword: { type: 'string', maxLength: 50 }, schoolId: { type: 'string', maxLength: 64 }, stage: { type: 'integer' }, subjectCode: { type: 'integer' } },
        },
      },
    }),
    async (request) => ok(await repo.page({ ...request.body, keyword: request.body?.keyword?.trim() }), localeOf(request)),
  );

  app.post<{ Body: { stage?: number } | undefined }>(
    `${P}/orgList`,
    { ...open, schema: { body: { type: ['object', 'null'], properties: { stage: { type: 'integer' } } } } },
    async (request) => ok(await repo.schools(request.body?.stage), localeOf(request)),
  );

  app.get<{ Querystring: { userIds: string } }>(
    `${P}/getByUserIds`,
    { ...open, schema: { querystring: { type: 'object', required: ['userIds'], properties: { userIds: { type: 'string', minLength: 1, maxLength: 6500, pattern: '^[A-Za-z0-9_,-]+$' } } } } },
    async (request) => {
      const ids = [...new Set(request.query.userIds.split(',').filter(Boolean))];
      if (ids.length > 100) throw new AppError(Codes.BAD_REQUEST, '参数 userIds 最多 100 个', { field: 'userIds' });
      return ok(await repo.byUserIds(ids), localeOf(request));
    },
  );

  app.get<{ Querystring: { teacherId: string } }>(
    `${P}/getByTeacherId`,
    { ...open, schema: { querystring: { type: 'object', required: ['teacherId'], properties: { teacherId: idSchema } } } },
    async (request) => {
      const teacher = await repo.byId(request.query.teacherId);
      if (!teacher) throw new AppError(Codes.NOT_FOUND, `教师信息不存在：teacherId ${request.query.teacherId}`);
      return ok(teacher, localeOf(request));
    },
  );
}
