/**
 * Reads the counters that migration 0094's triggers keep in the transaction changing a work or a
 * sign-up (activity_work_counters, activity_sign_up_counters): a statistics answer reads a few hundred
 * counter rows instead of grouping every work of the activity. `recount*` are the same figures counted
 * from the rows themselves (the test holds both equal).
 */
import { sql } from 'drizzle-orm';
import type { WorkCounts } from '@dscloud/sdk/review';
import type { Orm } from '../db/database.js';
import { num, rows } from '../db/rows.js';
import { ZERO_COUNTS } from './statsAccess.js';

type R = Record<string, unknown>;

export type WorkDim = 'all' | 'subject' | 'district' | 'school' | 'node';
export type SignUpDim = 'all' | 'subject' | 'district' | 'school' | 'nodes';

/** One counter row: works of a key in one submit status, review state and (for 'all') level. */
export interface WorkCounterRow {
  key: string;
  submitStatus: number;
  reviewState: number;
  reviewLevel: number;
  n: number;
}

export async function workCounterRows(db: Orm, activityId: string, dim: WorkDim | 'pending'): Promise<WorkCounterRow[]> {
  const found = await rows<R>(
    db,
    sql`SELECT key, submit_status, review_state, review_level, n FROM activity_work_counters
        WHERE activity_id = ${activityId} AND dim = ${dim} AND n <> 0`,
  );
  return found.map((r) => ({ key: String(r.key), submitStatus: num(r.submit_status), reviewState: num(r.review_state), reviewLevel: num(r.review_level), n: num(r.n) }));
}

/** Adds one counter row to the `WorkCounts` it belongs to (withdrawn works are not counted). */
export function addToCounts(c: WorkCounts, r: WorkCounterRow): void {
  if (r.submitStatus === 2) return;
  c.works += r.n;
  if (r.submitStatus !== 1) return;
  c.submitted += r.n;
  if (r.reviewState === 1) c.pending += r.n;
  else if (r.reviewState === 2) c.returned += r.n;
  else if (r.reviewState === 3) c.passed += r.n;
  else if (r.reviewState === 4) c.rejected += r.n;
  else if (r.reviewState === 5) c.excellent += r.n;
}

/** `WorkCounts` per key of one dimension. */
export async function workCountsBy(db: Orm, activityId: string, dim: WorkDim): Promise<Map<string, WorkCounts>> {
  const out = new Map<string, WorkCounts>();
  for (const r of await workCounterRows(db, activityId, dim)) {
    let c = out.get(r.key);
    if (!c) out.set(r.key, (c = { ...ZERO_COUNTS }));
    addToCounts(c, r);
  }
  return out;
}

/** Active sign-ups per key of one dimension ('nodes': the claimed nodes, key ''). */
export async function signUpCountsBy(db: Orm, activityId: string, dim: SignUpDim): Promise<Map<string, number>> {
  const found = await rows<R>(db, sql`SELECT key, n FROM activity_sign_up_counters WHERE activity_id = ${activityId} AND dim = ${dim} AND n <> 0`);
  return new Map(found.map((r) => [String(r.key), num(r.n)]));
}

/** The 'stage|subject' key of the counters, split. */
export function stageSubjectOf(key: string): { stage: number; subjectCode: number } {
  const [stage, subjectCode] = key.split('|');
  return { stage: Number(stage), subjectCode: Number(subjectCode) };
}

/**
 * The work counters counted again from the rows (what the triggers keep), in the counters' shape:
 * `dim|key|submit_status|review_state|review_level` → n, zero rows left out.
 */
