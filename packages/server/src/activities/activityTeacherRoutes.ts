/**
 * The public and the teacher's side of `/cloudSchool/v1/resourceCollectActivity/*`: the public list of
 * published activities (no token; what `<ds-activity-list>` shows), and a teacher's activities — those
 * they may join (published, organiser on their organisation chain), one of them in detail with their
 * own sign-up, those they signed up for, and the reminders of what needs doing soon. An activity the
 * teacher may not join is answered 404, as if it did not exist.
 */
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ActivityStatus, SignUpStatus, WorkReviewState, WorkSubmitStatus, type ActivityPhase, type ActivityReminder } from '@dscloud/sdk/activities';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import { activitySignUps, activityWorks } from '../db/schema.js';
import { idSchema } from '../db/ids.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { pageProps } from '../http/schemaRules.js';
import { subtreeOf } from '../management/orgScope.js';
import { filterKey, type PublicPageCache } from '../lessons/publicPageCache.js';
import { isEligible, loadActivity, orgChainIds, phaseOfRow, requireActivityTeacher } from './activityAccess.js';
import { ACTIVITY_PREFIX as P } from './activityManageRoutes.js';
import type { ActivityRepo } from './activityRepo.js';
import { idParams, pageBody } from './activitySchemas.js';
import type { ActivityView } from './activityView.js';
import { mySignUp } from './signUpView.js';
import { heavy } from '../http/heavyRoutes.js';

const DAY = 86_400_000;
/** A sign-up reminder shows this long before the window closes. */
export const SIGN_UP_REMINDER_MS = 3 * DAY;

interface TeacherPage {
  pageNum?: number;
  pageSize?: number;
  phase?: ActivityPhase;
  keyword?: string;
  activitySystem?: number;
}

