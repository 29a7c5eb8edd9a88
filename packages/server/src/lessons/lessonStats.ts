/** Aggregates over lessons: subject and grade lists, the live schedule by day, live counts, related lessons. */
import { and, asc, count, desc, eq, exists, gt, gte, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Orm } from '../db/database.js';
import { gradeName, stageName, subjectName } from '../curriculum/names.js';
import { paged, type Page } from '../db/rows.js';
import { lessonKnowledgeNodes } from '../db/schema.js';
import { listedLessons } from './lessonFilters.js';
import type { LessonQueries } from './lessonQueries.js';
import type { LessonSummary } from './lessonView.js';

const DAY = 86_400_000;
/** Schedules follow the school day in China (UTC+8, no daylight saving). */
export const CHINA_OFFSET = 8 * 3_600_000;

export const chinaDayStart = (ms: number) => Math.floor((ms + CHINA_OFFSET) / DAY) * DAY - CHINA_OFFSET;
export const chinaDate = (ms: number) => new Date(ms + CHINA_OFFSET).toISOString().slice(0, 10);
/** Epoch ms of 00:00 China time on a `YYYY-MM-DD` day. */
export const chinaDateStart = (date: string) => Date.parse(`${date}T00:00:00Z`) - CHINA_OFFSET;

const l = listedLessons;
const qb = new QueryBuilder();
/** `count(*) FILTER (WHERE …)`: several counts over one scan; drizzle's count() has no FILTER clause. */
const countWhere = (condition: SQL | undefined) => sql<number>`count(*) FILTER (WHERE ${condition})`.mapWith(Number);

export interface ScheduleDay {
  date: string;
  /** 1 Monday … 7 Sunday. */
  weekday: number;
  lessons: LessonSummary[];
}

export class LessonStats {
  constructor(
    private readonly db: Orm,
    private readonly queries: LessonQueries,
  ) {}

  async subjects(where: SQL[]) {
    const list = await this.db
      .select({ stage: l.stage, subjectCode: l.subjectCode, n: count() })
      .from(l)
      .where(and(...where))
      .groupBy(l.stage, l.subjectCode)
      .orderBy(asc(l.stage), asc(l.subjectCode));
    return list.map((r) => ({
      stage: r.stage,
      stageName: stageName(r.stage),
      subjectCode: r.subjectCode,
      subjectName: subjectName(r.subjectCode),
      count: r.n,
    }));
  }

  async grades(where: SQL[]) {
    const list = await this.db
      .select({ stage: l.stage, grade: l.grade, n: count() })
      .from(l)
      .where(and(...where))
      .groupBy(l.stage, l.grade)
      .orderBy(asc(l.stage), asc(l.grade));
    return list.map((r) => ({ stage: r.stage, grade: r.grade, gradeName: gradeName(r.grade), count: r.n }));
  }

  /** Every day from `from` to `to` (China dates), each with its live lessons in start order. */
  async schedule(where: SQL[], startDate: string, endDate: string): Promise<ScheduleDay[]> {
    const from = chinaDateStart(startDate);
    const to = chinaDateStart(endDate) + DAY;
    const ids = await this.db
      .select({ id: l.id })
      .from(l)
      .where(and(...where, eq(l.liveFlag, 1), gte(l.liveStartAt, from), lt(l.liveStartAt, to)))
      .orderBy(asc(l.liveStartAt), asc(l.id))
      .limit(2000);
    const list = await this.queries.summaries(ids.map((r) => r.id));
    const days: ScheduleDay[] = [];
    const byDate = new Map<string, ScheduleDay>();
    for (let t = from; t < to; t += DAY) {
      const date = chinaDate(t);
      const weekday = new Date(t + CHINA_OFFSET).getUTCDay() || 7;
      const day = { date, weekday, lessons: [] };
      days.push(day);
      byDate.set(date, day);
    }
    for (const lesson of list) byDate.get(chinaDate(lesson.liveStartTime ?? 0))?.lessons.push(lesson);
    return days;
  }

  /** Published live lessons starting within `hours`, on air now, and over. */
  async liveCounts(now: number, hours: number, where: SQL[]) {
    const [row] = await this.db
      .select({
        advent: countWhere(and(gt(l.liveStartAt, now), lte(l.liveStartAt, now + hours * 3_600_000))),
        upcoming: countWhere(gt(l.liveStartAt, now)),
        living: countWhere(and(lte(l.liveStartAt, now), gt(l.liveEndAt, now))),
        expired: countWhere(lte(l.liveEndAt, now)),
      })
      .from(l)
      .where(and(...where, eq(l.liveFlag, 1)));
    return { adventCount: row?.advent ?? 0, upcomingCount: row?.upcoming ?? 0, livingCount: row?.living ?? 0, expireCount: row?.expired ?? 0, hours };
  }

  /** Same subject; the same chapter first, then a shared knowledge point, the same book, the same grade. */
  async related(lesson: LessonSummary, request: { pageNum?: number; pageSize?: number }): Promise<Page<LessonSummary>> {
    const where = and(eq(l.publishStatus, 1), eq(l.subjectCode, lesson.subjectCode), ne(l.id, lesson.lessonId));
    const a = alias(lessonKnowledgeNodes, 'a');
    const b = alias(lessonKnowledgeNodes, 'b');
    const sharesKnowledge = exists(
      qb.select({ id: a.nodeId }).from(a).innerJoin(b, eq(a.nodeId, b.nodeId)).where(and(eq(a.lessonId, l.id), eq(b.lessonId, lesson.lessonId))),
    );
    // A lesson without a chapter or book matches none (as `= NULL` never holds).
    const same = (column: typeof l.chapterNodeId | typeof l.bookId, value: string | null) => (value === null ? sql`FALSE` : eq(column, value));
    // A weighted sum of matches, highest first; CASE has no builder form.
    const score = sql`(CASE WHEN ${same(l.chapterNodeId, lesson.chapterNodeId)} THEN 8 ELSE 0 END
      + CASE WHEN ${sharesKnowledge} THEN 4 ELSE 0 END
      + CASE WHEN ${same(l.bookId, lesson.bookId)} THEN 2 ELSE 0 END
      + CASE WHEN ${eq(l.grade, lesson.grade)} THEN 1 ELSE 0 END)`;
    return paged(
      request,
      async (limit, offset) => {
        const ids = await this.db
          .select({ id: l.id })
          .from(l)
          .where(where)
          .orderBy(desc(score), desc(l.createdAt), desc(l.id))
          .limit(limit)
          .offset(offset);
        return this.queries.summaries(ids.map((r) => r.id));
      },
      async () => (await this.db.select({ n: count() }).from(l).where(where))[0]?.n ?? 0,
    );
  }
}
