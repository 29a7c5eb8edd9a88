/**
 * Study time per learner, lesson and video, and scores. The player reports honest watch time in
 * batches of at most 300 s; a batch cannot claim more time than has passed since the previous one.
 */
import { and, asc, avg, count, countDistinct, desc, eq, max, sql, sum, type AnyColumn } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Orm } from '../db/database.js';
import { paged, type Page } from '../db/rows.js';
import { lessonCollections, lessonLearning, lessonNotes, lessons, lessonScores } from '../db/schema.js';
import type { LessonQueries } from '../lessons/lessonQueries.js';
import type { LessonSummary } from '../lessons/lessonView.js';
import type { LearningState } from '@dscloud/sdk/lessons';

export type { LearningState };

/** Slack for network delay and timer jitter between two reports of the same video. */
export const REPORT_SLACK_SECONDS = 10;

const x = lessonLearning;
const sc = lessonScores;
const qb = new QueryBuilder();

/**
 * The value of `column` in the most recently updated row of the group. An ordered aggregate
 * (`array_agg(… ORDER BY …)`) has no builder form; it keeps "where they stopped" in the same scan.
 */
const latest = <T>(column: AnyColumn) => sql<T | null>`(array_agg(${column} ORDER BY ${x.updatedAt} DESC))[1]`;
/** sum() of an integer column, as a number (drizzle's sum() answers the driver's bigint text). */
const total = (column: AnyColumn) => sum(column).mapWith(Number);

export interface StudyRecord extends LessonSummary, LearningState {
  myScore: number | null;
}

/** Average (one decimal) and number of the lesson's scores. */
async function scoreSummary(db: Orm, lessonId: string) {
  const [row] = await db.select({ avg: avg(sc.score).mapWith(Number), n: count() }).from(sc).where(eq(sc.lessonId, lessonId));
  return { scoreAvg: Math.round((row?.avg ?? 0) * 10) / 10, scoreCount: row?.n ?? 0 };
}

/** What the lesson detail adds for the caller: scores, collected, where they stopped. */
export async function learnerExtras(db: Orm, userId: string | null, lessonId: string) {
  const base = await scoreSummary(db, lessonId);
  if (!userId) return { ...base, collected: false, myScore: null, myLearning: null };
  const c = lessonCollections;
  const [mine] = await db.select({ score: sc.score }).from(sc).where(and(eq(sc.userId, userId), eq(sc.lessonId, lessonId)));
  const collected = await db.select({ id: c.lessonId }).from(c).where(and(eq(c.userId, userId), eq(c.lessonId, lessonId))).limit(1);
  return { ...base, collected: collected.length > 0, myScore: mine?.score ?? null, myLearning: await learningState(db, userId, lessonId) };
}

export async function learningState(db: Orm, userId: string, lessonId: string): Promise<LearningState | null> {
  const [row] = await db
    .select({
      total: total(x.totalSeconds),
      lastAt: max(x.updatedAt),
      lastResource: latest<string>(x.resourceId),
      lastPosition: latest<number>(x.lastPosition).mapWith(Number),
    })
    .from(x)
    .where(and(eq(x.userId, userId), eq(x.lessonId, lessonId)));
  if (!row || row.lastAt === null) return null;
  return { totalSeconds: row.total ?? 0, lastPosition: row.lastPosition ?? 0, lastResourceId: row.lastResource, lastLearnTime: row.lastAt };
}

export interface DurationReport {
  userId: string;
  lessonId: string;
  resourceId: string;
  seconds: number;
  position: number;
}

export type ReportOutcome = { ok: true; totalSeconds: number; lastPosition: number } | { ok: false; allowedSeconds: number };

