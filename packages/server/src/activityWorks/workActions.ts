/**
 * The rules of works (docs/activities.md "Works"): saving a draft of a claimed node's package (inside
 * the upload window, with the format review run and stored), submitting it (only when the review
 * passes), taking it back while nobody has reviewed it, and deleting drafts.
 */
import { and, eq, sql } from 'drizzle-orm';
import { SignUpStatus, WorkReviewState, WorkSubmitStatus, type ActivityWork, type WorkInput } from '@dscloud/sdk/activities';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import { newId } from '../db/ids.js';
import { activityWorkItems, activityWorks } from '../db/schema.js';
import { AppError } from '../http/appError.js';
import type { AuthUser } from '../http/guard.js';
import { assertOwn } from '../activities/activityAccess.js';
import { joinableActivity, publishedActivity, rulesOf, videoRulesOf } from './joinable.js';
import { ownNode } from './signUpActions.js';
import { signUpById } from './signUpRepo.js';
import { reviewPackage, reviewRefusal } from './formatReview.js';
import { packageFiles } from './workFiles.js';
import { toWork, workById, type WorkRow } from './workView.js';
import { assertWindowOpen } from './windows.js';
import { workPlacement } from '../activityReview/placement.js';
import { assertResubmitOpen, isReturned, resubmit } from '../activityReview/resubmit.js';

/** The caller's own work: 404 unknown, 403 another teacher's. */
export async function ownWork(ctx: AppContext, auth: AuthUser, lessonId: string): Promise<WorkRow> {
  const work = await workById(ctx.db.orm, lessonId);
  if (!work) throw new AppError(Codes.NOT_FOUND, '作品不存在', { field: 'lessonId' });
  assertOwn(work.userId, auth);
  return work;
}

export async function saveWork(ctx: AppContext, auth: AuthUser, input: WorkInput): Promise<ActivityWork> {
  const db = ctx.db.orm;
  const node = await ownNode(ctx, auth, input.signUpNodeId);
  if (node.status !== SignUpStatus.ACTIVE) throw new AppError(Codes.CONFLICT, '该节点已取消认领，不能再上传作品', { field: 'signUpNodeId' });
  const activity = await joinableActivity(db, node.activityId, auth);
  const now = ctx.now();
  let existing: WorkRow | null = null;
  if (input.lessonId) {
    existing = await ownWork(ctx, auth, input.lessonId);
    if (existing.signUpNodeId !== node.id) throw new AppError(Codes.MISSING_PARAMETER, '作品不属于该认领节点', { field: 'signUpNodeId' });
    // A draft, or a work returned for revision (edited in place, then submitted again).
    if (existing.submitStatus !== WorkSubmitStatus.DRAFT && !isReturned(existing)) throw new AppError(Codes.CONFLICT, '只能修改草稿状态的作品，已提交的作品请先撤回', { field: 'lessonId' });
    if (input.version !== undefined && input.version !== existing.version) {
      throw new AppError(Codes.CONFLICT, '作品已被修改，请刷新后再保存', { field: 'version' });
    }
  } else {
    const [current] = await db
      .select({ id: activityWorks.id })
      .from(activityWorks)
      .where(and(eq(activityWorks.signUpNodeId, node.id), sql`${activityWorks.submitStatus} <> ${WorkSubmitStatus.WITHDRAWN}`))
      .limit(1);
    if (current) throw new AppError(Codes.CONFLICT, `该节点已有作品（${current.id}），请修改该作品`, { field: 'signUpNodeId' });
  }
  if (existing && isReturned(existing)) assertResubmitOpen(activity, now);
  else assertWindowOpen(activity, 'upload', now);
  const files = await packageFiles(ctx, auth.user.id, activity.packageTemplate, input.items);
  const review = reviewPackage(activity.packageTemplate, files, videoRulesOf(activity), rulesOf(activity).allowFormatWarnings, now);
  const id = existing?.id ?? newId('aw');
  const schoolId = (await signUpById(db, node.signUpId))!.schoolId;
  const placement = await workPlacement(db, node.signUpId, node.nodeId);
  const fields = { title: input.title.trim(), description: input.description ?? '', formatReview: review, updatedAt: now, ...placement };
  await db.transaction(async (tx) => {
    if (existing) {
      const [updated] = await tx
        .update(activityWorks)
        .set({ ...fields, version: sql`${activityWorks.version} + 1` })
        .where(and(eq(activityWorks.id, id), eq(activityWorks.version, existing.version), eq(activityWorks.submitStatus, existing.submitStatus), eq(activityWorks.reviewState, existing.reviewState)))
        .returning({ id: activityWorks.id });
      if (!updated) throw new AppError(Codes.CONFLICT, '作品已被修改，请刷新后再保存', { field: 'version' });
      await tx.delete(activityWorkItems).where(eq(activityWorkItems.workId, id));
    } else {
      await tx.insert(activityWorks).values({
        id,
        activityId: activity.id,
        signUpId: node.signUpId,
        signUpNodeId: node.id,
        nodeId: node.nodeId,
        userId: auth.user.id,
        schoolId,
        ...fields,
        createdAt: now,
      });
    }
    if (files.length > 0) {
      await tx.insert(activityWorkItems).values(
        files.map((f, sort) => ({ workId: id, item: f.item, fileId: f.fileId, fileName: f.fileName, fileSize: f.fileSize, probe: f.probe, sort })),
      );
    }
  });
  return toWork(db, (await workById(db, id))!);
}

