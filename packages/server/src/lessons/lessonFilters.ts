/**
 * Turns a list request into drizzle conditions on the `lessons` table. One builder for the public
 * lists, the manager views and the counts, so a filter means the same thing everywhere. The
 * conditions name the table as `lessons l` (`listedLessons`); a query over them selects from that.
 */
import { and, asc, desc, eq, exists, gt, gte, ilike, inArray, like, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import { Codes } from '@dscloud/sdk/errors';
import { AppError } from '../http/appError.js';
import type { CurriculumRepo } from '../curriculum/curriculumRepo.js';
import { containsPattern } from '../db/rows.js';
import { lessonKnowledgeNodes, lessonNodes, lessons, specialSubjectLessons } from '../db/schema.js';
import { subjectStage } from '../curriculum/names.js';
import type { LessonFilter, OrderBy } from './lessonSchemas.js';
import type { OrgScope } from '../management/orgScope.js';

/** `lessons l`: the table as every list query, count and aggregate over these conditions names it. */
export const listedLessons = alias(lessons, 'l');
const l = listedLessons;
const k = alias(lessonKnowledgeNodes, 'k');
const n = alias(lessonNodes, 'n');
const s = alias(specialSubjectLessons, 's');
/** Builds the correlated subqueries; they run as part of the list query, never on their own. */
const qb = new QueryBuilder();

/** Which lessons the caller may list: published ones, their own (any status), or all (administrators). */
export type Scope = { kind: 'published' } | { kind: 'mine'; userId: string } | { kind: 'all' };

/** A LIKE pattern matching strings that start with `text`, with % and _ taken literally. */
export const prefixPattern = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function impliedStage(subjectCode: number | undefined, grade: number | undefined): number | undefined {
  if (subjectCode !== undefined) return subjectStage(subjectCode);
  if (grade === undefined || grade < 1) return undefined;
  return grade <= 6 ? 2 : grade <= 9 ? 3 : 4;
}

export interface FilterContext {
  curriculum: CurriculumRepo;
  now: number;
}

export async function lessonConditions(
  filter: LessonFilter,
  scope: Scope,
  liveFlag: 0 | 1 | undefined,
  c: FilterContext,
): Promise<SQL[]> {
  const where: (SQL | undefined)[] = [];
  if (liveFlag !== undefined) where.push(eq(l.liveFlag, liveFlag));
  if (scope.kind === 'published') where.push(publishedOnly());
  if (scope.kind === 'mine') where.push(or(eq(l.createdBy, scope.userId), eq(l.teacherUserId, scope.userId)));
  if (scope.kind !== 'published' && filter.publishStatus !== undefined) where.push(eq(l.publishStatus, filter.publishStatus));
  // The stage a subject or grade belongs to is added when not given: it lets the stage-led list
  // indexes serve "subject + grade" and "grade" filters (save keeps stage, subject and grade consistent).
  const stage = filter.stage ?? impliedStage(filter.subjectCode, filter.grade);
  if (stage !== undefined) where.push(eq(l.stage, stage));
  if (filter.subjectCode !== undefined) where.push(eq(l.subjectCode, filter.subjectCode));
  if (filter.grade !== undefined) where.push(eq(l.grade, filter.grade));
  if (filter.editionId) where.push(eq(l.editionId, filter.editionId));
  if (filter.bookId) where.push(eq(l.bookId, filter.bookId));
  if (filter.nodeId) {
    const node = await c.curriculum.node(filter.nodeId);
    if (!node) throw new AppError(Codes.BAD_REQUEST, `参数 nodeId 对应的章节或知识点不存在：${filter.nodeId}`, { field: 'nodeId' });
    const under = like(n.path, prefixPattern(node.path));
    where.push(
      node.kind === 'chapter'
        ? inArray(l.chapterNodeId, qb.select({ id: n.id }).from(n).where(under))
        : exists(qb.select({ id: k.nodeId }).from(k).innerJoin(n, eq(n.id, k.nodeId)).where(and(eq(k.lessonId, l.id), under))),
    );
  }
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const p = containsPattern(keyword);
    where.push(or(ilike(l.title, p), ilike(l.teacherName, p)));
  }
  if (filter.teacherUserId) where.push(eq(l.teacherUserId, filter.teacherUserId));
  if (filter.teacherInfoId) where.push(eq(l.teacherInfoId, filter.teacherInfoId));
  const teacherName = filter.teacherName?.trim();
  if (teacherName) where.push(ilike(l.teacherName, containsPattern(teacherName)));
  if (filter.schoolId) where.push(eq(l.schoolId, filter.schoolId));
  if (filter.startTime !== undefined && filter.endTime !== undefined && filter.startTime > filter.endTime) {
    throw new AppError(Codes.BAD_REQUEST, '参数 startTime 不能晚于 endTime', { field: 'startTime' });
  }
  // Live lessons are found by when they are on air; on-demand lessons by when they were made.
  const timeColumn = liveFlag === 1 ? l.liveStartAt : l.createdAt;
  if (filter.startTime !== undefined) where.push(gte(timeColumn, filter.startTime));
  if (filter.endTime !== undefined) where.push(lte(timeColumn, filter.endTime));
  if (filter.excellentFlag !== undefined) where.push(eq(l.excellentFlag, filter.excellentFlag));
  if (filter.specialSubjectId) {
    where.push(exists(qb.select({ id: s.lessonId }).from(s).where(and(eq(s.lessonId, l.id), eq(s.specialSubjectId, filter.specialSubjectId)))));
  }
  if (filter.tagId) {
    where.push(sql`EXISTS (SELECT 1 FROM lesson_tag_links g WHERE g.lesson_id = l.id AND g.tag_id = ${filter.tagId})`);
  }
  if (filter.liveState) {
    const now = c.now;
    if (filter.liveState === 'upcoming') where.push(and(eq(l.liveFlag, 1), gt(l.liveStartAt, now)));
    if (filter.liveState === 'living') where.push(and(eq(l.liveFlag, 1), lte(l.liveStartAt, now), gt(l.liveEndAt, now)));
    if (filter.liveState === 'ended') where.push(and(eq(l.liveFlag, 1), lte(l.liveEndAt, now)));
  }
  return where.filter((w): w is SQL => w !== undefined);
}

