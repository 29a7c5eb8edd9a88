/**
 * `/cloudSchool/v1/specialSubject/*`: special topics (专题课程) that group lessons across subjects.
 * The list is public (and filters by type); topics are the whole platform's, so creating, editing,
 * ordering, deleting them and filing lessons under them is for the city bureau's administrators.
 * Deleting a topic keeps its lessons; it only removes them from the topic.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FileUrl } from '../lessons/lessonView.js';
import { checkLessonFiles } from '../lessons/lessonFiles.js';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { ID_PATTERN, idSchema, newId } from '../db/ids.js';
import { snapshotOf } from '../audit/snapshot.js';
import type { AuditSpec } from '../audit/auditSpec.js';
import { managed } from '../management/access.js';
import { specialSubjects } from '../db/schema.js';
import { topicLessonsSnapshot, typeExists } from './topicAudit.js';
import { SpecialSubjectRepo, type TopicRow } from './specialSubjectRepo.js';

const P = '/cloudSchool/v1/specialSubject';

const toTopic = (fileUrl: FileUrl) => (r: TopicRow) => ({
  specialSubjectId: r.id,
  name: r.name,
  description: r.description,
  coverUrl: r.coverFileId ? fileUrl(r.coverFileId) : r.coverUrl,
  coverFileId: r.coverFileId,
  sort: r.sort,
  typeId: r.typeId,
  typeName: r.typeName,
  lessonCount: r.lessonCount,
  createTime: r.createdAt,
  updateTime: r.updatedAt,
});

const fields = {
  name: { type: 'string', minLength: 1, maxLength: 50 },
  description: { type: 'string', maxLength: 1000 },
  coverUrl: { type: 'string', maxLength: 1000, pattern: '^$|^(/|https?://)[^\\s]*$' },
  sort: { type: 'integer', minimum: 0, maximum: 1_000_000 },
  lessonIds: { type: 'array', maxItems: 500, items: idSchema },
  typeId: { type: ['string', 'null'], pattern: ID_PATTERN },
  coverFileId: { type: ['string', 'null'], pattern: ID_PATTERN },
} as const;

const lessonIdsBody = {
  type: 'object',
  required: ['specialSubjectId', 'lessonIds'],
  properties: { specialSubjectId: idSchema, lessonIds: { type: 'array', minItems: 1, maxItems: 500, items: idSchema } },
} as const;

interface TopicInput {
  name?: string;
  description?: string;
  coverUrl?: string;
  sort?: number;
  lessonIds?: string[];
  typeId?: string | null;
  coverFileId?: string | null;
}

export async function specialSubjectRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const repo = new SpecialSubjectRepo(ctx.db.orm);
  const db = ctx.db.orm;
  const topicSnapshot = snapshotOf(db, specialSubjects.id, {
    name: specialSubjects.name,
    description: specialSubjects.description,
    coverUrl: specialSubjects.coverUrl,
    coverFileId: specialSubjects.coverFileId,
    sort: specialSubjects.sort,
    typeId: specialSubjects.typeId,
  });
  const audit = (verb: string, ids: AuditSpec['ids'], extra: Partial<AuditSpec> = {}): AuditSpec => ({
    action: `specialSubject.${verb}`,
    entity: 'specialSubject',
    ids,
    snapshot: topicSnapshot,
    ...extra,
  });
  const bodyId = (request: { body: unknown }) => [(request.body as { specialSubjectId: string }).specialSubjectId];
  const checkType = async (typeId: string | null | undefined) => {
    if (typeId && !(await typeExists(db, typeId))) throw new AppError(Codes.BAD_REQUEST, `参数 typeId 对应的专题类型不存在：${typeId}`, { field: 'typeId' });
  };
  const topicOf = toTopic(ctx.media.url);
  const rowById = async (id: string) => {
    const row = await repo.find(id);
    if (!row) throw new AppError(Codes.NOT_FOUND, `专题不存在：specialSubjectId ${id}`, { field: 'specialSubjectId' });
    return row;
  };
  const byId = async (id: string) => topicOf(await rowById(id));
  // A topic is shown to everyone: its cover must be a stored picture (lessons/lessonFiles.ts).
  const checkCover = async (request: FastifyRequest, coverFileId: string | null | undefined, current: string | null) => {
    if (!coverFileId || coverFileId === current) return;
    await checkLessonFiles(ctx, request.auth!, [{ param: 'coverFileId', fileInfoId: coverFileId, kind: 'picture' }], new Set());
  };
  const checkName = async (name: string, exceptId?: string) => {
    if (!name) throw new AppError(Codes.BAD_REQUEST, '参数 name 不能为空', { field: 'name' });
    if (await repo.nameTaken(name, exceptId)) throw new AppError(Codes.NAME_EXISTS, `专题名称已存在：${name}`, { field: 'name' });
  };
  const checkLessons = async (lessonIds: string[]) => {
    if (lessonIds.length === 0) return;
    const found = await repo.existingLessons(lessonIds);
    const missing = lessonIds.findIndex((id) => !found.has(id));
    if (missing >= 0) throw new AppError(Codes.BAD_REQUEST, `参数 lessonIds[${missing}] 对应的课程不存在：${lessonIds[missing]}`, { field: `lessonIds[${missing}]` });
  };

  app.post<{ Body: { keyword?: string; typeId?: string } | undefined }>(
    `${P}/list`,
    { config: { public: true }, schema: { body: { type: ['object', 'null'], properties: { keyword: { type: 'string', maxLength: 50 }, typeId: idSchema } } } },
    async (request) => {
      const keyword = request.body?.keyword?.trim();
      const list = await repo.list(keyword || undefined, request.body?.typeId);
      return ok(list.map(topicOf), localeOf(request));
    },
  );

  app.post<{ Body: TopicInput & { name: string } }>(`${P}/add`, { ...managed(ctx, 'city', audit('add', () => [], { createdIds: (data) => [(data as { specialSubjectId: string }).specialSubjectId] })), schema: { body: { type: 'object', required: ['name'], properties: fields } } }, async (request) => {
    const body = request.body;
    const name = body.name.trim();
    await checkName(name);
    await checkLessons(body.lessonIds ?? []);
    await checkType(body.typeId);
    await checkCover(request, body.coverFileId, null);
    const id = newId('ss');
    const now = ctx.now();
    const sort = body.sort ?? (await repo.nextSort());
    await repo.insert(
      { id, name, description: body.description ?? '', coverUrl: body.coverUrl ?? '', coverFileId: body.coverFileId ?? null, sort, typeId: body.typeId ?? null, createdBy: request.auth!.user.id, createdAt: now, updatedAt: now },
      body.lessonIds,
    );
    return ok(await byId(id), localeOf(request));
  });

  app.post<{ Body: TopicInput & { specialSubjectId: string } }>(
    `${P}/edit`,
    { ...managed(ctx, 'city', audit('edit', bodyId)), schema: { body: { type: 'object', required: ['specialSubjectId'], properties: { specialSubjectId: idSchema, ...fields } } } },
    async (request) => {
      const { specialSubjectId: id, ...body } = request.body;
      const existing = await rowById(id);
      const name = body.name === undefined ? existing.name : body.name.trim();
      await checkName(name, id);
      await checkLessons(body.lessonIds ?? []);
      await checkType(body.typeId);
      await checkCover(request, body.coverFileId, existing.coverFileId);
      await repo.update(
        id,
        {
          name,
          description: body.description ?? existing.description,
          coverUrl: body.coverUrl ?? existing.coverUrl,
          coverFileId: body.coverFileId === undefined ? existing.coverFileId : body.coverFileId,
          sort: body.sort ?? existing.sort,
          typeId: body.typeId === undefined ? existing.typeId : body.typeId,
          updatedAt: ctx.now(),
        },
        body.lessonIds,
      );
      return ok(await byId(id), localeOf(request));
    },
  );

  app.post<{ Body: { specialSubjectIds: string[] } }>(
    `${P}/updateSort`,
    {
      ...managed(ctx, 'city', audit('updateSort', (request) => (request.body as { specialSubjectIds: string[] }).specialSubjectIds)),
      schema: { body: { type: 'object', required: ['specialSubjectIds'], properties: { specialSubjectIds: { type: 'array', minItems: 1, maxItems: 200, items: idSchema } } } },
    },
    async (request) => {
      const ids = [...new Set(request.body.specialSubjectIds)];
      const found = await repo.existing(ids);
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length > 0) throw new AppError(Codes.NOT_FOUND, `专题不存在：${missing.join('、')}`);
      // The listed topics come first in the given order; the others follow in their present order.
      await repo.reorder(ids, ctx.now());
      return ok((await repo.list()).map(topicOf), localeOf(request));
    },
  );

  app.delete<{ Querystring: { specialSubjectIds: string } }>(
    `${P}/batchDelete`,
    {
      ...managed(ctx, 'city', audit('delete', (request) => (request.query as { specialSubjectIds: string }).specialSubjectIds.split(',').filter(Boolean))),
      schema: { querystring: { type: 'object', required: ['specialSubjectIds'], properties: { specialSubjectIds: { type: 'string', minLength: 1, maxLength: 6500, pattern: '^[A-Za-z0-9_,-]+$' } } } },
    },
    async (request) => {
      const ids = [...new Set(request.query.specialSubjectIds.split(',').filter(Boolean))];
      if (ids.length === 0) throw new AppError(Codes.MISSING_PARAMETER, '缺少参数：specialSubjectIds', { field: 'specialSubjectIds' });
      const found = await repo.existing(ids);
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length > 0) throw new AppError(Codes.NOT_FOUND, `专题不存在：${missing.join('、')}`);
      await repo.delete(ids);
      return ok({ deleted: ids.length, specialSubjectIds: ids }, localeOf(request));
    },
  );

  const lessonsAudit = (verb: string): AuditSpec => ({
    action: `specialSubject.${verb}`,
    entity: 'specialSubject',
    ids: bodyId,
    snapshot: topicLessonsSnapshot(db),
  });

  app.post<{ Body: { specialSubjectId: string; lessonIds: string[] } }>(
    `${P}/addLessons`,
    { ...managed(ctx, 'city', lessonsAudit('addLessons')), schema: { body: lessonIdsBody } },
    async (request) => {
      const { specialSubjectId: id, lessonIds } = request.body;
      await byId(id);
      await checkLessons(lessonIds);
      const added = await repo.addLessons(id, [...new Set(lessonIds)]);
      return ok({ added, topic: await byId(id) }, localeOf(request));
    },
  );

  app.post<{ Body: { specialSubjectId: string; lessonIds: string[] } }>(
    `${P}/removeLessons`,
    { ...managed(ctx, 'city', lessonsAudit('removeLessons')), schema: { body: lessonIdsBody } },
    async (request) => {
      const { specialSubjectId: id, lessonIds } = request.body;
      await byId(id);
      const removed = await repo.removeLessons(id, [...new Set(lessonIds)]);
      return ok({ removed, topic: await byId(id) }, localeOf(request));
    },
  );
}
