/**
 * `/cloudSchool/v1/staCollectActivityOverview/*`: the organiser's overview of an activity — its phase,
 * sign-ups and works, review progress per level (pending there now; the decisions that counted there),
 * and the daily trend in China time.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ActivityPhases, type AuditLevelCode } from '@dscloud/sdk/activities';
import { AuditDecision, type CollectActivityOverview, type DailyActivityRow, type LevelProgressRow } from '@dscloud/sdk/review';
import type { AppContext } from '../context.js';
import type { Orm } from '../db/database.js';
import { idSchema } from '../db/ids.js';
import { num, rows } from '../db/rows.js';
import { managed } from '../management/access.js';
import { phaseOfRow, type ActivityRow } from '../activities/activityAccess.js';
import { exportFileName, sendXlsx, sheet } from '../exports/xlsx.js';
import { activityTotals } from './activityStats.js';
import { workCounterRows, type WorkCounterRow } from './counters.js';
import { cachedAnswer, levelName, managedActivity, newStatsCache, STA } from './statsAccess.js';
import { totalSheet } from './statSheets.js';
import { heavy } from '../http/heavyRoutes.js';

const P = `${STA}/staCollectActivityOverview`;
const activityQuery = { type: 'object', required: ['activityId'], properties: { activityId: idSchema } } as const;
const DAY = 86_400_000;
const CHINA = 8 * 3_600_000;
type R = Record<string, unknown>;

async function overview(db: Orm, activity: ActivityRow, now: number): Promise<CollectActivityOverview> {
  const id = activity.id;
  const [totals, all, decided, reviewers] = await Promise.all([
    activityTotals(db, id),
    workCounterRows(db, id, 'all'),
    rows<R>(db, sql`SELECT level, decision, counted, count(*) AS n FROM activity_work_audits WHERE activity_id = ${id} GROUP BY 1, 2, 3`),
    rows<R>(db, sql`SELECT level, count(DISTINCT user_id) AS n FROM activity_audit_persons WHERE activity_id = ${id} GROUP BY 1`),
  ]);
  const at = (list: R[], level: number) => list.filter((r) => num(r.level) === level);
  const sum = (list: WorkCounterRow[]) => list.reduce((s, r) => s + r.n, 0);
  const pendingAt = (level: number) => sum(all.filter((r) => r.submitStatus === 1 && r.reviewState === 1 && r.reviewLevel === level));
  const levels: LevelProgressRow[] = (activity.reviewLevels ?? []).map((level: AuditLevelCode) => {
    const d = at(decided, level);
    const counted = (decision: number) => d.filter((r) => num(r.decision) === decision && (r.counted === true || String(r.counted) === 'true')).reduce((s, r) => s + num(r.n), 0);
    return {
      level,
      levelName: levelName(level),
      pending: pendingAt(level),
      passed: counted(AuditDecision.PASS),
      returned: counted(AuditDecision.RETURN),
      rejected: counted(AuditDecision.REJECT),
      excellent: counted(AuditDecision.EXCELLENT),
      reviewers: at(reviewers, level).reduce((s, r) => s + num(r.n), 0),
      decisions: d.reduce((s, r) => s + num(r.n), 0),
    };
  });
  const { activityId: _id, signUpPersons, signUpNodes, schools: _s, districts: _d, ...counts } = totals;
  return {
    activityId: id,
    activityName: activity.name,
    phase: phaseOfRow(activity, now).phase,
    signUpPersons,
    signUpNodes,
    counts,
    drafts: sum(all.filter((r) => r.submitStatus === 0)),
    withdrawn: sum(all.filter((r) => r.submitStatus === 2)),
    levels,
  };
}

async function daily(db: Orm, id: string): Promise<DailyActivityRow[]> {
  const day = (column: string) => sql.raw(`((${column} + ${CHINA}) / ${DAY})`);
  const [signUps, submitted, decisions] = await Promise.all([
    rows<R>(db, sql`SELECT ${day('created_at')} AS d, count(*) AS n FROM activity_sign_ups WHERE activity_id = ${id} GROUP BY 1`),
    rows<R>(db, sql`SELECT ${day('submitted_at')} AS d, count(*) AS n FROM activity_works WHERE activity_id = ${id} AND submitted_at IS NOT NULL GROUP BY 1`),
    rows<R>(db, sql`SELECT ${day('created_at')} AS d, count(*) AS n FROM activity_work_audits WHERE activity_id = ${id} GROUP BY 1`),
  ]);
  const days = new Map<number, DailyActivityRow>();
  const add = (list: R[], key: 'signUps' | 'submitted' | 'decisions') => {
    for (const r of list) {
      const d = Math.floor(num(r.d));
      const row = days.get(d) ?? { day: new Date(d * DAY).toISOString().slice(0, 10), signUps: 0, submitted: 0, decisions: 0 };
      row[key] += num(r.n);
      days.set(d, row);
    }
  };
  add(signUps, 'signUps');
  add(submitted, 'submitted');
  add(decisions, 'decisions');
  return [...days.entries()].sort((a, b) => a[0] - b[0]).map(([, r]) => r);
}

export async function overviewRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.db.orm;
  const answers = newStatsCache(ctx);
  app.caches.set('activity overview statistics', answers);
  app.get<{ Querystring: { activityId: string } }>(`${P}/overview`, heavy({ ...managed(ctx, 'read'), schema: { querystring: activityQuery } }), async (request, reply) => {
    const activity = await managedActivity(ctx, request, request.query.activityId);
    return cachedAnswer(answers, request, reply, `overview|${activity.id}`, () => overview(db, activity, ctx.now()));
  });

  app.get<{ Querystring: { activityId: string } }>(`${P}/daily`, heavy({ ...managed(ctx, 'read'), schema: { querystring: activityQuery } }), async (request, reply) => {
    const activity = await managedActivity(ctx, request, request.query.activityId);
    return cachedAnswer(answers, request, reply, `daily|${activity.id}`, () => daily(db, activity.id));
  });

  app.post<{ Body: { activityId: string } }>(`${P}/export`, heavy({ ...managed(ctx, 'read'), schema: { body: activityQuery } }), async (request, reply) => {
    const activity = await managedActivity(ctx, request, request.body.activityId);
    const [o, days, totals] = await Promise.all([overview(db, activity, ctx.now()), daily(db, activity.id), activityTotals(db, activity.id)]);
    const phase = ActivityPhases.find(o.phase)?.label ?? '';
    return sendXlsx(reply, exportFileName([activity.name, '活动概况'], ctx.now()), [
      { ...totalSheet(totals), name: `概况（${phase}）` },
      sheet<LevelProgressRow>({
        name: '各级评审进度',
        columns: [
          { header: '评审级别', value: (r) => r.levelName },
          { header: '待评审', value: (r) => r.pending },
          { header: '通过', value: (r) => r.passed },
          { header: '退回修改', value: (r) => r.returned },
          { header: '不通过', value: (r) => r.rejected },
          { header: '评为优秀', value: (r) => r.excellent },
          { header: '评审人数', value: (r) => r.reviewers },
          { header: '评审次数', value: (r) => r.decisions },
        ],
        rows: o.levels,
      }),
      sheet<DailyActivityRow>({
        name: '每日动态',
        columns: [
          { header: '日期', width: 12, value: (r) => r.day },
          { header: '报名', value: (r) => r.signUps },
          { header: '提交作品', value: (r) => r.submitted },
          { header: '评审次数', value: (r) => r.decisions },
        ],
        rows: days,
      }),
    ]);
  });
}
