/**
 * Reviewers' progress in an activity, per assignment (level, unit, stage, subject), for the reviewer's
 * own overview and the organiser's reviewer table. Three queries, matched in memory:
 *
 * - pending: works waiting (review state 1) by level, stage, subject, school and district (the kept
 *   counters, counters.ts);
 *   an assignment waits for the groups of its level, stage and subject inside its unit (the school at
 *   level 1, the district at 2, the whole activity at 3), minus works of the reviewer's own school at
 *   levels 2 and 3 (conflict of interest), minus the reviewer's own works and the works they already
 *   decided in this round (the provisional first of two decisions: a decision that counted always
 *   moved the work on, so only provisional ones can leave it waiting at the same level and round);
 * - done: the reviewer's decisions by level, stage, subject and decision, with the decision time
 *   (from the work reaching the level — its submission or the latest decision that counted before,
 *   whichever is later — to the decision, fixed when it is made). Pending works and decisions come
 *   from the counters kept with the rows (migrations 0094, 0095).
 */
import { sql } from 'drizzle-orm';
import { AuditDecision, type AuditProgress } from '@dscloud/sdk/review';
import type { AuditLevelCode } from '@dscloud/sdk/activities';
import type { Orm } from '../db/database.js';
import { num, rows } from '../db/rows.js';
import { workCounterRows, type WorkCounterRow } from './counters.js';

type R = Record<string, unknown>;

export interface Assignment {
  id: string;
  userId: string;
  userName: string;
  /** The reviewer's own organisation (their school for school staff). */
  userOrgId: string;
  level: AuditLevelCode;
  orgId: string;
  orgName: string;
  stage: number;
  subjectCode: number;
}

export interface AssignmentProgress extends AuditProgress {
  assignment: Assignment;
  decisionMsSum: number;
  decisionMsCount: number;
  lastDecisionAt: number | null;
}

interface Group {
  level: number;
  stage: number;
  subjectCode: number;
  schoolId: string;
  districtId: string | null;
  n: number;
}

const groupOf = (r: R): Group => ({
  level: num(r.level),
  stage: num(r.stage),
  subjectCode: num(r.subject_code),
  schoolId: String(r.school_id),
  districtId: r.district_id == null ? null : String(r.district_id),
  n: num(r.n),
});

/** A 'pending' counter row (key 'stage|subject|school|district') as a group. */
function pendingGroupOf(r: WorkCounterRow): Group {
  const [stage, subjectCode, schoolId, districtId] = r.key.split('|');
  return { level: r.reviewLevel, stage: Number(stage), subjectCode: Number(subjectCode), schoolId: schoolId ?? '', districtId: districtId ? districtId : null, n: r.n };
}

export const NO_PROGRESS: AuditProgress = { assigned: 0, done: 0, pending: 0, passed: 0, returned: 0, rejected: 0, excellent: 0 };

export async function assignmentsOf(db: Orm, activityId: string, userId?: string): Promise<Assignment[]> {
  const found = await rows<R>(
    db,
    sql`SELECT p.id, p.user_id, u.display_name, u.org_id AS user_org_id, p.level, p.org_id, o.name AS org_name, p.stage, p.subject_code
        FROM activity_audit_persons p JOIN users u ON u.id = p.user_id LEFT JOIN organisations o ON o.id = p.org_id
        WHERE p.activity_id = ${activityId} ${userId ? sql`AND p.user_id = ${userId}` : sql``}
        ORDER BY p.level, p.stage, p.subject_code, o.name, u.display_name, p.id`,
  );
  return found.map((r) => ({
    id: String(r.id),
    userId: String(r.user_id),
    userName: String(r.display_name ?? ''),
    userOrgId: String(r.user_org_id ?? ''),
    level: num(r.level) as AuditLevelCode,
    orgId: String(r.org_id),
    orgName: String(r.org_name ?? ''),
    stage: num(r.stage),
    subjectCode: num(r.subject_code),
  }));
}

const PENDING_KEYS = sql.raw(`w.review_level AS level, coalesce(w.stage, s.stage) AS stage, coalesce(w.subject_code, s.subject_code) AS subject_code,
  w.school_id, coalesce(w.district_id, s.district_id) AS district_id`);

function covers(a: Assignment, g: Group): boolean {
  if (g.level !== a.level || g.stage !== a.stage || g.subjectCode !== a.subjectCode) return false;
  if (a.level === 1 && g.schoolId !== a.orgId) return false;
  if (a.level === 2 && g.districtId !== a.orgId) return false;
  return a.level === 1 || g.schoolId !== a.userOrgId;
}

