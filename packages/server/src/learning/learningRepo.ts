/**
 * Study time per learner, lesson and video, and scores. The player reports honest watch time in
 * batches of at most 300 s; a batch cannot claim more time than has passed since the previous one.
 */
import { sql } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { first, num, numOrNull, paged, rows, str, strOrNull, type Page } from '../db/rows.js';
import type { LessonQueries } from '../lessons/lessonQueries.js';
import type { LessonSummary } from '../lessons/lessonView.js';
import type { LearningState } from '@dscloud/sdk/lessons';

export type { LearningState };

/** Slack for network delay and timer jitter between two reports of the same video. */
export const REPORT_SLACK_SECONDS = 10;


export interface StudyRecord extends LessonSummary, LearningState {
  myScore: number | null;
}

/** What the lesson detail adds for the caller: scores, collected, where they stopped. */
export async function learnerExtras(db: Orm, userId: string | null, lessonId: string) {
  const score = await first(db, sql`SELECT avg(score)::float8 AS avg, count(*) AS n FROM lesson_scores WHERE lesson_id = ${lessonId}`);
  const base = { scoreAvg: Math.round(num(score?.avg) * 10) / 10, scoreCount: num(score?.n) };
  if (!userId) return { ...base, collected: false, myScore: null, myLearning: null };
  const mine = await first(
    db,
    sql`SELECT (SELECT score FROM lesson_scores WHERE user_id = ${userId} AND lesson_id = ${lessonId}) AS score,
               EXISTS (SELECT 1 FROM lesson_collections WHERE user_id = ${userId} AND lesson_id = ${lessonId}) AS collected`,
  );
  return { ...base, collected: Boolean(mine?.collected), myScore: numOrNull(mine?.score), myLearning: await learningState(db, userId, lessonId) };
}

export async function learningState(db: Orm, userId: string, lessonId: string): Promise<LearningState | null> {
  const row = await first(
    db,
    sql`SELECT sum(total_seconds) AS total, max(updated_at) AS last_at,
               (array_agg(resource_id ORDER BY updated_at DESC))[1] AS last_resource,
               (array_agg(last_position ORDER BY updated_at DESC))[1] AS last_position
        FROM lesson_learning WHERE user_id = ${userId} AND lesson_id = ${lessonId}`,
  );
  if (!row || row.last_at === null || row.last_at === undefined) return null;
  return { totalSeconds: num(row.total), lastPosition: num(row.last_position), lastResourceId: strOrNull(row.last_resource), lastLearnTime: numOrNull(row.last_at) };
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
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Orm;
    const previous = await first(
      tx,
      sql`SELECT updated_at FROM lesson_learning WHERE user_id = ${report.userId} AND lesson_id = ${report.lessonId}
          AND resource_id = ${report.resourceId} FOR UPDATE`,
    );
    if (previous) {
      const allowed = Math.floor((now - num(previous.updated_at)) / 1000) + REPORT_SLACK_SECONDS;
      if (report.seconds > allowed) return { ok: false, allowedSeconds: Math.max(0, allowed) };
    } else {
      const learnedBefore = await first(tx, sql`SELECT 1 AS x FROM lesson_learning WHERE user_id = ${report.userId} AND lesson_id = ${report.lessonId} LIMIT 1`);
      // The lesson's learner count counts people, not sessions.
      if (!learnedBefore) await tx.execute(sql`UPDATE lessons SET learning_count = learning_count + 1 WHERE id = ${report.lessonId}`);
    }
    const row = await first(
      tx,
      sql`INSERT INTO lesson_learning (user_id, lesson_id, resource_id, total_seconds, last_position, created_at, updated_at)
          VALUES (${report.userId}, ${report.lessonId}, ${report.resourceId}, ${report.seconds}, ${report.position}, ${now}, ${now})
          ON CONFLICT (user_id, lesson_id, resource_id) DO UPDATE
          SET total_seconds = lesson_learning.total_seconds + EXCLUDED.total_seconds, last_position = EXCLUDED.last_position, updated_at = EXCLUDED.updated_at
          RETURNING total_seconds, last_position`,
    );
    return { ok: true, totalSeconds: num(row?.total_seconds), lastPosition: num(row?.last_position) };
  });
}

