/**
 * What a reviewer sees (docs/activities.md "Works review"): submitted works of their activity, of the
 * stage and subject of one of their assignments, from a school inside that assignment's organisation
 * (a school, a district or the city), at the assignment's level — or decided by them there before —,
 * never their own work, and at district and city level never a work of their own school.
 */
import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { AuditLevel, WorkSubmitStatus } from '@dscloud/sdk/activities';
import type { Orm } from '../db/database.js';
import { activityWorkAudits, activityWorks } from '../db/schema.js';
import { cachedSubtreeOf } from '../management/orgScope.js';
import type { Assignment, ReviewerContext } from './reviewerGate.js';

const w = activityWorks;
const qb = new QueryBuilder();

export interface Reach {
  assignment: Assignment;
  schools: string[];
}

/**
 * Each assignment with the organisations under its unit, from the subtree cache every back-office call
 * uses (dropped on every instance by any write to `organisations`, management/orgScope.ts).
 */
export async function reachOf(db: Orm, rc: ReviewerContext): Promise<Reach[]> {
  const out: Reach[] = [];
  for (const a of rc.assignments) out.push({ assignment: a, schools: await cachedSubtreeOf(db, [a.orgId]) });
  return out;
}

/** Not their own work; above school level not their school's. */
export function conflictFree(rc: ReviewerContext, level: number): SQL {
  return level === AuditLevel.SCHOOL ? ne(w.userId, rc.userId) : and(ne(w.userId, rc.userId), ne(w.schoolId, rc.userOrgId))!;
}

/**
 * Decided by this reviewer at `level` (any round). An uncorrelated `IN`: the reviewer's decisions in
 * the activity are read once (index activity_work_audits_reviewer_idx) and hashed, where the former
 * correlated `EXISTS` probed the trace of every work of the activity (20 000 probes for a page of 10).
 */
export function decidedByMe(rc: ReviewerContext, level: number): SQL {
  return inArray(w.id, myDecisions(rc, level, { workId: activityWorkAudits.workId }));
}

/** The reviewer's decisions in the activity at `level`, selecting `fields` (a subquery). */
export function myDecisions<F extends Parameters<QueryBuilder['select']>[0]>(rc: ReviewerContext, level: number, fields: F) {
  const t = activityWorkAudits;
  return qb
    .select(fields)
    .from(t)
    .where(and(eq(t.activityId, rc.activity.id), eq(t.reviewerId, rc.userId), eq(t.level, level)));
}

/** One assignment's works: its stage, subject, unit and level (or decided there), conflict-free. */
function reachCondition(rc: ReviewerContext, r: Reach, pendingOnly: boolean): SQL {
  const a = r.assignment;
  return and(
    eq(w.stage, a.stage),
    eq(w.subjectCode, a.subjectCode),
    r.schools.length ? inArray(w.schoolId, r.schools) : sql`false`,
    pendingOnly ? eq(w.reviewLevel, a.level) : or(eq(w.reviewLevel, a.level), decidedByMe(rc, a.level)),
    conflictFree(rc, a.level),
  )!;
}

/** Every work the reviewer may see in the activity (optionally only the assignments passing `keep`). */
export function visibleWhere(rc: ReviewerContext, reach: readonly Reach[], keep: (a: Assignment) => boolean = () => true, pendingOnly = false): SQL {
  const parts = reach.filter((r) => keep(r.assignment)).map((r) => reachCondition(rc, r, pendingOnly));
  return and(eq(w.activityId, rc.activity.id), eq(w.submitStatus, WorkSubmitStatus.SUBMITTED), parts.length ? or(...parts) : sql`false`)!;
}

/** The assignment under which the reviewer may decide this work now (its level, stage, subject, unit), if any. */
export function decidingAssignment(
  rc: ReviewerContext,
  reach: readonly Reach[],
  work: { reviewLevel: number | null; stage: number | null; subjectCode: number | null; schoolId: string; userId: string },
): Assignment | null {
  if (work.userId === rc.userId) return null;
  const matching = reach.filter(
    (r) =>
      r.assignment.level === work.reviewLevel &&
      r.assignment.stage === work.stage &&
      r.assignment.subjectCode === work.subjectCode &&
      r.schools.includes(work.schoolId) &&
      (r.assignment.level === AuditLevel.SCHOOL || work.schoolId !== rc.userOrgId),
  );
  // With two reviewers per work the final reviewer's role matters: prefer that assignment.
  return (matching.find((r) => r.assignment.finalReviewer) ?? matching[0])?.assignment ?? null;
}
