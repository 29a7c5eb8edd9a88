/**
 * The package documents of a high-quality work for the public work page: only a work marked
 * high-quality (review state 5, submitted) of a published, not deleted activity; its documents (not
 * the video, which the lesson player plays) with signed links like every stored file.
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { ActivityStatus, PackageItem, WorkReviewState, WorkSubmitStatus } from '@dscloud/sdk/activities';
import { Codes } from '@dscloud/sdk/errors';
import type { HighQualityWorkDocuments } from '@dscloud/sdk/review';
import type { AppContext } from '../context.js';
import { activities, activityWorkItems, activityWorks } from '../db/schema.js';
import { AppError } from '../http/appError.js';

export const NOT_PUBLIC_WORK = '该作品不是公开的优秀作品';

/** By the lesson it became (`lessonId`, the page's courseId) or by the work's id. */
export async function highQualityDocuments(ctx: AppContext, by: { lessonId?: string; workId?: string }): Promise<HighQualityWorkDocuments> {
  const db = ctx.db.orm;
  const field = by.lessonId ? 'lessonId' : 'workId';
  const [found] = await db
    .select({ work: activityWorks, activityStatus: activities.status, deletedAt: activities.deletedAt })
    .from(activityWorks)
    .innerJoin(activities, eq(activities.id, activityWorks.activityId))
    .where(by.lessonId ? eq(activityWorks.publishedLessonId, by.lessonId) : eq(activityWorks.id, by.workId!))
    .limit(1);
  if (!found || found.deletedAt !== null) throw new AppError(Codes.NOT_FOUND, '作品不存在或已删除', { field });
  const w = found.work;
  const open = w.reviewState === WorkReviewState.EXCELLENT && w.submitStatus === WorkSubmitStatus.SUBMITTED && found.activityStatus === ActivityStatus.PUBLISHED;
  if (!open) throw new AppError(Codes.FORBIDDEN, NOT_PUBLIC_WORK, { field });
  const items = await db
    .select()
    .from(activityWorkItems)
    .where(and(inArray(activityWorkItems.workId, [w.id]), ne(activityWorkItems.item, PackageItem.VIDEO)))
    .orderBy(asc(activityWorkItems.item), asc(activityWorkItems.sort));
  return {
    workId: w.id,
    lessonId: w.publishedLessonId,
    title: w.title,
    items: items.map((it) => ({ item: it.item, fileId: String(it.fileId), fileName: it.fileName, fileSize: it.fileSize, url: ctx.media.url(it.fileId) })),
  };
}
