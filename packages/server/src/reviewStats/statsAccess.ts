/**
 * What every statistics call shares: the organiser's activity (in the caller's subtree), the work
 * counts as one SQL fragment read in a single pass, and the code tables' names.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AuditLevels } from '@dscloud/sdk/activities';
import type { WorkCounts } from '@dscloud/sdk/review';
import type { Orm } from '../db/database.js';
import { num } from '../db/rows.js';
import { assertInScope } from '../management/orgScope.js';
import { loadActivity, type ActivityRow } from '../activities/activityAccess.js';

export const STA = '/cloudSchool/v1';

/** The activity, when its organiser lies in the caller's subtree (404 unknown, 403 outside). */
export async function managedActivity(db: Orm, request: FastifyRequest, activityId: string): Promise<ActivityRow> {
  const row = await loadActivity(db, activityId);
  assertInScope(request.scope, row.orgId, 'activityId');
  return row;
}

/**
 * The work counts of `WorkCounts` over the works `w` of a GROUP BY (withdrawn works are not counted;
 * review states only of submitted works). Column names: works, submitted, pending, returned, passed,
 * rejected, excellent.
 */
export const WORK_COUNTS: SQL = sql.raw(`
  count(*) FILTER (WHERE w.submit_status <> 2) AS works,
  count(*) FILTER (WHERE w.submit_status = 1) AS submitted,
  count(*) FILTER (WHERE w.submit_status = 1 AND w.review_state = 1) AS pending,
  count(*) FILTER (WHERE w.submit_status = 1 AND w.review_state = 2) AS returned,
  count(*) FILTER (WHERE w.submit_status = 1 AND w.review_state = 3) AS passed,
  count(*) FILTER (WHERE w.submit_status = 1 AND w.review_state = 4) AS rejected,
  count(*) FILTER (WHERE w.submit_status = 1 AND w.review_state = 5) AS excellent`);

export const ZERO_COUNTS: WorkCounts = { works: 0, submitted: 0, pending: 0, returned: 0, passed: 0, rejected: 0, excellent: 0 };

export function countsOf(r: Record<string, unknown> | undefined): WorkCounts {
  if (!r) return { ...ZERO_COUNTS };
  return {
    works: num(r.works),
    submitted: num(r.submitted),
    pending: num(r.pending),
    returned: num(r.returned),
    passed: num(r.passed),
    rejected: num(r.rejected),
    excellent: num(r.excellent),
  };
}

export const levelName = (level: number): string => AuditLevels.find(level)?.label ?? String(level);

/** Header labels of the work counts, for the exports. */
export const COUNT_COLUMNS: Array<{ header: string; key: keyof WorkCounts }> = [
  { header: '作品数', key: 'works' },
  { header: '已提交', key: 'submitted' },
  { header: '评审中', key: 'pending' },
  { header: '已退回', key: 'returned' },
  { header: '已通过', key: 'passed' },
  { header: '未通过', key: 'rejected' },
  { header: '优秀作品', key: 'excellent' },
];
