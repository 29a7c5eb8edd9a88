/**
 * The SDK's `activityPhase` said in SQL, so lists can filter by phase in the database and page
 * correctly. It follows phase.ts line by line (test/activities.phase.test.ts compares the two):
 * the latest open window wins, before the first start it is notStarted, after the last end ended,
 * and in a gap the next window's phase. LEAST and GREATEST skip NULLs as `Math.min` over the
 * non-null bounds does.
 */
import { sql, type SQL } from 'drizzle-orm';
import { activities as a } from '../db/schema.js';

export function phaseSql(now: number): SQL<string> {
  const open = (start: SQL | typeof a.signUpStartAt, end: typeof a.signUpEndAt) =>
    sql`(${start} IS NOT NULL AND ${end} IS NOT NULL AND ${now} >= ${start} AND ${now} < ${end})`;
  return sql<string>`(CASE
    WHEN ${a.status} = 0 THEN 'draft'
    WHEN ${a.status} = 2 THEN 'withdrawn'
    WHEN ${open(a.auditStartAt, a.auditEndAt)} THEN 'review'
    WHEN ${open(a.uploadStartAt, a.uploadEndAt)} THEN 'upload'
    WHEN ${open(a.signUpStartAt, a.signUpEndAt)} THEN 'signUp'
    WHEN COALESCE(${a.signUpStartAt}, ${a.uploadStartAt}, ${a.auditStartAt}) IS NULL
      OR ${now} < LEAST(${a.signUpStartAt}, ${a.uploadStartAt}, ${a.auditStartAt}) THEN 'notStarted'
    WHEN COALESCE(${a.signUpEndAt}, ${a.uploadEndAt}, ${a.auditEndAt}) IS NOT NULL
      AND ${now} >= GREATEST(${a.signUpEndAt}, ${a.uploadEndAt}, ${a.auditEndAt}) THEN 'ended'
    WHEN ${a.uploadStartAt} IS NOT NULL AND ${now} < ${a.uploadStartAt} THEN 'upload'
    ELSE 'review'
  END)`;
}
