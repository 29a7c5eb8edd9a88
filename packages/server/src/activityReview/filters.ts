/**
 * The reviewer's filter lists (getAuditStages … getKnowledge): only what their assignments cover —
 * stages, subjects and levels from the assignments, editions and books from the works they may see,
 * the chapter and knowledge trees of those books and subjects.
 */
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { activityReviewQuota, activityWorks, curriculumBooks, curriculumEditions, lessonNodes, organisations } from '../db/schema.js';
import { stageName, subjectName } from '../curriculum/names.js';
import { Codes } from '@dscloud/sdk/errors';
import { AppError } from '../http/appError.js';
import { AuditLevel } from '@dscloud/sdk/activities';
import type { ReviewerContext } from './reviewerGate.js';
import { levelName, reviewRulesOf } from './rules.js';
import { reachOf, visibleWhere } from './visibility.js';

export function auditStages(rc: ReviewerContext) {
  const stages = [...new Set(rc.assignments.map((a) => a.stage))].sort((a, b) => a - b);
  return stages.map((stage) => ({ stage, stageName: stageName(stage) }));
}

export function auditSubjects(rc: ReviewerContext, stage?: number) {
  const seen = new Map<number, number>();
  for (const a of rc.assignments) if (stage === undefined || a.stage === stage) seen.set(a.subjectCode, a.stage);
  return [...seen.entries()].sort((a, b) => a[0] - b[0]).map(([subjectCode, s]) => ({ stage: s, subjectCode, subjectName: subjectName(subjectCode) }));
}

/** The reviewer's levels with the unit they review and its quota (used/left, null when unlimited). */
export async function auditLevels(ctx: AppContext, rc: ReviewerContext) {
  const db = ctx.db.orm;
  const rules = reviewRulesOf(rc.activity.reviewRules);
  const units = new Map<string, { level: number; orgId: string; unit: string }>();
  for (const a of rc.assignments) {
    const unit = a.level === AuditLevel.CITY ? rc.activity.orgId : a.orgId;
    units.set(`${a.level}:${a.orgId}`, { level: a.level, orgId: a.orgId, unit });
  }
  const list = [...units.values()].sort((a, b) => rc.activity.reviewLevels.indexOf(a.level as never) - rc.activity.reviewLevels.indexOf(b.level as never));
  const orgs = list.length ? await db.select({ id: organisations.id, name: organisations.name }).from(organisations).where(inArray(organisations.id, list.map((u) => u.orgId))) : [];
  const q = activityReviewQuota;
  const used = await db.select().from(q).where(eq(q.activityId, rc.activity.id));
  return list.map((u) => {
    const quota = rules.quotas[u.level as 1 | 2 | 3] ?? null;
    const n = used.find((x) => x.level === u.level && x.orgId === u.unit)?.used ?? 0;
    return {
      level: u.level,
      levelName: levelName(u.level),
      orgId: u.orgId,
      orgName: orgs.find((o) => o.id === u.orgId)?.name ?? '',
      finalReviewer: rc.assignments.some((a) => a.level === u.level && a.orgId === u.orgId && a.finalReviewer),
      quota,
      used: n,
      left: quota === null ? null : Math.max(0, quota - n),
    };
  });
}

/** Books of the works the reviewer may see, with their editions. */
async function visibleBooks(ctx: AppContext, rc: ReviewerContext, f: { stage?: number; subjectCode?: number }) {
  const db = ctx.db.orm;
  const w = activityWorks;
  const b = curriculumBooks;
  const where = and(
    visibleWhere(rc, await reachOf(db, rc)),
    isNotNull(w.bookId),
    f.stage !== undefined ? eq(w.stage, f.stage) : undefined,
    f.subjectCode !== undefined ? eq(w.subjectCode, f.subjectCode) : undefined,
  );
  return db
    .selectDistinct({ bookId: b.id, bookName: b.name, grade: b.grade, term: b.term, sort: b.sort, editionId: b.editionId, editionName: curriculumEditions.name, editionSort: curriculumEditions.sort })
    .from(w)
    .innerJoin(b, eq(b.id, w.bookId))
    .innerJoin(curriculumEditions, eq(curriculumEditions.id, b.editionId))
    .where(where)
    .orderBy(asc(curriculumEditions.sort), asc(b.grade), asc(b.term), asc(b.sort), asc(b.id));
}

export async function auditEditions(ctx: AppContext, rc: ReviewerContext, f: { stage?: number; subjectCode?: number }) {
  const seen = new Map<string, string>();
  for (const b of await visibleBooks(ctx, rc, f)) seen.set(b.editionId, b.editionName);
  return [...seen.entries()].map(([editionId, editionName]) => ({ editionId, editionName }));
}

export async function auditBooks(ctx: AppContext, rc: ReviewerContext, f: { stage?: number; subjectCode?: number; editionId?: string }) {
  return (await visibleBooks(ctx, rc, f)).filter((b) => !f.editionId || b.editionId === f.editionId).map((b) => ({ bookId: b.bookId, bookName: b.bookName, editionId: b.editionId, editionName: b.editionName }));
}

const nodeShape = { nodeId: lessonNodes.id, nodeName: lessonNodes.name, parentId: lessonNodes.parentId, level: lessonNodes.level };

/** The chapter tree (flat, parent first) of a book the reviewer has works of. */
export async function auditChapters(ctx: AppContext, rc: ReviewerContext, bookId: string) {
  if (!(await visibleBooks(ctx, rc, {})).some((b) => b.bookId === bookId)) throw new AppError(Codes.NOT_FOUND, `教材不在您的评审范围内：${bookId}`, { field: 'bookId' });
  return ctx.db.orm
    .select(nodeShape)
    .from(lessonNodes)
    .where(and(eq(lessonNodes.kind, 'chapter'), eq(lessonNodes.bookId, bookId)))
    .orderBy(asc(lessonNodes.level), asc(lessonNodes.sort), asc(lessonNodes.id));
}

/** The knowledge tree of an assigned stage and subject. */
export async function auditKnowledge(ctx: AppContext, rc: ReviewerContext, stage: number, subjectCode: number) {
  if (!rc.assignments.some((a) => a.stage === stage && a.subjectCode === subjectCode)) {
    throw new AppError(Codes.NOT_FOUND, `学段学科不在您的评审范围内：${stageName(stage)}${subjectName(subjectCode)}`, { field: 'subjectCode' });
  }
  return ctx.db.orm
    .select(nodeShape)
    .from(lessonNodes)
    .where(and(eq(lessonNodes.kind, 'knowledge'), eq(lessonNodes.stage, stage), eq(lessonNodes.subjectCode, subjectCode)))
    .orderBy(asc(lessonNodes.level), asc(lessonNodes.sort), asc(lessonNodes.id))
    .limit(5000);
}