export async function recountWorks(db: Orm, activityId: string): Promise<Map<string, number>> {
  const found = await rows<R>(
    db,
    sql`SELECT d.dim, d.key, w.submit_status, w.review_state, d.lvl, count(*) AS n
        FROM activity_works w JOIN activity_sign_ups s ON s.id = w.sign_up_id
        CROSS JOIN LATERAL (VALUES
          ('all', '', coalesce(w.review_level, 0)),
          ('subject', coalesce(w.stage, s.stage) || '|' || coalesce(w.subject_code, s.subject_code), 0),
          ('district', coalesce(w.district_id, s.district_id, ''), 0),
          ('school', w.school_id, 0),
          ('node', w.node_id, 0),
          ('pending', coalesce(w.stage, s.stage) || '|' || coalesce(w.subject_code, s.subject_code) || '|' || w.school_id || '|' || coalesce(w.district_id, s.district_id, ''),
           coalesce(w.review_level, 0))
        ) AS d(dim, key, lvl)
        WHERE w.activity_id = ${activityId} AND (d.dim <> 'pending' OR (w.submit_status = 1 AND w.review_state = 1))
        GROUP BY 1, 2, 3, 4, 5`,
  );
  return new Map(found.map((r) => [`${String(r.dim)}|${String(r.key)}|${num(r.submit_status)}|${num(r.review_state)}|${num(r.lvl)}`, num(r.n)]));
}

/** The kept work counters in `recountWorks`' shape. */
export async function keptWorkCounters(db: Orm, activityId: string): Promise<Map<string, number>> {
  const found = await rows<R>(
    db,
    sql`SELECT dim, key, submit_status, review_state, review_level, n FROM activity_work_counters WHERE activity_id = ${activityId} AND n <> 0`,
  );
  return new Map(found.map((r) => [`${String(r.dim)}|${String(r.key)}|${num(r.submit_status)}|${num(r.review_state)}|${num(r.review_level)}`, num(r.n)]));
}

/** The sign-up counters counted again from the rows, and as kept: `dim|key` → n. */
export async function signUpCounters(db: Orm, activityId: string): Promise<{ kept: Map<string, number>; recounted: Map<string, number> }> {
  const [kept, counted, nodes] = await Promise.all([
    rows<R>(db, sql`SELECT dim, key, n FROM activity_sign_up_counters WHERE activity_id = ${activityId} AND n <> 0`),
    rows<R>(
      db,
      sql`SELECT d.dim, d.key, count(*) AS n FROM activity_sign_ups s
          CROSS JOIN LATERAL (VALUES ('all', ''), ('subject', s.stage || '|' || s.subject_code), ('district', coalesce(s.district_id, '')), ('school', s.school_id)) AS d(dim, key)
          WHERE s.activity_id = ${activityId} AND s.status = 1 GROUP BY 1, 2`,
    ),
    rows<R>(db, sql`SELECT 'nodes' AS dim, '' AS key, count(*) AS n FROM activity_sign_up_nodes WHERE activity_id = ${activityId} AND status = 1 HAVING count(*) > 0`),
  ]);
  const map = (list: R[]) => new Map(list.map((r) => [`${String(r.dim)}|${String(r.key)}`, num(r.n)]));
  return { kept: map(kept), recounted: map([...counted, ...nodes]) };
}

/** The reviewers' decision counters counted again from the decisions, and as kept: `reviewer|level|stage|subject|decision` → [n, ms_sum, ms_count]. */
export async function decisionCounters(db: Orm, activityId: string): Promise<{ kept: Map<string, number[]>; recounted: Map<string, number[]> }> {
  const [kept, counted] = await Promise.all([
    rows<R>(db, sql`SELECT reviewer_id, level, stage, subject_code, decision, n, ms_sum, ms_count FROM activity_reviewer_counters WHERE activity_id = ${activityId} AND n <> 0`),
    rows<R>(
      db,
      sql`SELECT a.reviewer_id, a.level, coalesce(w.stage, s.stage, 0) AS stage, coalesce(w.subject_code, s.subject_code, 0) AS subject_code, a.decision,
                 count(*) AS n, coalesce(sum(a.decision_ms), 0) AS ms_sum, count(a.decision_ms) AS ms_count
          FROM activity_work_audits a JOIN activity_works w ON w.id = a.work_id LEFT JOIN activity_sign_ups s ON s.id = w.sign_up_id
          WHERE a.activity_id = ${activityId} GROUP BY 1, 2, 3, 4, 5`,
    ),
  ]);
  const map = (list: R[]) =>
    new Map(list.map((r) => [`${String(r.reviewer_id)}|${num(r.level)}|${num(r.stage)}|${num(r.subject_code)}|${num(r.decision)}`, [num(r.n), num(r.ms_sum), num(r.ms_count)]]));
  return { kept: map(kept), recounted: map(counted) };
}