export async function addDuration(db: Orm, report: DurationReport, now: number): Promise<ReportOutcome> {
  return db.transaction(async (tx) => {
    const mine = and(eq(x.userId, report.userId), eq(x.lessonId, report.lessonId));
    const [previous] = await tx
      .select({ updatedAt: x.updatedAt })
      .from(x)
      .where(and(mine, eq(x.resourceId, report.resourceId)))
      .for('update');
    if (previous) {
      const allowed = Math.floor((now - previous.updatedAt) / 1000) + REPORT_SLACK_SECONDS;
      if (report.seconds > allowed) return { ok: false, allowedSeconds: Math.max(0, allowed) };
    } else {
      const learnedBefore = await tx.select({ id: x.resourceId }).from(x).where(mine).limit(1);
      // The lesson's learner count counts people, not sessions.
      if (learnedBefore.length === 0) {
        await tx.update(lessons).set({ learningCount: sql`${lessons.learningCount} + 1` }).where(eq(lessons.id, report.lessonId));
      }
    }
    const [row] = await tx
      .insert(x)
      .values({ userId: report.userId, lessonId: report.lessonId, resourceId: report.resourceId, totalSeconds: report.seconds, lastPosition: report.position, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [x.userId, x.lessonId, x.resourceId],
        set: { totalSeconds: sql`${x.totalSeconds} + ${report.seconds}`, lastPosition: report.position, updatedAt: now },
      })
      .returning({ totalSeconds: x.totalSeconds, lastPosition: x.lastPosition });
    return { ok: true, totalSeconds: row?.totalSeconds ?? 0, lastPosition: row?.lastPosition ?? 0 };
  });
}

export async function studyRecords(
  db: Orm,
  queries: LessonQueries,
  userId: string,
  request: { pageNum?: number; pageSize?: number; liveFlag?: number },
): Promise<Page<StudyRecord>> {
  const where = and(eq(x.userId, userId), request.liveFlag === undefined ? undefined : eq(lessons.liveFlag, request.liveFlag));
  const lastAt = max(x.updatedAt);
  const myScore = qb.select({ score: sc.score }).from(sc).where(and(eq(sc.userId, userId), eq(sc.lessonId, x.lessonId)));
  return paged(
    request,
    async (limit, offset) => {
      const list = await db
        .select({
          lessonId: x.lessonId,
          total: total(x.totalSeconds),
          lastAt,
          lastResource: latest<string>(x.resourceId),
          lastPosition: latest<number>(x.lastPosition).mapWith(Number),
          score: sql<number | null>`(${myScore})`.mapWith(Number),
        })
        .from(x)
        .innerJoin(lessons, eq(lessons.id, x.lessonId))
        .where(where)
        .groupBy(x.lessonId)
        .orderBy(desc(lastAt), asc(x.lessonId))
        .limit(limit)
        .offset(offset);
      const summaries = new Map((await queries.summaries(list.map((r) => r.lessonId))).map((s) => [s.lessonId, s]));
      return list.flatMap((r) => {
        const summary = summaries.get(r.lessonId);
        if (!summary) return [];
        return [{ ...summary, totalSeconds: r.total ?? 0, lastPosition: r.lastPosition ?? 0, lastResourceId: r.lastResource, lastLearnTime: r.lastAt, myScore: r.score }];
      });
    },
    async () => (await db.select({ n: countDistinct(x.lessonId) }).from(x).innerJoin(lessons, eq(lessons.id, x.lessonId)).where(where))[0]?.n ?? 0,
  );
}

export async function saveScore(db: Orm, userId: string, lessonId: string, score: number, now: number) {
  await db
    .insert(sc)
    .values({ userId, lessonId, score, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [sc.userId, sc.lessonId], set: { score, updatedAt: now } });
  return { lessonId, score, ...(await scoreSummary(db, lessonId)) };
}

export async function learningTotals(db: Orm, userId: string) {
  const [mine] = await db.select({ lessons: countDistinct(x.lessonId), total: total(x.totalSeconds) }).from(x).where(eq(x.userId, userId));
  const [notes] = await db.select({ n: count() }).from(lessonNotes).where(eq(lessonNotes.userId, userId));
  const [collections] = await db.select({ n: count() }).from(lessonCollections).where(eq(lessonCollections.userId, userId));
  return {
    learningCount: mine?.lessons ?? 0,
    totalDuration: mine?.total ?? 0,
    noteCount: notes?.n ?? 0,
    collectionCount: collections?.n ?? 0,
  };
}

export async function lessonTotals(db: Orm, userId: string, lessonId: string) {
  const [lesson] = await db.select({ learners: lessons.learningCount }).from(lessons).where(eq(lessons.id, lessonId));
  const [everyone] = await db.select({ seconds: total(x.totalSeconds) }).from(x).where(eq(x.lessonId, lessonId));
  const [mine] = await db.select({ seconds: total(x.totalSeconds) }).from(x).where(and(eq(x.lessonId, lessonId), eq(x.userId, userId)));
  return { lessonId, learnerCount: lesson?.learners ?? 0, totalDuration: mine?.seconds ?? 0, lessonTotalDuration: everyone?.seconds ?? 0 };
}
