/**
 * The public side of `/cloudSchool/v1/cloudLesson/*`: lists, schedule, counts and the lesson detail.
 * Anyone may call them; a signed-in caller also sees their own unpublished lessons (`onlyMine`) and
 * their study state on the detail.
 */
import { sharedDrop } from '../cache/sharedDrop.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { CurriculumRepo } from '../curriculum/curriculumRepo.js';
import { learnerExtras } from '../learning/learningRepo.js';
import { optionalUser } from './access.js';
import { idSchema } from '../db/ids.js';
import { lessonConditions, notUpcoming, publishedOnly, type Scope } from './lessonFilters.js';
import { SpecialSubjectRepo } from '../specialSubjects/specialSubjectRepo.js';
import { LessonQueries } from './lessonQueries.js';
import { filterBody, filterProps, lessonIdQuery, pageProps, type LessonFilter } from './lessonSchemas.js';
import { LessonStats } from './lessonStats.js';
import { visibleLesson } from './lessonActions.js';
import { CountCache } from './countCache.js';
import { filterKey, PublicPageCache } from './publicPageCache.js';
import { heavy } from '../http/heavyRoutes.js';

export const CLOUD_LESSON = '/cloudSchool/v1/cloudLesson';
const DATE = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;

/**
 * The public lesson lists answer the same page to everyone (published lessons only, nothing about the
 * caller), so their serialized answers are kept a few seconds per filter and locale (publicPageCache.ts).
 * Lists of one's own lessons (`onlyMine`) are never kept. Totals of 10 000 lessons or more are kept
 * for a minute: counting them blocks PGlite for tens of milliseconds, and nobody tells 38 237 from
 * 38 236. Writes through this server drop both at once; other servers' writes show within the times.
 */
const PUBLIC_PAGE_CACHE_MS = 3_000;
const PUBLIC_TOTAL_CACHE_MS = 60_000;
const JSON_TYPE = 'application/json; charset=utf-8';
const FILTER_FIELDS = Object.keys(filterProps);
// A high-quality decision publishes the work as a lesson (activityReview/publishWork.ts).
const PAGE_WRITERS = [`${CLOUD_LESSON}/`, '/cloudSchool/v1/specialSubject/', '/cloudSchool/v1/teacherInfo/', '/cloudSchool/v1/lessonTag/', '/cloudSchool/v1/activityAudit/auditWorks'];

