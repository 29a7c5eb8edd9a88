/**
 * The reviewer's reads: the work list with its filters and order, previous/next in that order, works
 * by id (refused as a whole when one is outside the reviewer's reach), and the trace. Everything is
 * bounded by visibility.ts; nothing here changes a row.
 */
import { and, asc, desc, eq, ilike, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import { WorkReviewState } from '@dscloud/sdk/activities';
import { Codes } from '@dscloud/sdk/errors';
import type { AuditTraceEntry, AuditWorkDetail, AuditWorkRow } from '@dscloud/sdk/review';
import type { AppContext } from '../context.js';
import { activityWorkAudits, activityWorks, curriculumBooks, lessonNodes, users } from '../db/schema.js';
import { containsPattern } from '../db/rows.js';
import { AppError } from '../http/appError.js';
import type { ReviewerContext } from './reviewerGate.js';
import { reviewRulesOf } from './rules.js';
import { decidedByMe, myDecisions, reachOf, visibleWhere, type Reach } from './visibility.js';
import { detailsOf, rowsOf, type WorkRow } from './workRows.js';

const w = activityWorks;

export interface AuditFilter {
  level?: number;
  stage?: number;
  subjectCode?: number;
  editionId?: string;
  bookId?: string;
  /** A chapter (or knowledge node): works of nodes under it. */
  chapterId?: string;
  nodeId?: string;
  /** `pending`: waiting at the reviewer's level without their decision; `decided`: decided by them; absent: both. */
  state?: 'pending' | 'decided';
  keyword?: string;
}

/** Not found or not theirs: the same answer, so ids of other schools reveal nothing. */
export const outOfReach = (ids: readonly string[], field = 'workIds') =>
  new AppError(Codes.NOT_FOUND, `作品不存在或不在您的评审范围内：${ids.join('、')}`, { field });

function filterWhere(rc: ReviewerContext, reach: readonly Reach[], f: AuditFilter): SQL {
  const keep = (a: { level: number; stage: number; subjectCode: number }) =>
    (f.level === undefined || a.level === f.level) && (f.stage === undefined || a.stage === f.stage) && (f.subjectCode === undefined || a.subjectCode === f.subjectCode);
  const levels = [...new Set(reach.map((r) => r.assignment.level).filter((l) => f.level === undefined || l === f.level))];
  const mine = levels.length ? or(...levels.map((l) => and(eq(w.reviewLevel, l), decidedThisRound(rc, l)))) : sql`false`;
  const keyword = f.keyword?.trim();
  return and(
    visibleWhere(rc, reach, keep, f.state === 'pending'),
    f.stage !== undefined ? eq(w.stage, f.stage) : undefined,
    f.subjectCode !== undefined ? eq(w.subjectCode, f.subjectCode) : undefined,
    f.bookId ? eq(w.bookId, f.bookId) : undefined,
    f.editionId ? inArray(w.bookId, sql`(SELECT ${curriculumBooks.id} FROM ${curriculumBooks} WHERE ${curriculumBooks.editionId} = ${f.editionId})`) : undefined,
    f.nodeId ? eq(w.nodeId, f.nodeId) : undefined,
    f.chapterId ? inArray(w.nodeId, sql`(SELECT ${lessonNodes.id} FROM ${lessonNodes} WHERE ${lessonNodes.path} LIKE ${containsPattern(`/${f.chapterId}/`)})`) : undefined,
    keyword ? ilike(w.title, containsPattern(keyword)) : undefined,
    f.state === 'pending' ? and(eq(w.reviewState, WorkReviewState.PENDING), not(mine ?? sql`false`)) : undefined,
    f.state === 'decided' ? or(...levels.map((l) => decidedByMe(rc, l))) : undefined,
  )!;
}

/**
 * The reviewer decided the work at `level` in its current round: the pair (work, round) among the
 * reviewer's decisions, read once and hashed (a row-value `IN`, which the builder cannot write).
 */
function decidedThisRound(rc: ReviewerContext, level: number): SQL {
  const t = activityWorkAudits;
  return sql`(${w.id}, ${w.round}) IN ${myDecisions(rc, level, { workId: t.workId, round: t.round })}`;
}

/** Oldest submission first: the order of the list and of previous/next. */
const ORDER = [asc(w.submittedAt), asc(w.id)];

export async function auditWorkPage(ctx: AppContext, rc: ReviewerContext, f: AuditFilter, pageNum: number, pageSize: number) {
  const db = ctx.db.orm;
  const where = filterWhere(rc, await reachOf(db, rc), f);
  const [list, [total]] = await Promise.all([
    db.select().from(w).where(where).orderBy(...ORDER).limit(pageSize).offset((pageNum - 1) * pageSize),
    db.select({ n: sql<number>`count(*)` }).from(w).where(where),
  ]);
  const rows = await rowsOf(db, list, rc.userId, reviewRulesOf(rc.activity.reviewRules).blind);
  return { rows, total: Number(total?.n ?? 0), pageNum, pageSize };
}

/** The works before and after `workId` in the filter's order, and its place (1-based) among `total`. */
export async function neighbours(ctx: AppContext, rc: ReviewerContext, f: AuditFilter, workId: string) {
  const db = ctx.db.orm;
  const ids = (await db.select({ id: w.id }).from(w).where(filterWhere(rc, await reachOf(db, rc), f)).orderBy(...ORDER).limit(20_000)).map((r) => r.id);
  const at = ids.indexOf(workId);
  if (at < 0) throw outOfReach([workId], 'workId');
  const around = [ids[at - 1], ids[at + 1]].filter((id): id is string => id !== undefined);
  const found = around.length ? await db.select().from(w).where(inArray(w.id, around)) : [];
  const rows = await rowsOf(db, found, rc.userId, reviewRulesOf(rc.activity.reviewRules).blind);
  const pick = (id: string | undefined): AuditWorkRow | null => rows.find((r) => r.workId === id) ?? null;
  return { up: pick(ids[at - 1]), next: pick(ids[at + 1]), index: at + 1, total: ids.length };
}

/** The works by id, in the order asked; any one outside the reviewer's reach refuses the call (404). */
export async function visibleWorks(ctx: AppContext, rc: ReviewerContext, ids: readonly string[], field = 'workIds'): Promise<WorkRow[]> {
  const unique = [...new Set(ids)];
  const db = ctx.db.orm;
  const found = await db.select().from(w).where(and(visibleWhere(rc, await reachOf(db, rc)), inArray(w.id, unique)));
  const missing = unique.filter((id) => !found.some((r) => r.id === id));
  if (missing.length) throw outOfReach(missing, field);
  return unique.map((id) => found.find((r) => r.id === id)!);
}

export async function workDetails(ctx: AppContext, rc: ReviewerContext, ids: readonly string[]): Promise<AuditWorkDetail[]> {
  return detailsOf(ctx, await visibleWorks(ctx, rc, ids), rc.userId, reviewRulesOf(rc.activity.reviewRules).blind);
}

/**
 * Every decision on the work, oldest first. Another reviewer's provisional decision on the work's
 * current level and round stays hidden while the work waits there; with a blind review other
 * reviewers' names are empty.
 */
export async function traceOf(ctx: AppContext, work: WorkRow, viewer: { userId: string; blind: boolean; reviewer: boolean }): Promise<AuditTraceEntry[]> {
  const db = ctx.db.orm;
  const t = activityWorkAudits;
  const list = await db
    .select({ row: t, name: users.displayName })
    .from(t)
    .innerJoin(users, eq(users.id, t.reviewerId))
    .where(eq(t.workId, work.id))
    .orderBy(asc(t.createdAt), asc(t.id));
  const open = work.reviewState === WorkReviewState.PENDING;
  return list
    .filter(({ row }) => !(viewer.reviewer && open && !row.counted && row.reviewerId !== viewer.userId && row.level === work.reviewLevel && row.round === work.round))
    .map(({ row, name }) => ({
      level: row.level as AuditTraceEntry['level'],
      round: row.round,
      reviewerName: viewer.blind && row.reviewerId !== viewer.userId ? '' : name,
      decision: row.decision as AuditTraceEntry['decision'],
      score: row.score,
      opinion: row.opinion,
      counted: row.counted,
      at: row.createdAt,
    }));
}

/** The opinion of the decision that returned the work (for the teacher), or ''. */
export async function lastOpinion(ctx: AppContext, workId: string): Promise<string> {
  const t = activityWorkAudits;
  const [row] = await ctx.db.orm.select({ opinion: t.opinion }).from(t).where(and(eq(t.workId, workId), eq(t.counted, true))).orderBy(desc(t.createdAt)).limit(1);
  return row?.opinion ?? '';
}

