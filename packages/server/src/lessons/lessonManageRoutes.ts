/**
 * The writing and back-office side of `/cloudSchool/v1/cloudLesson/*`. Manager views (read: researchers
 * too), publishing and the excellent flag are back-office routes (`managed()`), each over the caller's
 * organisation subtree; teachers save, convert and delete their own lessons, administrators those within
 * their reach.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { localeOf, ok } from '../http/envelope.js';
import { CurriculumRepo } from '../curriculum/curriculumRepo.js';
import { requireTeacher } from './access.js';
import { idSchema } from '../db/ids.js';
import { epochMsSchema } from '../http/schemaRules.js';
import { addDownload, deleteLesson, makeLiveLesson, setExcellent, setPublished } from './lessonActions.js';
import { CLOUD_LESSON, requireTopic } from './lessonBrowseRoutes.js';
import { inAnyTopic, lessonConditions, withinScope } from './lessonFilters.js';
import { LessonQueries } from './lessonQueries.js';
import { saveLesson } from './lessonSave.js';
import type { AuditSpec } from '../audit/auditSpec.js';
import { lessonAudits } from './lessonAudit.js';
import { managed } from '../management/access.js';
import { filterBody, filterProps, lessonIdBody, lessonIdQuery, lessonIdsBody, saveSchema, type LessonFilter, type SaveInput } from './lessonSchemas.js';
import { heavy } from '../http/heavyRoutes.js';
import { cancelUnusedVideos, lessonUploadContents, lessonVideoStates, requeueLessonVideos, retryLessonVideo } from './lessonVideos.js';

export async function lessonManageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.db.orm;
  const queries = new LessonQueries(db, ctx.now, ctx.media);
  const curriculum = new CurriculumRepo(db);
  const teacher = { preValidation: requireTeacher(ctx) };
  const all = (filter: LessonFilter, live: 0 | 1 | undefined) => lessonConditions(filter, { kind: 'all' }, live, { curriculum, now: ctx.now() });

  // The manager views: the lessons of the caller's organisation subtree, any publish status.
  const inReach = async (request: FastifyRequest<{ Body: LessonFilter | undefined }>, live: 0 | 1) => [
    ...(await all(request.body ?? {}, live)),
    ...withinScope(request.scope),
  ];

  app.post<{ Body: LessonFilter | undefined }>(
    `${CLOUD_LESSON}/getOnDemandLessonManagerViewPage`,
    heavy({ ...managed(ctx, 'read'), schema: { body: filterBody } }),
    async (request) => ok(await queries.page(await inReach(request, 0), request.body?.orderBy ?? 'newest', request.body ?? {}), localeOf(request)),
  );

  app.post<{ Body: LessonFilter | undefined }>(
    `${CLOUD_LESSON}/getLiveLessonManagerViewPage`,
    heavy({ ...managed(ctx, 'read'), schema: { body: filterBody } }),
    async (request) => ok(await queries.page(await inReach(request, 1), request.body?.orderBy ?? 'liveStartDesc', request.body ?? {}), localeOf(request)),
  );

  app.post<{ Body: LessonFilter | undefined }>(
    `${CLOUD_LESSON}/getSpecialSubjectLessonManagerViewPage`,
    heavy({ ...managed(ctx, 'read'), schema: { body: filterBody } }),
    async (request) => {
      const body = request.body ?? {};
      if (body.specialSubjectId) await requireTopic(ctx, body.specialSubjectId);
      const where = await all(body, undefined);
      // Without a topic: every lesson filed under any topic.
      if (!body.specialSubjectId) {
        where.push(inAnyTopic());
      }
      return ok(await queries.page(where, body.orderBy ?? 'newest', body), localeOf(request));
    },
  );

  const audits = lessonAudits(db);
  const lessonSnapshot = audits.stateSnapshot;
  const lessonAudit = (action: string): AuditSpec => ({
    action: `cloudLesson.${action}`,
    entity: 'cloudLesson',
    ids: (request) => (request.body as { lessonIds: string[] }).lessonIds,
    snapshot: lessonSnapshot,
  });

  app.post<{ Body: { lessonIds: string[] } }>(
    `${CLOUD_LESSON}/publishLesson`,
    { ...managed(ctx, 'write', lessonAudit('publish')), schema: { body: lessonIdsBody } },
    async (request) => ok({ changed: await setPublished(ctx, request.body.lessonIds, true, request.scope) }, localeOf(request)),
  );

  app.post<{ Body: { lessonIds: string[] } }>(
    `${CLOUD_LESSON}/cancelPublishLesson`,
    { ...managed(ctx, 'write', lessonAudit('cancelPublish')), schema: { body: lessonIdsBody } },
    async (request) => ok({ changed: await setPublished(ctx, request.body.lessonIds, false, request.scope) }, localeOf(request)),
  );

  app.post<{ Body: { lessonIds: string[]; excellentFlag: number } }>(
    `${CLOUD_LESSON}/updateExcellentFlag`,
    {
      ...managed(ctx, 'write', lessonAudit('updateExcellentFlag')),
      schema: {
        body: {
          type: 'object',
          required: ['lessonIds', 'excellentFlag'],
          properties: { ...lessonIdsBody.properties, excellentFlag: filterProps.excellentFlag },
        },
      },
    },
    async (request) => ok({ changed: await setExcellent(ctx, request.body.lessonIds, request.body.excellentFlag, request.scope) }, localeOf(request)),
  );

  // A teacher's own save is their everyday work; an administrator's save of a teacher's lesson is audited.
  app.post<{ Body: SaveInput }>(`${CLOUD_LESSON}/save`, { ...teacher, config: { audit: audits.save }, schema: { body: saveSchema } }, async (request) => {
    const id = await saveLesson(ctx, request.auth!, request.body);
    await requeueLessonVideos(ctx, id).catch((error: unknown) => request.log.warn({ err: error }, '课程已保存，但其视频未能重新加入转码队列'));
    return ok(await queries.detail(id), localeOf(request));
  });

  // Teachers delete and convert their own lessons, administrators those within reach (lessonActions.ts):
  // not managed() routes, but audited like them.
  const deleteAudit: AuditSpec = {
    action: 'cloudLesson.delete',
    entity: 'cloudLesson',
    ids: (request) => [(request.query as { lessonId: string }).lessonId],
    snapshot: lessonSnapshot,
  };
  const toLiveAudit: AuditSpec = {
    action: 'cloudLesson.updateToLiveLesson',
    entity: 'cloudLesson',
    createdIds: (data) => [(data as { lessonId: string }).lessonId],
    snapshot: lessonSnapshot,
  };

  // 视频处理 (docs/video.md): read often (the screens poll while a video is on its way), so not audited;
  // 重试 is the teacher's own everyday work, like a save.
  app.post<{ Body: { lessonIds: string[] } }>(
    `${CLOUD_LESSON}/getVideoStates`,
    { ...teacher, schema: { body: { ...lessonIdsBody, properties: { lessonIds: { ...lessonIdsBody.properties.lessonIds, maxItems: 50 } } } } },
    async (request) => ok(await lessonVideoStates(ctx, request.auth!, request.body.lessonIds, localeOf(request)), localeOf(request)),
  );
  app.post<{ Body: { lessonId: string; resourceId: string } }>(
    `${CLOUD_LESSON}/retryVideo`,
    { ...teacher, schema: { body: { type: 'object', required: ['lessonId', 'resourceId'], properties: { lessonId: idSchema, resourceId: idSchema } } } },
    async (request) => ok(await retryLessonVideo(ctx, request.auth!, request.body.lessonId, request.body.resourceId, localeOf(request)), localeOf(request)),
  );

  app.delete<{ Querystring: { lessonId: string } }>(
    `${CLOUD_LESSON}/deleteLesson`,
    { ...teacher, config: { audit: deleteAudit }, schema: { querystring: lessonIdQuery } },
    async (request) => {
      const uploads = await lessonUploadContents(ctx.db.orm, request.query.lessonId);
      await deleteLesson(ctx, request.auth!, request.query.lessonId);
      // Nothing plays an upload no lesson shows: its transcoding stops (docs/video.md, "Deleting a lesson").
      await cancelUnusedVideos(ctx, uploads).catch((error: unknown) => request.log.warn({ err: error }, '课程已删除，但其视频的转码未能取消'));
      return ok({ lessonId: request.query.lessonId, deleted: true }, localeOf(request));
    },
  );

  app.post<{ Body: { lessonId: string; liveStartTime: number; liveEndTime: number; title?: string } }>(
    `${CLOUD_LESSON}/updateToLiveLesson`,
    {
      ...teacher,
      config: { audit: toLiveAudit },
      schema: {
        body: {
          type: 'object',
          required: ['lessonId', 'liveStartTime', 'liveEndTime'],
          properties: {
            lessonId: idSchema,
            liveStartTime: epochMsSchema,
            liveEndTime: epochMsSchema,
            title: { type: 'string', maxLength: 100 },
          },
        },
      },
    },
    async (request) => {
      const id = await makeLiveLesson(ctx, request.auth!, request.body);
      return ok(await queries.detail(id), localeOf(request));
    },
  );

  app.post<{ Body: { lessonId: string } }>(
    `${CLOUD_LESSON}/addDownloadCount`,
    { preValidation: ctx.guard.requireUser, schema: { body: lessonIdBody } },
    async (request) => ok({ lessonId: request.body.lessonId, downloadCount: await addDownload(ctx, request.auth!, request.body.lessonId) }, localeOf(request)),
  );
}