export async function lessonBrowseRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.db.orm;
  const totals = new CountCache(Date.now, PUBLIC_TOTAL_CACHE_MS);
  app.caches.set('public lesson totals', totals);
  const queries = new LessonQueries(db, ctx.now, ctx.media, totals);
  const stats = new LessonStats(db, queries);
  const curriculum = new CurriculumRepo(db);
  const open = { config: { public: true }, preValidation: optionalUser(ctx) };

  const scopeOf = (request: FastifyRequest, filter: LessonFilter | undefined): Scope => {
    if (!filter?.onlyMine) return { kind: 'published' };
    if (!request.auth) throw new AppError(Codes.TOKEN_NOT_FOUND, '查看自己的课程需要先登录（onlyMine）');
    return { kind: 'mine', userId: request.auth.user.id };
  };
  const conditions = (request: FastifyRequest, filter: LessonFilter | undefined, live: 0 | 1 | undefined) =>
    lessonConditions(filter ?? {}, scopeOf(request, filter), live, { curriculum, now: ctx.now() });

  app.get<{ Querystring: { stage?: number; subjectCode?: number; grade?: number; limit?: number } }>(
    `${CLOUD_LESSON}/getRecommendLesson`,
    heavy({
      ...open,
      schema: {
        querystring: {
          type: 'object',
          properties: { stage: filterProps.stage, subjectCode: filterProps.subjectCode, grade: filterProps.grade, limit: { type: 'integer', minimum: 1, maximum: 50 } },
        },
      },
    }),
    async (request) => {
      const q = request.query;
      const limit = q.limit ?? 8;
      // Recommend what can be watched now: excellent lessons first, then the most used.
      const base = async (stage: number | undefined) => {
        const where = await conditions(request, { stage, subjectCode: q.subjectCode, grade: q.grade }, undefined);
        where.push(notUpcoming(ctx.now()));
        return (await queries.page(where, 'excellent', { pageNum: 1, pageSize: limit * 3 })).rows;
      };
      const userStage = request.auth?.user.stageCode ? Number(request.auth.user.stageCode) : undefined;
      let list = await base(q.stage ?? userStage);
      if (list.length === 0 && q.stage === undefined && userStage !== undefined) list = await base(undefined);
      list.sort((a, b) => b.excellentFlag - a.excellentFlag || b.downloadCount + b.learningCount - (a.downloadCount + a.learningCount));
      return ok(list.slice(0, limit), localeOf(request));
    },
  );

  const publicPages = new PublicPageCache(PUBLIC_PAGE_CACHE_MS, ctx.settings.limits.pageCacheMaxEntries, Date.now, Math.random, ctx.settings.limits.pageCacheMaxBytes);
  app.caches.set('public lesson pages', publicPages);
  // …and on every other server over the same database (cache/sharedDrop.ts).
  const dropLessonLists = sharedDrop(ctx.bus, 'lessons', () => {
    publicPages.invalidate();
    totals.invalidate();
  });
  // A change made through this server shows at once: lesson, topic and teacher writes drop the pages.
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' || reply.statusCode >= 400 || request.routeOptions.config?.public) return;
    const url = request.url;
    if (!PAGE_WRITERS.some((prefix) => url.startsWith(prefix)) || /ManagerViewPage|addDownloadCount/.test(url)) return;
    await dropLessonLists();
  });
  const listPage = async (request: FastifyRequest, reply: FastifyReply, live: 0 | 1, orderBy: NonNullable<LessonFilter['orderBy']>) => {
    const filter = request.body as LessonFilter | undefined;
    const locale = localeOf(request);
    const load = async () => ok(await queries.page(await conditions(request, filter, live), orderBy, filter ?? {}), locale);
    if (filter?.onlyMine) return load();
    const bytes = await publicPages.get(filterKey([live, orderBy, locale], filter, FILTER_FIELDS), load);
    reply.type(JSON_TYPE);
    return bytes;
  };

  app.post<{ Body: LessonFilter | undefined }>(`${CLOUD_LESSON}/getOnDemandLessonPage`, heavy({ ...open, schema: { body: filterBody } }), async (request, reply) =>
    listPage(request, reply, 0, request.body?.orderBy ?? 'newest'),
  );

  app.post<{ Body: LessonFilter | undefined }>(`${CLOUD_LESSON}/getLiveLessonPage`, heavy({ ...open, schema: { body: filterBody } }), async (request, reply) =>
    listPage(request, reply, 1, request.body?.orderBy ?? 'liveStartDesc'),
  );

  app.post<{ Body: LessonFilter | undefined }>(`${CLOUD_LESSON}/getLiveLessonSubjectList`, heavy({ ...open, schema: { body: filterBody } }), async (request) =>
    ok(await stats.subjects(await conditions(request, { ...request.body, subjectCode: undefined }, 1)), localeOf(request)),
  );

  app.post<{ Body: LessonFilter | undefined }>(`${CLOUD_LESSON}/getLiveLessonGradeList`, heavy({ ...open, schema: { body: filterBody } }), async (request) =>
    ok(await stats.grades(await conditions(request, { ...request.body, grade: undefined }, 1)), localeOf(request)),
  );

  app.post<{ Body: LessonFilter & { startDate: string; endDate: string } }>(
    `${CLOUD_LESSON}/getLiveLessonSchedule`,
    heavy({ ...open, schema: { body: { type: 'object', required: ['startDate', 'endDate'], properties: { ...filterProps, startDate: DATE, endDate: DATE } } } }),
    async (request) => {
      const { startDate, endDate } = request.body;
      const from = Date.parse(`${startDate}T00:00:00Z`);
      const to = Date.parse(`${endDate}T00:00:00Z`);
      if (!Number.isFinite(from) || new Date(from).toISOString().slice(0, 10) !== startDate) throw new AppError(Codes.BAD_REQUEST, `参数 startDate 不是有效的日期：${startDate}`, { field: 'startDate' });
      if (!Number.isFinite(to) || new Date(to).toISOString().slice(0, 10) !== endDate) throw new AppError(Codes.BAD_REQUEST, `参数 endDate 不是有效的日期：${endDate}`, { field: 'endDate' });
      if (to < from) throw new AppError(Codes.BAD_REQUEST, '参数 endDate 不能早于 startDate', { field: 'endDate' });
      if (to - from > 41 * 86_400_000) throw new AppError(Codes.BAD_REQUEST, '参数 endDate：课表一次最多查询 42 天', { field: 'endDate' });
      const where = await conditions(request, { ...request.body, startTime: undefined, endTime: undefined }, 1);
      return ok(await stats.schedule(where, startDate, endDate), localeOf(request));
    },
  );

  app.get<{ Querystring: { hours?: number } }>(
    `${CLOUD_LESSON}/getAdventOrExpireLiveCount`,
    { ...open, schema: { querystring: { type: 'object', properties: { hours: { type: 'integer', minimum: 1, maximum: 720 } } } } },
    async (request) => ok(await stats.liveCounts(ctx.now(), request.query.hours ?? 24, [publishedOnly()]), localeOf(request)),
  );

  app.post<{ Body: { lessonId: string; pageNum?: number; pageSize?: number } }>(
    `${CLOUD_LESSON}/getRelatedLessonPage`,
    heavy({ ...open, schema: { body: { type: 'object', required: ['lessonId'], properties: { lessonId: idSchema, ...pageProps } } } }),
    async (request) => {
      const lesson = await visibleLesson(ctx, request.auth, request.body.lessonId);
      return ok(await stats.related(lesson, request.body), localeOf(request));
    },
  );

  app.post<{ Body: (LessonFilter & { liveFlag?: 0 | 1 }) | undefined }>(
    `${CLOUD_LESSON}/count`,
    heavy({ ...open, schema: { body: { type: ['object', 'null'], properties: { ...filterProps, liveFlag: { type: 'integer', enum: [0, 1] } } } } }),
    async (request) => {
      const body = request.body ?? {};
      const onDemand = body.liveFlag === 1 ? 0 : await queries.count(await conditions(request, body, 0));
      const live = body.liveFlag === 0 ? 0 : await queries.count(await conditions(request, body, 1));
      return ok({ total: onDemand + live, onDemandCount: onDemand, liveCount: live }, localeOf(request));
    },
  );

  app.get<{ Querystring: { lessonId: string } }>(`${CLOUD_LESSON}/getById`, { ...open, schema: { querystring: lessonIdQuery } }, async (request) => {
    const lesson = await visibleLesson(ctx, request.auth, request.query.lessonId);
    const detail = await queries.detail(lesson.lessonId);
    return ok({ ...detail!, ...(await learnerExtras(db, request.auth?.user.id ?? null, lesson.lessonId)) }, localeOf(request));
  });

  app.get<{ Querystring: { lessonId: string; resourceId?: string } }>(
    `${CLOUD_LESSON}/getResourceVideo`,
    { ...open, schema: { querystring: { type: 'object', required: ['lessonId'], properties: { lessonId: idSchema, resourceId: idSchema } } } },
    async (request) => {
      const lesson = await visibleLesson(ctx, request.auth, request.query.lessonId);
      const resources = await queries.resources(lesson.lessonId);
      if (request.query.resourceId === undefined) return ok(resources, localeOf(request));
      const one = resources.find((r) => r.resourceId === request.query.resourceId);
      if (!one) throw new AppError(Codes.NOT_FOUND, `这节课没有该视频：resourceId ${request.query.resourceId}`);
      return ok([one], localeOf(request));
    },
  );

  app.post<{ Body: LessonFilter & { specialSubjectId: string } }>(
    `${CLOUD_LESSON}/getSpecialSubjectLessonPage`,
    heavy({ ...open, schema: { body: { type: 'object', required: ['specialSubjectId'], properties: filterProps } } }),
    async (request) => {
      await requireTopic(ctx, request.body.specialSubjectId);
      const where = await conditions(request, request.body, undefined);
      return ok(await queries.page(where, request.body.orderBy ?? 'newest', request.body), localeOf(request));
    },
  );

  app.get<{ Querystring: { specialSubjectId: string } }>(
    `${CLOUD_LESSON}/getSpecialSubjectLessonGradeList`,
    { ...open, schema: { querystring: { type: 'object', required: ['specialSubjectId'], properties: { specialSubjectId: idSchema } } } },
    async (request) => {
      await requireTopic(ctx, request.query.specialSubjectId);
      const where = await conditions(request, { specialSubjectId: request.query.specialSubjectId }, undefined);
      return ok(await stats.grades(where), localeOf(request));
    },
  );
}

export async function requireTopic(ctx: AppContext, specialSubjectId: string): Promise<void> {
  if ((await new SpecialSubjectRepo(ctx.db.orm).existing([specialSubjectId])).size === 0) {
    throw new AppError(Codes.NOT_FOUND, `专题不存在：specialSubjectId ${specialSubjectId}`);
  }
}