export async function studyRecords(
  db: Orm,
  queries: LessonQueries,
  userId: string,
  request: { pageNum?: number; pageSize?: number; liveFlag?: number },
): Promise<Page<StudyRecord>> {
  const kind = request.liveFlag === undefined ? sql`TRUE` : sql`l.live_flag = ${request.liveFlag}`;
  const from = sql`FROM lesson_learning x JOIN lessons l ON l.id = x.lesson_id WHERE x.user_id = ${userId} AND ${kind}`;
  return paged(
    request,
    async (limit, offset) => {
      const list = await rows(
        db,
        sql`SELECT x.lesson_id, sum(x.total_seconds) AS total, max(x.updated_at) AS last_at,
                   (array_agg(x.resource_id ORDER BY x.updated_at DESC))[1] AS last_resource,
                   (array_agg(x.last_position ORDER BY x.updated_at DESC))[1] AS last_position,
                   (SELECT score FROM lesson_scores s WHERE s.user_id = ${userId} AND s.lesson_id = x.lesson_id) AS score
            ${from} GROUP BY x.lesson_id ORDER BY last_at DESC, x.lesson_id LIMIT ${limit} OFFSET ${offset}`,
      );
      const summaries = new Map((await queries.summaries(list.map((r) => str(r.lesson_id)))).map((s) => [s.lessonId, s]));
      return list.flatMap((r) => {
        const summary = summaries.get(str(r.lesson_id));
        if (!summary) return [];
        return [{ ...summary, totalSeconds: num(r.total), lastPosition: num(r.last_position), lastResourceId: strOrNull(r.last_resource), lastLearnTime: numOrNull(r.last_at), myScore: numOrNull(r.score) }];
      });
    },
    async () => num((await first(db, sql`SELECT count(DISTINCT x.lesson_id) AS n ${from}`))?.n),
  );
}

export async function saveScore(db: Orm, userId: string, lessonId: string, score: number, now: number) {
  await db.execute(sql`INSERT INTO lesson_scores (user_id, lesson_id, score, created_at, updated_at) VALUES (${userId}, ${lessonId}, ${score}, ${now}, ${now})
    ON CONFLICT (user_id, lesson_id) DO UPDATE SET score = EXCLUDED.score, updated_at = EXCLUDED.updated_at`);
  const row = await first(db, sql`SELECT avg(score)::float8 AS avg, count(*) AS n FROM lesson_scores WHERE lesson_id = ${lessonId}`);
  return { lessonId, score, scoreAvg: Math.round(num(row?.avg) * 10) / 10, scoreCount: num(row?.n) };
}

export async function learningTotals(db: Orm, userId: string) {
  const row = await first(
    db,
    sql`SELECT count(DISTINCT lesson_id) AS lessons, COALESCE(sum(total_seconds), 0) AS total,
               (SELECT count(*) FROM lesson_notes WHERE user_id = ${userId}) AS notes,
               (SELECT count(*) FROM lesson_collections WHERE user_id = ${userId}) AS collections
        FROM lesson_learning WHERE user_id = ${userId}`,
  );
  return {
    learningCount: num(row?.lessons),
    totalDuration: num(row?.total),
    noteCount: num(row?.notes),
    collectionCount: num(row?.collections),
  };
}

export async function lessonTotals(db: Orm, userId: string, lessonId: string) {
  const row = await first(
    db,
    sql`SELECT (SELECT learning_count FROM lessons WHERE id = ${lessonId}) AS learners,
               COALESCE(sum(total_seconds) FILTER (WHERE user_id = ${userId}), 0) AS mine,
               COALESCE(sum(total_seconds), 0) AS everyone
        FROM lesson_learning WHERE lesson_id = ${lessonId}`,
  );
  return { lessonId, learnerCount: num(row?.learners), totalDuration: num(row?.mine), lessonTotalDuration: num(row?.everyone) };
}