/** The columns an order reads: `lessons l` itself, or a page already cut from it. */
export interface OrderColumns {
  id: AnyColumn;
  createdAt: AnyColumn;
  downloadCount: AnyColumn;
  learningCount: AnyColumn;
  excellentFlag: AnyColumn;
  liveStartAt: AnyColumn;
}

/** ORDER BY terms; each order ends on the id, so pages never overlap. They match the list indexes of migrations 0020/0024. */
export function lessonOrder(orderBy: OrderBy, t: OrderColumns = l): SQL[] {
  switch (orderBy) {
    case 'hottest':
      // The same expression as the index lessons_hot_*_idx, so the planner can read the order from it.
      return [desc(sql`(${t.downloadCount} + ${t.learningCount})`), desc(t.createdAt), desc(t.id)];
    case 'excellent':
      return [desc(t.excellentFlag), desc(t.createdAt), desc(t.id)];
    case 'liveStart':
      return [asc(t.liveStartAt), asc(t.id)];
    case 'liveStartDesc':
      // drizzle's desc() has no NULLS LAST; lessons without a start time go after the others.
      return [sql`${t.liveStartAt} DESC NULLS LAST`, desc(t.id)];
    default:
      return [desc(t.createdAt), desc(t.id)];
  }
}

/** Published lessons only. */
export const publishedOnly = (): SQL => eq(l.publishStatus, 1);

/** Lessons filed under any special topic. */
export const inAnyTopic = (): SQL => exists(qb.select({ id: s.lessonId }).from(s).where(eq(s.lessonId, l.id)));

/** Recorded lessons, and live lessons that have started by `now`. */
export const notUpcoming = (now: number): SQL => or(eq(l.liveFlag, 0), lte(l.liveStartAt, now))!;

/** The lessons of a back-office caller's organisation subtree (`request.scope`); none without a scope. */
export function withinScope(scope: OrgScope | null): SQL[] {
  if (scope?.all) return [];
  if (!scope || scope.orgIds.length === 0) return [sql`false`];
  return [inArray(l.schoolId, [...scope.orgIds])];
}
