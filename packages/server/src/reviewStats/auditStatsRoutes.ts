/**
 * `/cloudSchool/v1/staMyWorkAuditOverview/*` (a reviewer's own progress) and
 * `/cloudSchool/v1/staTeacherAudit/*` (the organiser's view of an activity's reviewers).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import type { MyAuditActivityRow, MyAuditOverview, MyAuditRow, ReviewerDecisionQuery, ReviewerStatQuery, ReviewerStatRow } from '@dscloud/sdk/review';
import type { AppContext } from '../context.js';
import { idSchema } from '../db/ids.js';
import { num, rows } from '../db/rows.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { pageProps } from '../http/schemaRules.js';
import { managed } from '../management/access.js';
import { loadActivity, phaseOfRow, type ActivityRow } from '../activities/activityAccess.js';
import { stageName, subjectName } from '../curriculum/names.js';
import { exportFileName, sendXlsx } from '../exports/xlsx.js';
import { assignmentsOf, countsOnly, progressOf, sumProgress, type AssignmentProgress } from './reviewProgress.js';
import { reviewerDecisions } from './reviewerDecisions.js';
import { decisionSheet, myAuditSheet, reviewerSheet } from './auditSheets.js';
import { cachedAnswer, levelName, managedActivity, newStatsCache, STA } from './statsAccess.js';
import { heavy } from '../http/heavyRoutes.js';

const MY = `${STA}/staMyWorkAuditOverview`;
const TA = `${STA}/staTeacherAudit`;
const activityQuery = { type: 'object', required: ['activityId'], properties: { activityId: idSchema } } as const;

const NOT_REVIEWER = '您不是该活动的评审人员';

async function myRows(ctx: AppContext, activity: ActivityRow, userId: string): Promise<MyAuditRow[]> {
  const db = ctx.db.orm;
  const list = await progressOf(db, activity.id, await assignmentsOf(db, activity.id, userId));
  const quotas = activity.reviewRules.quotas ?? {};
  const used = await rows<Record<string, unknown>>(db, sql`SELECT level, org_id, used FROM activity_review_quota WHERE activity_id = ${activity.id}`);
  const usedBy = new Map(used.map((u) => [`${num(u.level)}|${String(u.org_id)}`, num(u.used)]));
  return list.map((p) => {
    const a = p.assignment;
    return {
      ...countsOnly(p),
      level: a.level,
      levelName: levelName(a.level),
      orgId: a.orgId,
      orgName: a.orgName,
      stage: a.stage,
      stageName: stageName(a.stage),
      subjectCode: a.subjectCode,
      subjectName: subjectName(a.subjectCode),
      quota: quotas[a.level] ?? null,
      quotaUsed: usedBy.get(`${a.level}|${a.orgId}`) ?? 0,
    };
  });
}

/** One row per reviewer: their assignments summed. */
export function reviewerRows(list: AssignmentProgress[]): ReviewerStatRow[] {
  const by = new Map<string, AssignmentProgress[]>();
  for (const p of list) by.set(p.assignment.userId, [...(by.get(p.assignment.userId) ?? []), p]);
  return [...by.values()].map((ps) => {
    const a = ps[0]!.assignment;
    const msCount = ps.reduce((s, p) => s + p.decisionMsCount, 0);
    const last = Math.max(0, ...ps.map((p) => p.lastDecisionAt ?? 0));
    return {
      ...sumProgress(ps),
      userId: a.userId,
      userName: a.userName,
      assignments: ps.map((p) => `${levelName(p.assignment.level)} · ${stageName(p.assignment.stage)}${subjectName(p.assignment.subjectCode)} · ${p.assignment.orgName}`),
      levels: [...new Set(ps.map((p) => p.assignment.level))],
      avgDecisionMs: msCount ? Math.round(ps.reduce((s, p) => s + p.decisionMsSum, 0) / msCount) : null,
      lastDecisionAt: last || null,
    };
  });
}

async function reviewerTable(ctx: AppContext, activityId: string, q: Partial<ReviewerStatQuery> = {}): Promise<ReviewerStatRow[]> {
  const db = ctx.db.orm;
  const assignments = (await assignmentsOf(db, activityId)).filter(
    (a) => (q.level === undefined || a.level === q.level) && (q.stage === undefined || a.stage === q.stage) && (q.subjectCode === undefined || a.subjectCode === q.subjectCode),
  );
  const keyword = q.keyword?.trim();
  return reviewerRows(await progressOf(db, activityId, assignments)).filter((r) => !keyword || r.userName.includes(keyword));
}