export async function activityTeacherRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  repo: ActivityRepo,
  view: ActivityView,
  publicList: PublicPageCache,
  listPages: PublicPageCache,
): Promise<void> {
  const db = ctx.db.orm;
  const teacher = { preValidation: requireActivityTeacher(ctx) };
  const { orgId: _orgId, status: _status, ...teacherFilters } = pageBody.properties;
  const TEACHER_FIELDS = Object.keys(teacherFilters);

  app.get<{ Querystring: TeacherPage & { orgId?: string } }>(
    `${P}/publish/list`,
    heavy({
      config: { public: true },
      schema: { querystring: { type: 'object', properties: { ...pageProps, orgId: idSchema, phase: pageBody.properties.phase, keyword: pageBody.properties.keyword } } },
    }),
    async (request, reply) => {
      const q = request.query;
      const locale = localeOf(request);
      const bytes = await publicList.get(filterKey(['publish', locale], q, ['pageNum', 'pageSize', 'orgId', 'phase', 'keyword']), () => publishedPage(q, locale));
      reply.type('application/json; charset=utf-8');
      return bytes;
    },
  );

  const publishedPage = async (q: TeacherPage & { orgId?: string }, locale: ReturnType<typeof localeOf>) => {
      let orgIds: string[] | undefined;
      if (q.orgId) {
        if (!(await repo.org(q.orgId))) throw new AppError(Codes.NOT_FOUND, `参数 orgId：机构不存在：${q.orgId}`, { field: 'orgId' });
        // What its teachers may join (the chain above) and what its own schools run (the subtree below).
        orgIds = [...new Set([...(await orgChainIds(db, q.orgId)), ...(await subtreeOf(db, [q.orgId]))])];
      }
      const now = ctx.now();
      const page = await repo.page({ orgIds, status: ActivityStatus.PUBLISHED, phase: q.phase, keyword: q.keyword }, q, now, 'published');
      return ok({ ...page, rows: await view.summaries(page.rows, now) }, locale);
  };

  app.post<{ Body: TeacherPage | null }>(
    `${P}/teacher/all/page`,
    heavy({ ...teacher, schema: { body: { type: ['object', 'null'], properties: teacherFilters } } }),
    async (request, reply) => {
      const body = request.body ?? {};
      const orgId = request.auth!.user.orgId;
      const locale = localeOf(request);
      // The teacher's organisation fixes the chain of organisers they may join: one answer for its teachers.
      const load = async () => {
        const now = ctx.now();
        const chain = await orgChainIds(db, orgId);
        const page = await repo.page(
          { orgIds: chain, status: ActivityStatus.PUBLISHED, phase: body.phase, keyword: body.keyword, activitySystem: body.activitySystem },
          body,
          now,
          'published',
        );
        return ok({ ...page, rows: await view.summaries(page.rows, now) }, locale);
      };
      const bytes = await listPages.get(filterKey(['teacher', orgId, locale], body, TEACHER_FIELDS), load);
      reply.type('application/json; charset=utf-8');
      return bytes;
    },
  );

  app.get<{ Params: { id: string } }>(`${P}/teacher/detail/:id`, { ...teacher, schema: { params: idParams } }, async (request) => {
    const auth = request.auth!;
    const row = await loadActivity(db, request.params.id, 'id');
    if (!(await isEligible(db, row, auth))) throw new AppError(Codes.NOT_FOUND, '活动不存在或未向您开放', { field: 'id' });
    const detail = await view.detail(row, ctx.now());
    return ok({ ...detail, mySignUp: await mySignUp(db, row.id, auth.user.id) }, localeOf(request));
  });

  app.post<{ Body: { pageNum?: number; pageSize?: number } | null }>(
    `${P}/teacher/signUp/page`,
    heavy({ ...teacher, schema: { body: { type: ['object', 'null'], properties: pageProps } } }),
    async (request) => {
      const body = request.body ?? {};
      const userId = request.auth!.user.id;
      const s = activitySignUps;
      const mine = await db
        .select({ id: s.id, activityId: s.activityId })
        .from(s)
        .where(and(eq(s.userId, userId), eq(s.status, SignUpStatus.ACTIVE)));
      const now = ctx.now();
      const page = await repo.page({ ids: mine.map((m) => m.activityId) }, body, now, 'published');
      const ids = page.rows.map((r) => r.id);
      const w = activityWorks;
      const works = ids.length
        ? await db
            .select({ id: w.activityId, n: count() })
            .from(w)
            .where(and(eq(w.userId, userId), inArray(w.activityId, ids), ne(w.submitStatus, WorkSubmitStatus.WITHDRAWN)))
            .groupBy(w.activityId)
        : [];
      const signUpOf = new Map(mine.map((m) => [m.activityId, m.id]));
      const workOf = new Map(works.map((r) => [r.id, Number(r.n)]));
      const rows = (await view.summaries(page.rows, now)).map((r) => ({ ...r, signUpId: signUpOf.get(r.activityId)!, workCount: workOf.get(r.activityId) ?? 0 }));
      return ok({ ...page, rows }, localeOf(request));
    },
  );

  app.get(`${P}/menu/remind`, teacher, async (request) => {
    const auth = request.auth!;
    const now = ctx.now();
    const chain = await orgChainIds(db, auth.user.orgId);
    const s = activitySignUps;
    const signedUp = new Set(
      (await db.select({ id: s.activityId }).from(s).where(and(eq(s.userId, auth.user.id), eq(s.status, SignUpStatus.ACTIVE)))).map((r) => r.id),
    );
    const reminders: ActivityReminder[] = [];
    const open = await repo.page({ orgIds: chain, status: ActivityStatus.PUBLISHED }, { pageNum: 1, pageSize: 100 }, now, 'published');
    for (const row of open.rows) {
      const phase = phaseOfRow(row, now);
      if (phase.signUpOpen && !signedUp.has(row.id) && row.signUpEndAt! - now <= SIGN_UP_REMINDER_MS) {
        reminders.push({ activityId: row.id, activityName: row.name, kind: 'signUpClosing', deadline: row.signUpEndAt, count: 0 });
      }
    }
    const w = activityWorks;
    const works = await db
      .select({ activityId: w.activityId, submitStatus: w.submitStatus, reviewState: w.reviewState })
      .from(w)
      .where(and(eq(w.userId, auth.user.id), ne(w.submitStatus, WorkSubmitStatus.WITHDRAWN)));
    const rows = new Map((await repo.findMany([...new Set(works.map((x) => x.activityId))])).map((r) => [r.id, r]));
    const tally = new Map<string, { drafts: number; returned: number }>();
    for (const work of works) {
      const t = tally.get(work.activityId) ?? { drafts: 0, returned: 0 };
      if (work.submitStatus === WorkSubmitStatus.DRAFT) t.drafts++;
      if (work.reviewState === WorkReviewState.RETURNED) t.returned++;
      tally.set(work.activityId, t);
    }
    for (const [activityId, t] of tally) {
      const row = rows.get(activityId);
      if (!row || row.status !== ActivityStatus.PUBLISHED) continue;
      if (t.drafts > 0 && phaseOfRow(row, now).uploadOpen) {
        reminders.push({ activityId, activityName: row.name, kind: 'worksToSubmit', deadline: row.uploadEndAt, count: t.drafts });
      }
      if (t.returned > 0) reminders.push({ activityId, activityName: row.name, kind: 'returned', deadline: row.uploadEndAt, count: t.returned });
    }
    reminders.sort((x, y) => (x.deadline ?? Infinity) - (y.deadline ?? Infinity));
    return ok(reminders, localeOf(request));
  });
}
