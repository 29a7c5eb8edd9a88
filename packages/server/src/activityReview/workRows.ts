/**
 * Works as a reviewer reads them (AuditWorkRow, AuditWorkDetail): node, subject, teacher and school
 * (both empty when the review is blind), and the reviewer's own decision at the work's current level
 * and round — never the other reviewer's.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AuditLevelCode, WorkReviewStateCode } from '@dscloud/sdk/activities';
import type { AuditDecisionCode, AuditWorkDetail, AuditWorkRow } from '@dscloud/sdk/review';
import type { AppContext } from '../context.js';
import type { Orm } from '../db/database.js';
import { activitySignUps, activityWorkAudits, activityWorkItems, activityWorks, lessonNodes, organisations } from '../db/schema.js';
import { subjectName } from '../curriculum/names.js';

export type WorkRow = typeof activityWorks.$inferSelect;

export async function rowsOf(db: Orm, works: readonly WorkRow[], viewerId: string, blind: boolean): Promise<AuditWorkRow[]> {
  if (works.length === 0) return [];
  const ids = works.map((r) => r.id);
  const [nodes, teachers, schools, mine] = await Promise.all([
    db.select({ id: lessonNodes.id, name: lessonNodes.name }).from(lessonNodes).where(inArray(lessonNodes.id, [...new Set(works.map((r) => r.nodeId))])),
    db.select({ id: activitySignUps.id, name: activitySignUps.realName }).from(activitySignUps).where(inArray(activitySignUps.id, [...new Set(works.map((r) => r.signUpId))])),
    db.select({ id: organisations.id, name: organisations.name }).from(organisations).where(inArray(organisations.id, [...new Set(works.map((r) => r.schoolId))])),
    db
      .select({ workId: activityWorkAudits.workId, level: activityWorkAudits.level, round: activityWorkAudits.round, decision: activityWorkAudits.decision })
      .from(activityWorkAudits)
      .where(and(inArray(activityWorkAudits.workId, ids), eq(activityWorkAudits.reviewerId, viewerId)))
      .orderBy(asc(activityWorkAudits.createdAt)),
  ]);
  const name = (list: Array<{ id: string; name: string }>) => new Map(list.map((x) => [x.id, x.name]));
  const [nodeName, teacherName, schoolName] = [name(nodes), name(teachers), name(schools)];
  return works.map((r) => ({
    workId: r.id,
    version: r.version,
    activityId: r.activityId,
    title: r.title,
    nodeId: r.nodeId,
    nodeName: nodeName.get(r.nodeId) ?? '',
    stage: r.stage ?? 0,
    subjectCode: r.subjectCode ?? 0,
    subjectName: r.subjectCode ? subjectName(r.subjectCode) : '',
    teacherName: blind ? '' : (teacherName.get(r.signUpId) ?? ''),
    schoolName: blind ? '' : (schoolName.get(r.schoolId) ?? ''),
    level: (r.reviewLevel ?? 0) as AuditLevelCode,
    reviewState: r.reviewState as WorkReviewStateCode,
    round: r.round,
    submittedAt: r.submittedAt,
    myDecision: (mine.filter((m) => m.workId === r.id && m.level === r.reviewLevel && m.round === r.round).pop()?.decision ?? null) as AuditDecisionCode | null,
  }));
}

/** The rows with the package (signed links), the description and the format review. */
export async function detailsOf(ctx: AppContext, works: readonly WorkRow[], viewerId: string, blind: boolean): Promise<AuditWorkDetail[]> {
  const db = ctx.db.orm;
  const base = await rowsOf(db, works, viewerId, blind);
  if (base.length === 0) return [];
  const items = await db
    .select()
    .from(activityWorkItems)
    .where(inArray(activityWorkItems.workId, works.map((w) => w.id)))
    .orderBy(asc(activityWorkItems.item), asc(activityWorkItems.sort));
  return base.map((row, i) => ({
    ...row,
    description: works[i]!.description,
    formatReview: works[i]!.formatReview ?? null,
    reviewScore: works[i]!.reviewScore,
    items: items
      .filter((it) => it.workId === row.workId)
      .map((it) => ({ item: it.item, fileId: String(it.fileId), fileName: it.fileName, fileSize: it.fileSize, url: ctx.media.url(it.fileId) })),
  }));
}