/** Submit (0 → 1) or take back (1 → 0). */
export async function setSubmitStatus(ctx: AppContext, auth: AuthUser, lessonId: string, target: number): Promise<ActivityWork> {
  const db = ctx.db.orm;
  const work = await ownWork(ctx, auth, lessonId);
  const activity = await publishedActivity(db, work.activityId);
  const now = ctx.now();
  if (work.submitStatus === WorkSubmitStatus.WITHDRAWN) throw new AppError(Codes.CONFLICT, '作品已撤销（其节点或报名已取消），不能再提交或撤回', { field: 'lessonId' });
  if (target === WorkSubmitStatus.SUBMITTED && isReturned(work)) {
    assertResubmitOpen(activity, now);
    const items = await db.select().from(activityWorkItems).where(eq(activityWorkItems.workId, work.id));
    const allow = rulesOf(activity).allowFormatWarnings;
    const review = reviewPackage(activity.packageTemplate, items.map((i) => ({ item: i.item, fileName: i.fileName, probe: i.probe ?? null })), videoRulesOf(activity), allow, now);
    if (!review.passed) throw new AppError(Codes.CONFLICT, reviewRefusal(review, allow), { field: 'lessonId' });
    await resubmit(db, work, now);
    return toWork(db, (await workById(db, work.id))!);
  }
  if (work.submitStatus === target) {
    throw new AppError(Codes.CONFLICT, target === WorkSubmitStatus.SUBMITTED ? '作品已提交，无需重复提交' : '作品是草稿，尚未提交', { field: 'submitStatus' });
  }
  const firstLevel = activity.reviewLevels[0] ?? null;
  if (target === WorkSubmitStatus.SUBMITTED) {
    assertWindowOpen(activity, 'upload', now);
    // The rules may have changed since the save: review the stored probes again.
    const items = await db.select().from(activityWorkItems).where(eq(activityWorkItems.workId, work.id));
    const allow = rulesOf(activity).allowFormatWarnings;
    const review = reviewPackage(activity.packageTemplate, items.map((i) => ({ item: i.item, fileName: i.fileName, probe: i.probe ?? null })), videoRulesOf(activity), allow, now);
    await db.update(activityWorks).set({ formatReview: review }).where(eq(activityWorks.id, work.id));
    if (!review.passed) throw new AppError(Codes.CONFLICT, reviewRefusal(review, allow), { field: 'lessonId' });
    const [done] = await db
      .update(activityWorks)
      .set({ submitStatus: WorkSubmitStatus.SUBMITTED, reviewState: WorkReviewState.PENDING, reviewLevel: firstLevel, submittedAt: now, updatedAt: now, version: sql`${activityWorks.version} + 1` })
      .where(and(eq(activityWorks.id, work.id), eq(activityWorks.submitStatus, WorkSubmitStatus.DRAFT)))
      .returning({ id: activityWorks.id });
    if (!done) throw new AppError(Codes.CONFLICT, '作品状态已变化，请刷新后重试', { field: 'lessonId' });
  } else {
    if (work.reviewState !== WorkReviewState.PENDING || work.reviewLevel !== firstLevel) {
      throw new AppError(Codes.CONFLICT, '作品已进入评审，不能撤回', { field: 'lessonId' });
    }
    assertWindowOpen(activity, 'upload', now);
    const [done] = await db
      .update(activityWorks)
      .set({ submitStatus: WorkSubmitStatus.DRAFT, reviewState: WorkReviewState.NONE, reviewLevel: null, submittedAt: null, updatedAt: now, version: sql`${activityWorks.version} + 1` })
      .where(and(eq(activityWorks.id, work.id), eq(activityWorks.submitStatus, WorkSubmitStatus.SUBMITTED), eq(activityWorks.reviewState, WorkReviewState.PENDING)))
      .returning({ id: activityWorks.id });
    if (!done) throw new AppError(Codes.CONFLICT, '作品状态已变化，请刷新后重试', { field: 'lessonId' });
  }
  return toWork(db, (await workById(db, work.id))!);
}

export async function deleteWork(ctx: AppContext, auth: AuthUser, lessonId: string): Promise<{ lessonId: string; deleted: boolean }> {
  const work = await ownWork(ctx, auth, lessonId);
  if (work.submitStatus !== WorkSubmitStatus.DRAFT) throw new AppError(Codes.CONFLICT, '只能删除草稿状态的作品', { field: 'lessonId' });
  const removed = await ctx.db.orm
    .delete(activityWorks)
    .where(and(eq(activityWorks.id, work.id), eq(activityWorks.submitStatus, WorkSubmitStatus.DRAFT)))
    .returning({ id: activityWorks.id });
  if (removed.length === 0) throw new AppError(Codes.CONFLICT, '只能删除草稿状态的作品', { field: 'lessonId' });
  return { lessonId: work.id, deleted: true };
}

