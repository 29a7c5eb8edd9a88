/**
 * `/cloudSchool/v1/teacherInfo/*`: teacher introductions. Reading is public (the portal's teacher
 * pages and lesson cards); writing is for administrators.
 */
import type { FastifyInstance } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import { Stages, Subjects } from '@dscloud/sdk/codes';
import type { AppContext } from '../context.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { requireAdmin } from '../lessons/access.js';
import { idSchema, newId, ID_PATTERN } from '../db/ids.js';
import { TeacherRepo, type TeacherFields, type TeacherFilter } from './teacherRepo.js';
import { pageProps } from '../http/schemaRules.js';

const P = '/cloudSchool/v1/teacherInfo';
const URL_PATTERN = '^(/|https?://)[^\\s]*$';

const teacherProps = {
  userId: { type: ['string', 'null'], pattern: ID_PATTERN },
  name: { type: 'string', minLength: 1, maxLength: 32 },
  sex: { type: 'string', enum: ['1', '2'] },
  title: { type: 'string', maxLength: 32 },
  intro: { type: 'string', maxLength: 2000 },
  avatarUrl: { type: 'string', maxLength: 500, pattern: URL_PATTERN },
  avatarFileId: { type: ['string', 'null'], pattern: ID_PATTERN },
  schoolId: { type: 'string', maxLength: 64 },
  schoolName: { type: 'string', maxLength: 100 },
  stage: { type: ['integer', 'null'] },
  subjectCodes: { type: 'array', maxItems: 20, items: { type: 'integer' } },
  sort: { type: 'integer', minimum: 0, maximum: 1_000_000 },
} as const;

const addSchema = { type: 'object', required: ['name'], properties: teacherProps } as const;

export async function teacherRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const repo = new TeacherRepo(ctx.db.orm, ctx.media.url);
  const open = { config: { public: true } };
  const admin = { preValidation: requireAdmin(ctx) };

  /** Checks one teacher's fields; `where` prefixes the field names (e.g. "teachers[2]."). */
  async function check(f: Partial<TeacherFields>, where = ''): Promise<Partial<TeacherFields>> {
    const out = { ...f };
    if (f.name !== undefined) {
      out.name = f.name.trim();
      if (!out.name) throw new AppError(Codes.BAD_REQUEST, `参数 ${where}name 不能为空`, { field: `${where}name` });
    }
    if (f.stage !== undefined && f.stage !== null && !Stages.has(f.stage)) {
      throw new AppError(Codes.BAD_REQUEST, `参数 ${where}stage 不是有效的学段：${f.stage}`, { field: `${where}stage` });
    }
    for (const [i, code] of (f.subjectCodes ?? []).entries()) {
      const subject = Subjects.find(code);
      if (!subject) throw new AppError(Codes.BAD_REQUEST, `参数 ${where}subjectCodes[${i}] 不是有效的学科：${code}`, { field: `${where}subjectCodes[${i}]` });
      if (f.stage != null && subject.stage !== f.stage) {
        throw new AppError(Codes.BAD_REQUEST, `参数 ${where}subjectCodes[${i}] 的学科 ${code} 不属于学段 ${f.stage}`, { field: `${where}subjectCodes[${i}]` });
      }
    }
    if (f.userId) {
      const user = await ctx.users.byId(f.userId);
      if (!user) throw new AppError(Codes.BAD_REQUEST, `参数 ${where}userId 对应的用户不存在：${f.userId}`, { field: `${where}userId` });
      if (user.identityCode !== 5) throw new AppError(Codes.BAD_REQUEST, `参数 ${where}userId 对应的用户不是教师：${f.userId}`, { field: `${where}userId` });
      if (!f.schoolName && !f.schoolId) {
        const [org] = await ctx.users.orgChain(user.orgId);
        if (org) Object.assign(out, { schoolId: org.id, schoolName: org.name });
      }
    }
    return out;
  }

  app.post<{ Body: TeacherFilter | undefined }>(
    `${P}/list`,
    {
      ...open,
      schema: {
        body: {
          type: ['object', 'null'],
          properties: { ...pageProps, keyword: { type: 'string', maxLength: 50 }, schoolId: { type: 'string', maxLength: 64 }, stage: { type: 'integer' }, subjectCode: { type: 'integer' } },
        },
      },
    },
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

  app.post<{ Body: TeacherFields }>(`${P}/add`, { ...admin, schema: { body: addSchema } }, async (request) => {
    const fields = (await check(request.body)) as TeacherFields;
    if (fields.userId && (await repo.userIdsTaken([fields.userId])).length > 0) {
      throw new AppError(Codes.CONFLICT, `该用户已有教师信息：userId ${fields.userId}`);
    }
    const id = newId('te');
    await repo.insert(ctx.db.orm, id, fields, request.auth!.user.id, ctx.now());
    return ok(await repo.byId(id), localeOf(request));
  });

  app.post<{ Body: Partial<TeacherFields> & { teacherInfoId: string } }>(
    `${P}/update`,
    { ...admin, schema: { body: { type: 'object', required: ['teacherInfoId'], properties: { teacherInfoId: idSchema, ...teacherProps } } } },
    async (request) => {
      const { teacherInfoId, ...rest } = request.body;
      const existing = await repo.byId(teacherInfoId);
      if (!existing) throw new AppError(Codes.NOT_FOUND, `教师信息不存在：teacherInfoId ${teacherInfoId}`);
      const fields = await check({ ...rest, stage: rest.stage === undefined ? existing.stage : rest.stage, subjectCodes: rest.subjectCodes ?? existing.subjectCodes });
      if (fields.userId && (await repo.userIdsTaken([fields.userId], teacherInfoId)).length > 0) {
        throw new AppError(Codes.CONFLICT, `该用户已有教师信息：userId ${fields.userId}`);
      }
      await repo.update(teacherInfoId, fields, ctx.now());
      return ok(await repo.byId(teacherInfoId), localeOf(request));
    },
  );

  app.post<{ Body: { teachers: TeacherFields[] } }>(
    `${P}/batchAdd`,
    {
      ...admin,
      schema: { body: { type: 'object', required: ['teachers'], properties: { teachers: { type: 'array', minItems: 1, maxItems: 200, items: addSchema } } } },
    },
    async (request) => {
      const checked: TeacherFields[] = [];
      const seen = new Set<string>();
      for (const [i, item] of request.body.teachers.entries()) {
        const fields = (await check(item, `teachers[${i}].`)) as TeacherFields;
        if (fields.userId) {
          if (seen.has(fields.userId)) throw new AppError(Codes.CONFLICT, `参数 teachers[${i}].userId 与前面的教师重复：${fields.userId}`, { field: `teachers[${i}].userId` });
          seen.add(fields.userId);
        }
        checked.push(fields);
      }
      const taken = await repo.userIdsTaken([...seen]);
      if (taken.length > 0) throw new AppError(Codes.CONFLICT, `这些用户已有教师信息：${taken.join('、')}`);
      const now = ctx.now();
      const by = request.auth!.user.id;
      const ids = checked.map(() => newId('te'));
      // All or nothing: a failure part-way leaves no half-imported list behind.
      await repo.insertAll(checked.map((fields, i) => ({ id: ids[i]!, fields })), by, now);
      return ok({ teacherInfoIds: ids, count: ids.length }, localeOf(request));
    },
  );
}