/** Progress of each assignment (of one reviewer when `userId` is given). */
export async function progressOf(db: Orm, activityId: string, list: Assignment[]): Promise<AssignmentProgress[]> {
  if (list.length === 0) return [];
  const users = [...new Set(list.map((a) => a.userId))];
  const userList = sql.join(
    users.map((u) => sql`${u}`),
    sql`, `,
  );
  const [pending, excluded, decisions] = await Promise.all([
    workCounterRows(db, activityId, 'pending'),
    rows<R>(
      db,
      sql`SELECT x.user_id, x.level, x.stage, x.subject_code, x.school_id, x.district_id, count(DISTINCT x.work_id) AS n FROM (
            SELECT a.reviewer_id AS user_id, w.id AS work_id, ${PENDING_KEYS}
            FROM activity_work_audits a JOIN activity_works w ON w.id = a.work_id JOIN activity_sign_ups s ON s.id = w.sign_up_id
            WHERE a.activity_id = ${activityId} AND a.reviewer_id IN (${userList}) AND NOT a.counted AND w.submit_status = 1 AND w.review_state = 1
              AND w.review_level = a.level AND w.round = a.round
            UNION ALL
            SELECT w.user_id, w.id, ${PENDING_KEYS}
            FROM activity_works w JOIN activity_sign_ups s ON s.id = w.sign_up_id
            WHERE w.activity_id = ${activityId} AND w.user_id IN (${userList}) AND w.submit_status = 1 AND w.review_state = 1
          ) x GROUP BY 1, 2, 3, 4, 5, 6`,
    ),
    rows<R>(
      db,
      sql`SELECT reviewer_id, level, stage, subject_code, decision, n, ms_sum, ms_count, last_at FROM activity_reviewer_counters
          WHERE activity_id = ${activityId} AND reviewer_id IN (${userList}) AND n <> 0`,
    ),
  ]);
  const pendingGroups = pending.map(pendingGroupOf);
  const excludedBy = new Map<string, Group[]>();
  for (const r of excluded) excludedBy.set(String(r.user_id), [...(excludedBy.get(String(r.user_id)) ?? []), groupOf(r)]);
  // Decisions go to the reviewer's first assignment of that level, stage and subject.
  const owner = new Map<string, AssignmentProgress>();
  const out = list.map((a) => {
    const p: AssignmentProgress = { ...NO_PROGRESS, assignment: a, decisionMsSum: 0, decisionMsCount: 0, lastDecisionAt: null };
    const k = `${a.userId}|${a.level}|${a.stage}|${a.subjectCode}`;
    if (!owner.has(k)) owner.set(k, p);
    const waiting = pendingGroups.filter((g) => covers(a, g)).reduce((sum, g) => sum + g.n, 0);
    const skip = (excludedBy.get(a.userId) ?? []).filter((g) => covers(a, g)).reduce((sum, g) => sum + g.n, 0);
    p.pending = Math.max(0, waiting - skip);
    return p;
  });
  for (const d of decisions) {
    const p = owner.get(`${String(d.reviewer_id)}|${num(d.level)}|${num(d.stage)}|${num(d.subject_code)}`);
    if (!p) continue;
    const n = num(d.n);
    p.done += n;
    const decision = num(d.decision);
    if (decision === AuditDecision.PASS) p.passed += n;
    else if (decision === AuditDecision.RETURN) p.returned += n;
    else if (decision === AuditDecision.REJECT) p.rejected += n;
    else if (decision === AuditDecision.EXCELLENT) p.excellent += n;
    p.decisionMsSum += num(d.ms_sum);
    p.decisionMsCount += num(d.ms_count);
    p.lastDecisionAt = Math.max(p.lastDecisionAt ?? 0, num(d.last_at)) || null;
  }
  for (const p of out) p.assigned = p.done + p.pending;
  return out;
}

/** Sums progress rows (counts only). */
export function sumProgress(list: AuditProgress[]): AuditProgress {
  const total = { ...NO_PROGRESS };
  for (const p of list) for (const k of Object.keys(total) as Array<keyof AuditProgress>) total[k] += p[k];
  return total;
}

/** Only the counts of a progress row. */
export const countsOnly = (p: AuditProgress): AuditProgress => ({
  assigned: p.assigned,
  done: p.done,
  pending: p.pending,
  passed: p.passed,
  returned: p.returned,
  rejected: p.rejected,
  excellent: p.excellent,
});
