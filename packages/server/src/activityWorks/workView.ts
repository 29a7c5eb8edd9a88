/** Works as the API answers them (ActivityWork): the rows with their files, node names, teacher and school. */
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { ActivityWork, AuditLevelCode, PackageItemCode, WorkReviewStateCode, WorkSubmitStatusCode } from '@dscloud/sdk/activities';
import { WorkSubmitStatus } from '@dscloud/sdk/activities';
import type { AppContext } from '../context.js';
import type { Orm } from '../db/database.js';
import { activitySignUps, activityWorkItems, activityWorks } from '../db/schema.js';
import { nodeLabels, orgNames } from '../activities/signUpView.js';

export type WorkRow = typeof activityWorks.$inferSelect;

export async function toWorks(db: Orm, works: readonly WorkRow[]): Promise<ActivityWork[]> {
  if (works.length === 0) return [];
  const ids = works.map((w) => w.id);
  const [items, signUps, labels, schools] = await Promise.all([
    db.select().from(activityWorkItems).where(inArray(activityWorkItems.workId, ids)).orderBy(asc(activityWorkItems.item), asc(activityWorkItems.sort)),
    db
      .select({ id: activitySignUps.id, realName: activitySignUps.realName })
      .from(activitySignUps)
      .where(inArray(activitySignUps.id, [...new Set(works.map((w) => w.signUpId))])),
    nodeLabels(db, [...new Set(works.map((w) => w.nodeId))]),
    orgNames(db, works.map((w) => w.schoolId)),
  ]);
  const teacherOf = new Map(signUps.map((s) => [s.id, s.realName]));
  return works.map((w) => ({
    lessonId: w.id,
    activityId: w.activityId,
    signUpId: w.signUpId,
    signUpNodeId: w.signUpNodeId,
    nodeId: w.nodeId,
    nodeName: labels.get(w.nodeId)?.nodeName ?? '',
    userId: w.userId,
    teacherName: teacherOf.get(w.signUpId) ?? '',
    schoolId: w.schoolId,
    schoolName: schools.get(w.schoolId) ?? '',
    title: w.title,
    description: w.description,
    submitStatus: w.submitStatus as WorkSubmitStatusCode,
    reviewState: w.reviewState as WorkReviewStateCode,
    reviewLevel: (w.reviewLevel ?? null) as AuditLevelCode | null,
    items: items
      .filter((i) => i.workId === w.id)
      .map((i) => ({ item: i.item as PackageItemCode, fileId: String(i.fileId), fileName: i.fileName, fileSize: i.fileSize, probe: i.probe ?? null })),
    formatReview: w.formatReview ?? null,
    submitTime: w.submittedAt ?? null,
    createTime: w.createdAt,
    updateTime: w.updatedAt,
    version: w.version,
  }));
}

export async function toWork(db: Orm, work: WorkRow): Promise<ActivityWork> {
  return (await toWorks(db, [work]))[0]!;
}

export async function workById(db: Orm, id: string): Promise<WorkRow | null> {
  const [row] = await db.select().from(activityWorks).where(eq(activityWorks.id, id)).limit(1);
  return row ?? null;
}

/** The node's current work, or its last withdrawn one; null when none was ever saved. */
export async function workOfNode(ctx: AppContext, signUpNodeId: string): Promise<ActivityWork | null> {
  const db = ctx.db.orm;
  const found = await db.select().from(activityWorks).where(eq(activityWorks.signUpNodeId, signUpNodeId)).orderBy(desc(activityWorks.createdAt));
  const current = found.find((w) => w.submitStatus !== WorkSubmitStatus.WITHDRAWN) ?? found[0];
  return current ? toWork(db, current) : null;
}
