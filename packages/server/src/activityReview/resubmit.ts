/**
 * A returned work (review state 2) goes back to its teacher: they may edit it and submit it again while
 * the upload or the audit window is open. Resubmitting starts a new round (round + 1) pending again at
 * the level that returned it; the trace keeps every round.
 */
import { and, eq, sql } from 'drizzle-orm';
import { WorkReviewState, WorkSubmitStatus } from '@dscloud/sdk/activities';
import { Codes } from '@dscloud/sdk/errors';
import type { Orm } from '../db/database.js';
import { activityWorks } from '../db/schema.js';
import { AppError } from '../http/appError.js';
import type { ActivityRow } from '../activities/activityAccess.js';
import { chinaTime, windowClosedReason } from '../activityWorks/windows.js';

export function isReturned(work: { submitStatus: number; reviewState: number }): boolean {
  return work.submitStatus === WorkSubmitStatus.SUBMITTED && work.reviewState === WorkReviewState.RETURNED;
}

/** Editing and resubmitting a returned work: inside the upload or the audit window. */
export function assertResubmitOpen(activity: ActivityRow, now: number): void {
  if (windowClosedReason(activity, 'upload', now) === null) return;
  const { auditStartAt: start, auditEndAt: end } = activity;
  if (start !== null && end !== null && now >= start && now < end) return;
  const audit = start !== null && end !== null ? `评审时间 ${chinaTime(start)} 至 ${chinaTime(end)}` : '未设置评审时间';
  throw new AppError(Codes.CONFLICT, `退回的作品只能在作品上传或评审时间内修改并重新提交（${audit}）`, { field: 'lessonId' });
}

/** Pending again at the level that returned it, in a new round; compare-and-set on the version read. */
export async function resubmit(db: Orm, work: { id: string; version: number }, now: number): Promise<void> {
  const w = activityWorks;
  const [done] = await db
    .update(w)
    .set({ reviewState: WorkReviewState.PENDING, round: sql`${w.round} + 1`, submittedAt: now, updatedAt: now, version: sql`${w.version} + 1` })
    .where(and(eq(w.id, work.id), eq(w.version, work.version), eq(w.reviewState, WorkReviewState.RETURNED), eq(w.submitStatus, WorkSubmitStatus.SUBMITTED)))
    .returning({ id: w.id });
  if (!done) throw new AppError(Codes.CONFLICT, '作品状态已变化，请刷新后重试', { field: 'lessonId' });
}
