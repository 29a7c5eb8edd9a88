/**
 * `/cloudSchool/v1/teacherInfo/*`, the back office (名师介绍): the list and organisation tree within
 * the caller's reach, add, update, delete, batch add and the Excel import. Every route opens through
 * `managed()`; a school or district administrator reaches the teachers of their subtree only
 * (teacher_infos.school_id is an organisation of the tree).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import type { AuditSpec } from '../audit/auditSpec.js';
import { snapshotOf } from '../audit/snapshot.js';
import { idSchema, newId } from '../db/ids.js';
import { teacherInfos } from '../db/schema.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { pageProps } from '../http/schemaRules.js';
import { checkLessonFiles } from '../lessons/lessonFiles.js';
import { managed } from '../management/access.js';
import { assertInScope, subtreeOf, type OrgScope } from '../management/orgScope.js';
import { requireValidTeacher } from './teacherCheck.js';
import { importTeachers } from './teacherImport.js';
import { MAX_IMPORT_BYTES, readSheet, templateWorkbook, XLSX_TYPE } from './teacherExcel.js';
import { orgTreeInScope } from './teacherOrgTree.js';
import { TeacherRepo, type TeacherFields, type TeacherFilter } from './teacherRepo.js';
import { addSchema, P, teacherProps } from './teacherRoutes.js';
import { heavy } from '../http/heavyRoutes.js';

const idsBody = {
  type: 'object',
  required: ['teacherInfoIds'],
  properties: { teacherInfoIds: { type: 'array', minItems: 1, maxItems: 100, uniqueItems: true, items: idSchema } },
} as const;

export async function teacherManageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.db.orm;
  const repo = new TeacherRepo(db, ctx.media.url);
  const snapshot = snapshotOf(db, teacherInfos.id, {
    name: teacherInfos.name,
    sex: teacherInfos.sex,
    title: teacherInfos.title,
    honours: teacherInfos.honours,
    intro: teacherInfos.intro,
    schoolId: teacherInfos.schoolId,
    stage: teacherInfos.stage,
    subjectCodes: teacherInfos.subjectCodes,
    userId: teacherInfos.userId,
    avatarFileId: teacherInfos.avatarFileId,
    avatarUrl: teacherInfos.avatarUrl,
  });
  const audit = (action: string, more: Partial<AuditSpec>): AuditSpec => ({ action: `teacherInfo.${action}`, entity: 'teacherInfo', snapshot, ...more });
  const createdOne = (data: unknown) => [(data as { teacherInfoId: string }).teacherInfoId];
  const createdMany = (data: unknown) => (data as { teacherInfoIds: string[] }).teacherInfoIds;

  /** The teacher, refused with 404 when absent and 403 when outside the caller's reach. */
  async function teacherInReach(id: string, scope: OrgScope | null, field = 'teacherInfoId') {
    const teacher = await repo.byId(id);
    if (!teacher) throw new AppError(Codes.NOT_FOUND, `教师信息不存在：${field} ${id}`, { field });
    assertInScope(scope, teacher.schoolId, field);
    return teacher;
  }

  async function checkAvatar(request: FastifyRequest, fields: Partial<TeacherFields>, current?: string | null) {
    if (fields.avatarFileId && fields.avatarFileId !== current) {
      await checkLessonFiles(ctx, request.auth!, [{ param: 'avatarFileId', fileInfoId: fields.avatarFileId, kind: 'picture' }], new Set());
    }
  }

  app.post<{ Body: (TeacherFilter & { orgId?: string }) | undefined }>(
    `${P}/managerPage`,
    heavy({
      ...managed(ctx, 'read'),
      schema: {
        body: {
          type: ['object', 'null'],
          properties: { ...pageProps, keyword: { type: 'string', maxLength: 50 }, orgId: { type: 'string', maxLength: 64 }, stage: { type: 'integer' }, subjectCode: { type: 'integer' } },
        },
      },
    }),
    async (request) => {
      const { orgId, ...body } = request.body ?? {};
      const scope = request.scope!;
      let orgIds = scope.all ? undefined : scope.orgIds;
      if (orgId) {
        assertInScope(scope, orgId, 'orgId');
        orgIds = await subtreeOf(db, [orgId]);
      }
      return ok(await repo.page({ ...body, keyword: body.keyword?.trim(), orgIds }), localeOf(request));
    },
  );

  app.post(`${P}/managerOrgList`, { ...managed(ctx, 'read'), schema: { body: { type: ['object', 'null'], properties: {} } } }, async (request) =>
    ok(await orgTreeInScope(db, request.scope!), localeOf(request)),
  );

  app.post<{ Body: TeacherFields }>(
    `${P}/add`,
    { ...managed(ctx, 'write', audit('add', { createdIds: createdOne })), schema: { body: addSchema } },
    async (request) => {
      const scope = request.scope!;
      // Outside the city bureau a teacher belongs to a school of the caller's reach.
      const body = scope.all ? request.body : { ...request.body, schoolId: request.body.schoolId ?? '' };
      const fields = (await requireValidTeacher(ctx, body, scope)) as TeacherFields;
      if (fields.userId && (await repo.userIdsTaken([fields.userId])).length > 0) {
        throw new AppError(Codes.CONFLICT, `该用户已有教师信息：userId ${fields.userId}`, { field: 'userId' });
      }
      await checkAvatar(request, fields);
      const id = newId('te');
      await repo.insert(db, id, fields, request.auth!.user.id, ctx.now());
      return ok(await repo.byId(id), localeOf(request));
    },
  );

  app.post<{ Body: Partial<TeacherFields> & { teacherInfoId: string } }>(
    `${P}/update`,
    {
      ...managed(ctx, 'write', audit('update', { ids: (request) => [(request.body as { teacherInfoId: string }).teacherInfoId] })),
      schema: { body: { type: 'object', required: ['teacherInfoId'], properties: { teacherInfoId: idSchema, ...teacherProps } } },
    },
    async (request) => {
      const { teacherInfoId, ...rest } = request.body;
      const existing = await teacherInReach(teacherInfoId, request.scope);
      const fields = await requireValidTeacher(
        ctx,
        { ...rest, stage: rest.stage === undefined ? existing.stage : rest.stage, subjectCodes: rest.subjectCodes ?? existing.subjectCodes },
        request.scope,
      );
      if (fields.userId && (await repo.userIdsTaken([fields.userId], teacherInfoId)).length > 0) {
        throw new AppError(Codes.CONFLICT, `该用户已有教师信息：userId ${fields.userId}`, { field: 'userId' });
      }
      await checkAvatar(request, fields, existing.avatarFileId);
      await repo.update(teacherInfoId, fields, ctx.now());
      return ok(await repo.byId(teacherInfoId), localeOf(request));
    },
  );

  app.post<{ Body: { teacherInfoIds: string[] } }>(
    `${P}/delete`,
    { ...managed(ctx, 'write', audit('delete', { ids: (request) => (request.body as { teacherInfoIds: string[] }).teacherInfoIds })), schema: { body: idsBody } },
    async (request) => {
      const ids = request.body.teacherInfoIds;
      const teachers = [];
      for (const [i, id] of ids.entries()) teachers.push(await teacherInReach(id, request.scope, `teacherInfoIds[${i}]`));
      // Lessons credit their teacher by id: deleting would leave them pointing nowhere, so refuse.
      const credited = await repo.lessonCounts(ids);
      const i = ids.findIndex((id) => credited.has(id));
      if (i >= 0) {
        throw new AppError(
          Codes.CONFLICT,
          `教师“${teachers[i]!.name}”名下有 ${credited.get(ids[i]!)} 节课程，不能删除；请先把这些课程改由其他教师讲授或删除课程`,
          { field: `teacherInfoIds[${i}]` },
        );
      }
      await repo.remove(ids);
      return ok({ teacherInfoIds: ids, deleted: ids.length }, localeOf(request));
    },
  );

  app.post<{ Body: { teachers: TeacherFields[] } }>(
    `${P}/batchAdd`,
    {
      ...managed(ctx, 'write', audit('batchAdd', { createdIds: createdMany })),
      schema: { body: { type: 'object', required: ['teachers'], properties: { teachers: { type: 'array', minItems: 1, maxItems: 200, items: addSchema } } } },
    },
    async (request) => {
      const scope = request.scope!;
      const checked: TeacherFields[] = [];
      const seen = new Set<string>();
      for (const [i, item] of request.body.teachers.entries()) {
        const body = scope.all ? item : { ...item, schoolId: item.schoolId ?? '' };
        const fields = (await requireValidTeacher(ctx, body, scope, `teachers[${i}].`)) as TeacherFields;
        if (fields.userId) {
          if (seen.has(fields.userId)) throw new AppError(Codes.CONFLICT, `参数 teachers[${i}].userId 与前面的教师重复：${fields.userId}`, { field: `teachers[${i}].userId` });
          seen.add(fields.userId);
        }
        checked.push(fields);
      }
      const taken = await repo.userIdsTaken([...seen]);
      if (taken.length > 0) throw new AppError(Codes.CONFLICT, `这些用户已有教师信息：${taken.join('、')}`);
      const ids = checked.map(() => newId('te'));
      // All or nothing: a failure part-way leaves no half-imported list behind.
      await repo.insertAll(checked.map((fields, i) => ({ id: ids[i]!, fields })), request.auth!.user.id, ctx.now());
      return ok({ teacherInfoIds: ids, count: ids.length }, localeOf(request));
    },
  );

  app.get(`${P}/importTemplate`, { ...managed(ctx, 'read') }, async (_request, reply) => {
    const name = encodeURIComponent('教师批量导入模板.xlsx');
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', `attachment; filename="teachers.xlsx"; filename*=UTF-8''${name}`)
      .send(await templateWorkbook());
  });

  // The workbook comes as the raw request body (≤ 1 MB), parsed and checked here, never in the browser alone.
  await app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_IMPORT_BYTES }, (_request, body, done) => done(null, body));
    scope.post(
      `${P}/importExcel`,
      { ...managed(ctx, 'write', audit('import', { createdIds: createdMany, changedAnything: (data) => (data as { imported: boolean }).imported })), bodyLimit: MAX_IMPORT_BYTES },
      async (request) => {
        const body = request.body ?? Buffer.alloc(0);
        if (!Buffer.isBuffer(body)) {
          throw new AppError(Codes.UNSUPPORTED_MEDIA_TYPE, `参数 file：请以 ${XLSX_TYPE} 上传 Excel 文件（.xlsx），不支持“${request.headers['content-type'] ?? ''}”`, { field: 'file' });
        }
        const sheet = await readSheet(body);
        return ok(await importTeachers(ctx, repo, sheet, request.scope, request.auth!.user.id), localeOf(request));
      },
    );
  });
}

