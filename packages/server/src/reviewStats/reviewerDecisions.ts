/** One reviewer's decisions in an activity (`staTeacherAudit/detail/page`), newest first, with the decision time (fixed when it was made, migration 0095). */
import { sql } from 'drizzle-orm';
import type { AuditDecisionCode, ReviewerDecisionRow } from '@dscloud/sdk/review';
import type { AuditLevelCode } from '@dscloud/sdk/activities';
import type { Orm } from '../db/database.js';
import { num, rows } from '../db/rows.js';

export async function reviewerDecisions(
  db: Orm,
  activityId: string,
  userId: string,
  decision: number | undefined,
  offset: number,
  limit: number,
): Promise<{ rows: ReviewerDecisionRow[]; total: number }> {
  const where = sql`a.activity_id = ${activityId} AND a.reviewer_id = ${userId} ${decision ? sql`AND a.decision = ${decision}` : sql``}`;
  const [found, [total]] = await Promise.all([
    rows<Record<string, unknown>>(
      db,
      sql`SELECT a.id, a.work_id, w.title, s.real_name, sc.name AS school_name, n.name AS node_name, a.level, a.round, a.decision, a.score,
                 a.opinion, a.counted, a.created_at, a.decision_ms AS ms
          FROM activity_work_audits a JOIN activity_works w ON w.id = a.work_id JOIN activity_sign_ups s ON s.id = w.sign_up_id
          LEFT JOIN organisations sc ON sc.id = w.school_id LEFT JOIN lesson_nodes n ON n.id = w.node_id
          WHERE ${where} ORDER BY a.created_at DESC, a.id LIMIT ${limit} OFFSET ${offset}`,
    ),
    rows<Record<string, unknown>>(db, sql`SELECT count(*) AS n FROM activity_work_audits a WHERE ${where}`),
  ]);
  return {
    total: num(total?.n),
    rows: found.map((r) => ({
      auditId: String(r.id),
      workId: String(r.work_id),
      title: String(r.title),
      teacherName: String(r.real_name ?? ''),
      schoolName: String(r.school_name ?? ''),
      nodeName: String(r.node_name ?? ''),
      level: num(r.level) as AuditLevelCode,
      round: num(r.round),
      decision: num(r.decision) as AuditDecisionCode,
      score: r.score == null ? null : Number(r.score),
      opinion: String(r.opinion ?? ''),
      counted: r.counted === true || String(r.counted) === 'true',
      at: num(r.created_at),
      decisionMs: r.ms == null ? null : num(r.ms),
    })),
  };
}