export async function auditStatsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.db.orm;
  const signedIn = { preValidation: ctx.guard.requireUser };
  const answers = newStatsCache(ctx);
  app.caches.set('reviewer statistics', answers);

  /** The activity, when the caller reviews in it (403 otherwise). */
  const reviewed = async (activityId: string, userId: string): Promise<ActivityRow> => {
    const activity = await loadActivity(db, activityId);
    const [mine] = await rows(db, sql`SELECT 1 FROM activity_audit_persons WHERE activity_id = ${activity.id} AND user_id = ${userId} LIMIT 1`);
    if (!mine) throw new AppError(Codes.FORBIDDEN, NOT_REVIEWER, { field: 'activityId' });
    return activity;
  };

  app.get(`${MY}/activities`, heavy(signedIn), async (request) => {
    const userId = request.auth!.user.id;
    const found = await rows<Record<string, unknown>>(
      db,
      sql`SELECT DISTINCT a.id FROM activity_audit_persons p JOIN activities a ON a.id = p.activity_id
          WHERE p.user_id = ${userId} AND a.status = 1 AND a.deleted_at IS NULL`,
    );
    const out: MyAuditActivityRow[] = [];
    for (const r of found) {
      const activity = await loadActivity(db, String(r.id));
      out.push({
        ...sumProgress(await myRows(ctx, activity, userId)),
        activityId: activity.id,
        activityName: activity.name,
        auditStartTime: activity.auditStartAt,
        auditEndTime: activity.auditEndAt,
        auditOpen: phaseOfRow(activity, ctx.now()).auditOpen,
      });
    }
    out.sort((a, b) => (b.auditEndTime ?? 0) - (a.auditEndTime ?? 0));
    return ok(out, localeOf(request));
  });

  app.get<{ Querystring: { activityId: string } }>(`${MY}/overview`, heavy({ ...signedIn, schema: { querystring: activityQuery } }), async (request) => {
    const activity = await reviewed(request.query.activityId, request.auth!.user.id);
    const list = await myRows(ctx, activity, request.auth!.user.id);
    const overview: MyAuditOverview = {
      activityId: activity.id,
      activityName: activity.name,
      auditStartTime: activity.auditStartAt,
      auditEndTime: activity.auditEndAt,
      total: sumProgress(list),
      rows: list,
    };
    return ok(overview, localeOf(request));
  });

  app.post<{ Body: { activityId: string } }>(`${MY}/export`, heavy({ ...signedIn, schema: { body: activityQuery } }), async (request, reply) => {
    const activity = await reviewed(request.body.activityId, request.auth!.user.id);
    const list = await myRows(ctx, activity, request.auth!.user.id);
    return sendXlsx(reply, exportFileName([activity.name, '我的评审概况'], ctx.now()), [myAuditSheet(list)]);
  });

  const levelProp = { level: { type: 'integer', enum: [1, 2, 3] } } as const;
  const stageSubject = { stage: { type: 'integer', minimum: 1, maximum: 9 }, subjectCode: { type: 'integer', minimum: 1, maximum: 99_999 } } as const;

  app.post<{ Body: ReviewerStatQuery }>(
    `${TA}/page`,
    heavy({
      ...managed(ctx, 'read'),
      schema: {
        body: {
          type: 'object',
          required: ['activityId'],
          properties: { activityId: idSchema, ...pageProps, ...levelProp, ...stageSubject, keyword: { type: 'string', maxLength: 50 } },
        },
      },
    }),
    async (request, reply) => {
      const q = request.body;
      const activity = await managedActivity(ctx, request, q.activityId);
      const pageNum = q.pageNum ?? 1;
      const pageSize = q.pageSize ?? 10;
      const key = ['reviewers', activity.id, pageNum, pageSize, q.level ?? '', q.stage ?? '', q.subjectCode ?? '', q.keyword?.trim() ?? ''].join('|');
      return cachedAnswer(answers, request, reply, key, async () => {
        const all = await reviewerTable(ctx, activity.id, q);
        return { rows: all.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: all.length, pageNum, pageSize };
      });
    },
  );

  app.post<{ Body: ReviewerDecisionQuery }>(
    `${TA}/detail/page`,
    heavy({
      ...managed(ctx, 'read'),
      schema: {
        body: {
          type: 'object',
          required: ['activityId', 'userId'],
          properties: { activityId: idSchema, userId: idSchema, ...pageProps, decision: { type: 'integer', enum: [1, 2, 3, 4] } },
        },
      },
    }),
    async (request) => {
      const q = request.body;
      const activity = await managedActivity(ctx, request, q.activityId);
      const pageNum = q.pageNum ?? 1;
      const pageSize = q.pageSize ?? 10;
      const { rows: list, total } = await reviewerDecisions(db, activity.id, q.userId, q.decision, (pageNum - 1) * pageSize, pageSize);
      return ok({ rows: list, total, pageNum, pageSize }, localeOf(request));
    },
  );

  app.post<{ Body: { activityId: string; userId?: string } }>(
    `${TA}/export`,
    heavy({ ...managed(ctx, 'read'), schema: { body: { type: 'object', required: ['activityId'], properties: { activityId: idSchema, userId: idSchema } } } }),
    async (request, reply) => {
      const activity = await managedActivity(ctx, request, request.body.activityId);
      const userId = request.body.userId;
      if (!userId) return sendXlsx(reply, exportFileName([activity.name, '评审人员进度'], ctx.now()), [reviewerSheet(await reviewerTable(ctx, activity.id))]);
      const { rows: list } = await reviewerDecisions(db, activity.id, userId, undefined, 0, 100_000);
      const name = (await assignmentsOf(db, activity.id, userId))[0]?.userName ?? userId;
      return sendXlsx(reply, exportFileName([activity.name, `${name}的评审记录`], ctx.now()), [decisionSheet(list)]);
    },
  );
}
