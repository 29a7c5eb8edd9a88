/**
 * The organiser's views of the review: works in review (`resourceCollectActivity/works/audit/page`),
 * and the submitted works by edition and book and by curriculum node (getUploadedWorkEdition,
 * getUploadedWorkNodePage). Limited to the part of the activity the organiser reaches.
 */
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { WorkReviewState, WorkSubmitStatus } from '@dscloud/sdk/activities';
import type { AppContext } from '../context.js';
import { activitySignUps, activityWorkAudits, activityWorks, curriculumBooks, curriculumEditions, lessonNodes } from '../db/schema.js';
import { containsPattern } from '../db/rows.js';
import { subjectName } from '../curriculum/names.js';
import { workPage } from '../activities/worksQueryRoutes.js';
import type { OrganiserReach } from './organiserAccess.js';

const w = activityWorks;

const reachWhere = (reach: OrganiserReach): SQL | undefined => (reach.orgIds ? (reach.orgIds.length ? inArray(w.schoolId, [...reach.orgIds]) : sql`false`) : undefined);

export interface ReviewWorksQuery {
  activityId: string;
  pageNum?: number;
  pageSize?: number;
  level?: number;
  reviewState?: number;
  stage?: number;
  subjectCode?: number;
  districtId?: string;
  schoolId?: string;
  keyword?: string;
}

export async function reviewWorksPage(ctx: AppContext, reach: OrganiserReach, q: ReviewWorksQuery) {
  const db = ctx.db.orm;
  const s = activitySignUps;
  const keyword = q.keyword?.trim();
  const where = and(
    eq(w.activityId, reach.activity.id),
    eq(w.submitStatus, WorkSubmitStatus.SUBMITTED),
    ne(w.reviewState, WorkReviewState.NONE),
    reachWhere(reach),
    q.level !== undefined ? eq(w.reviewLevel, q.level) : undefined,
    q.reviewState !== undefined ? eq(w.reviewState, q.reviewState) : undefined,
    q.stage !== undefined ? eq(w.stage, q.stage) : undefined,
    q.subjectCode !== undefined ? eq(w.subjectCode, q.subjectCode) : undefined,
    q.districtId ? eq(w.districtId, q.districtId) : undefined,
    q.schoolId ? eq(w.schoolId, q.schoolId) : undefined,
    keyword ? or(ilike(w.title, containsPattern(keyword)), ilike(s.realName, containsPattern(keyword))) : undefined,
  );
  const pageNum = q.pageNum ?? 1;
  const pageSize = q.pageSize ?? 10;
  const { works, stored, total } = await workPage(db, where, [desc(w.reviewedAt), desc(w.submittedAt), asc(w.id)], pageNum, pageSize);
  const t = activityWorkAudits;
  const decisions = works.length
    ? await db
        .select({ workId: t.workId, opinion: t.opinion, at: t.createdAt })
        .from(t)
        .where(and(inArray(t.workId, works.map((x) => x.lessonId)), eq(t.counted, true)))
        .orderBy(asc(t.createdAt))
    : [];
  const rows = works.map((work, i) => {
    const r = stored[i]!;
    return {
      ...work,
      stage: r.stage,
      subjectCode: r.subjectCode,
      subjectName: r.subjectCode ? subjectName(r.subjectCode) : '',
      districtId: r.districtId,
      round: r.round,
      reviewScore: r.reviewScore,
      reviewedAt: r.reviewedAt,
      lastOpinion: decisions.filter((d) => d.workId === work.lessonId).pop()?.opinion ?? '',
    };
  });
  return { rows, total, pageNum, pageSize };
}

/** Submitted works by edition and book. */
export async function uploadedByEdition(ctx: AppContext, reach: OrganiserReach) {
  const b = curriculumBooks;
  const e = curriculumEditions;
  const rows = await ctx.db.orm
    .select({ editionId: e.id, editionName: e.name, bookId: b.id, bookName: b.name, works: count() })
    .from(w)
    .innerJoin(b, eq(b.id, w.bookId))
    .innerJoin(e, eq(e.id, b.editionId))
    .where(and(eq(w.activityId, reach.activity.id), eq(w.submitStatus, WorkSubmitStatus.SUBMITTED), reachWhere(reach)))
    .groupBy(e.id, e.name, e.sort, b.id, b.name, b.grade, b.term, b.sort)
    .orderBy(asc(e.sort), asc(b.grade), asc(b.term), asc(b.sort));
  const editions = new Map<string, { editionId: string; editionName: string; works: number; books: Array<{ bookId: string; bookName: string; works: number }> }>();
  for (const r of rows) {
    let ed = editions.get(r.editionId);
    if (!ed) editions.set(r.editionId, (ed = { editionId: r.editionId, editionName: r.editionName, works: 0, books: [] }));
    ed.books.push({ bookId: r.bookId, bookName: r.bookName, works: Number(r.works) });
    ed.works += Number(r.works);
  }
  return [...editions.values()];
}

export interface NodePageQuery {
  activityId: string;
  bookId?: string;
  stage?: number;
  subjectCode?: number;
  pageNum?: number;
  pageSize?: number;
}

const counted = (cond: SQL) => sql<number>`count(*) FILTER (WHERE ${cond})`;

/** Curriculum nodes with submitted works, and their works by review state. */
export async function uploadedByNode(ctx: AppContext, reach: OrganiserReach, q: NodePageQuery) {
  const db = ctx.db.orm;
  const n = lessonNodes;
  const where = and(
    eq(w.activityId, reach.activity.id),
    eq(w.submitStatus, WorkSubmitStatus.SUBMITTED),
    reachWhere(reach),
    q.bookId ? eq(w.bookId, q.bookId) : undefined,
    q.stage !== undefined ? eq(w.stage, q.stage) : undefined,
    q.subjectCode !== undefined ? eq(w.subjectCode, q.subjectCode) : undefined,
  );
  const pageNum = q.pageNum ?? 1;
  const pageSize = q.pageSize ?? 10;
  const [list, [total]] = await Promise.all([
    db
      .select({
        nodeId: n.id,
        nodeName: n.name,
        path: n.path,
        bookId: n.bookId,
        stage: n.stage,
        subjectCode: n.subjectCode,
        works: count(),
        pending: counted(eq(w.reviewState, WorkReviewState.PENDING)),
        returned: counted(eq(w.reviewState, WorkReviewState.RETURNED)),
        passed: counted(eq(w.reviewState, WorkReviewState.PASSED)),
        rejected: counted(eq(w.reviewState, WorkReviewState.REJECTED)),
        excellent: counted(eq(w.reviewState, WorkReviewState.EXCELLENT)),
      })
      .from(w)
      .innerJoin(n, eq(n.id, w.nodeId))
      .where(where)
      .groupBy(n.id, n.name, n.path, n.bookId, n.stage, n.subjectCode)
      .orderBy(asc(n.path))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db.select({ n: sql<number>`count(DISTINCT ${w.nodeId})` }).from(w).where(where),
  ]);
  const num = (v: unknown) => Number(v ?? 0);
  return {
    rows: list.map((r) => ({
      ...r,
      subjectName: subjectName(r.subjectCode),
      works: num(r.works),
      pending: num(r.pending),
      returned: num(r.returned),
      passed: num(r.passed),
      rejected: num(r.rejected),
      excellent: num(r.excellent),
    })),
    total: num(total?.n),
    pageNum,
    pageSize,
  };
}
