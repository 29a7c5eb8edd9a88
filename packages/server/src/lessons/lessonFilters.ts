/**
 * Turns a list request into SQL conditions on `lessons l`. One builder for the public lists, the
 * manager views and the counts, so a filter means the same thing everywhere.
 */
import { sql, type SQL } from 'drizzle-orm';
import { Codes } from '@dscloud/sdk/errors';
import { AppError } from '../http/appError.js';
import type { CurriculumRepo } from '../curriculum/curriculumRepo.js';
import { containsPattern } from '../db/rows.js';
import { subjectStage } from '../curriculum/names.js';
import type { LessonFilter, OrderBy } from './lessonSchemas.js';
import type { OrgScope } from '../management/orgScope.js';

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
  const where: SQL[] = [];
  if (liveFlag !== undefined) where.push(sql`l.live_flag = ${liveFlag}`);
  if (scope.kind === 'published') where.push(sql`l.publish_status = 1`);
  if (scope.kind === 'mine') where.push(sql`(l.created_by = ${scope.userId} OR l.teacher_user_id = ${scope.userId})`);
  if (scope.kind !== 'published' && filter.publishStatus !== undefined) where.push(sql`l.publish_status = ${filter.publishStatus}`);
  // The stage a subject or grade belongs to is added when not given: it lets the stage-led list
  // indexes serve "subject + grade" and "grade" filters (save keeps stage, subject and grade consistent).
  const stage = filter.stage ?? impliedStage(filter.subjectCode, filter.grade);
  if (stage !== undefined) where.push(sql`l.stage = ${stage}`);
  if (filter.subjectCode !== undefined) where.push(sql`l.subject_code = ${filter.subjectCode}`);
  if (filter.grade !== undefined) where.push(sql`l.grade = ${filter.grade}`);
  if (filter.editionId) where.push(sql`l.edition_id = ${filter.editionId}`);
  if (filter.bookId) where.push(sql`l.book_id = ${filter.bookId}`);
  if (filter.nodeId) {
    const node = await c.curriculum.node(filter.nodeId);
    if (!node) throw new AppError(Codes.BAD_REQUEST, `参数 nodeId 对应的章节或知识点不存在：${filter.nodeId}`, { field: 'nodeId' });
    const under = prefixPattern(node.path);
    where.push(
      node.kind === 'chapter'
        ? sql`l.chapter_node_id IN (SELECT n.id FROM lesson_nodes n WHERE n.path LIKE ${under})`
        : sql`EXISTS (SELECT 1 FROM lesson_knowledge_nodes k JOIN lesson_nodes n ON n.id = k.node_id
                      WHERE k.lesson_id = l.id AND n.path LIKE ${under})`,
    );
  }
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const p = containsPattern(keyword);
    where.push(sql`(l.title ILIKE ${p} OR l.teacher_name ILIKE ${p})`);
  }
  if (filter.teacherUserId) where.push(sql`l.teacher_user_id = ${filter.teacherUserId}`);
  if (filter.teacherInfoId) where.push(sql`l.teacher_info_id = ${filter.teacherInfoId}`);
  const teacherName = filter.teacherName?.trim();
  if (teacherName) where.push(sql`l.teacher_name ILIKE ${containsPattern(teacherName)}`);
  if (filter.schoolId) where.push(sql`l.school_id = ${filter.schoolId}`);
  if (filter.startTime !== undefined && filter.endTime !== undefined && filter.startTime > filter.endTime) {
    throw new AppError(Codes.BAD_REQUEST, '参数 startTime 不能晚于 endTime', { field: 'startTime' });
  }
  // Live lessons are found by when they are on air; on-demand lessons by when they were made.
  const timeColumn = liveFlag === 1 ? sql`l.live_start_at` : sql`l.created_at`;
  if (filter.startTime !== undefined) where.push(sql`${timeColumn} >= ${filter.startTime}`);
  if (filter.endTime !== undefined) where.push(sql`${timeColumn} <= ${filter.endTime}`);
  if (filter.excellentFlag !== undefined) where.push(sql`l.excellent_flag = ${filter.excellentFlag}`);
  if (filter.specialSubjectId) {
    where.push(sql`EXISTS (SELECT 1 FROM special_subject_lessons s WHERE s.lesson_id = l.id AND s.special_subject_id = ${filter.specialSubjectId})`);
  }
  if (filter.tagId) {
    where.push(sql`EXISTS (SELECT 1 FROM lesson_tag_links g WHERE g.lesson_id = l.id AND g.tag_id = ${filter.tagId})`);
  }
  if (filter.liveState) {
    const now = c.now;
    if (filter.liveState === 'upcoming') where.push(sql`l.live_flag = 1 AND l.live_start_at > ${now}`);
    if (filter.liveState === 'living') where.push(sql`l.live_flag = 1 AND l.live_start_at <= ${now} AND l.live_end_at > ${now}`);
    if (filter.liveState === 'ended') where.push(sql`l.live_flag = 1 AND l.live_end_at <= ${now}`);
  }
  return where;
}

export function orderClause(orderBy: OrderBy): SQL {
  switch (orderBy) {
    case 'hottest':
      return sql`(l.download_count + l.learning_count) DESC, l.created_at DESC, l.id DESC`;
    case 'excellent':
      return sql`l.excellent_flag DESC, l.created_at DESC, l.id DESC`;
    case 'liveStart':
      return sql`l.live_start_at ASC NULLS LAST, l.id ASC`;
    case 'liveStartDesc':
      return sql`l.live_start_at DESC NULLS LAST, l.id DESC`;
    default:
      return sql`l.created_at DESC, l.id DESC`;
  }
}

/** Published lessons only. */
export const publishedOnly = (): SQL => sql`l.publish_status = 1`;

/** Lessons filed under any special topic. */
export const inAnyTopic = (): SQL => sql`EXISTS (SELECT 1 FROM special_subject_lessons s WHERE s.lesson_id = l.id)`;

/** Recorded lessons, and live lessons that have started by `now`. */
export const notUpcoming = (now: number): SQL => sql`(l.live_flag = 0 OR l.live_start_at <= ${now})`;

/** The lessons of a back-office caller's organisation subtree (`request.scope`); none without a scope. */
export function withinScope(scope: OrgScope | null): SQL[] {
  if (scope?.all) return [];
  if (!scope || scope.orgIds.length === 0) return [sql`false`];
  return [sql`l.school_id IN (${sql.join(scope.orgIds.map((id) => sql`${id}`), sql`, `)})`];
}
