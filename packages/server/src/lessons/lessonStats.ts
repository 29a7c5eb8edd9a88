/** Aggregates over lessons: subject and grade lists, the live schedule by day, live counts, related lessons. */
import { sql, type SQL } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { gradeName, stageName, subjectName } from '../curriculum/names.js';
import { allOf, first, num, paged, rows, type Page } from '../db/rows.js';
import type { LessonQueries } from './lessonQueries.js';
import type { LessonSummary } from './lessonView.js';

const DAY = 86_400_000;
/** Schedules follow the school day in China (UTC+8, no daylight saving). */
export const CHINA_OFFSET = 8 * 3_600_000;

export const chinaDayStart = (ms: number) => Math.floor((ms + CHINA_OFFSET) / DAY) * DAY - CHINA_OFFSET;
export const chinaDate = (ms: number) => new Date(ms + CHINA_OFFSET).toISOString().slice(0, 10);
/** Epoch ms of 00:00 China time on a `YYYY-MM-DD` day. */
export const chinaDateStart = (date: string) => Date.parse(`${date}T00:00:00Z`) - CHINA_OFFSET;

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
    const list = await rows(
      this.db,
      sql`SELECT l.stage, l.subject_code, count(*) AS n FROM lessons l WHERE ${allOf(where)} GROUP BY l.stage, l.subject_code ORDER BY l.stage, l.subject_code`,
    );
    return list.map((r) => ({
      stage: num(r.stage),
      stageName: stageName(num(r.stage)),
      subjectCode: num(r.subject_code),
      subjectName: subjectName(num(r.subject_code)),
      count: num(r.n),
    }));
  }

  async grades(where: SQL[]) {
    const list = await rows(
      this.db,
      sql`SELECT l.stage, l.grade, count(*) AS n FROM lessons l WHERE ${allOf(where)} GROUP BY l.stage, l.grade ORDER BY l.stage, l.grade`,
    );
    return list.map((r) => ({ stage: num(r.stage), grade: num(r.grade), gradeName: gradeName(num(r.grade)), count: num(r.n) }));
  }

  /** Every day from `from` to `to` (China dates), each with its live lessons in start order. */
  async schedule(where: SQL[], startDate: string, endDate: string): Promise<ScheduleDay[]> {
    const from = chinaDateStart(startDate);
    const to = chinaDateStart(endDate) + DAY;
    const ids = await rows<{ id: string }>(
      this.db,
      sql`SELECT l.id FROM lessons l WHERE ${allOf(where)} AND l.live_flag = 1 AND l.live_start_at >= ${from} AND l.live_start_at < ${to}
          ORDER BY l.live_start_at, l.id LIMIT 2000`,
    );
    const lessons = await this.queries.summaries(ids.map((r) => r.id));
    const days: ScheduleDay[] = [];
    const byDate = new Map<string, ScheduleDay>();
    for (let t = from; t < to; t += DAY) {
      const date = chinaDate(t);
      const weekday = new Date(t + CHINA_OFFSET).getUTCDay() || 7;
      const day = { date, weekday, lessons: [] };
      days.push(day);
      byDate.set(date, day);
    }
    for (const lesson of lessons) byDate.get(chinaDate(lesson.liveStartTime ?? 0))?.lessons.push(lesson);
    return days;
  }

  /** Published live lessons starting within `hours`, on air now, and over. */
  async liveCounts(now: number, hours: number, where: SQL[]) {
    const row = await first(
      this.db,
      sql`SELECT
            count(*) FILTER (WHERE l.live_start_at > ${now} AND l.live_start_at <= ${now + hours * 3_600_000}) AS advent,
            count(*) FILTER (WHERE l.live_start_at > ${now}) AS upcoming,
            count(*) FILTER (WHERE l.live_start_at <= ${now} AND l.live_end_at > ${now}) AS living,
            count(*) FILTER (WHERE l.live_end_at <= ${now}) AS expired
          FROM lessons l WHERE ${allOf(where)} AND l.live_flag = 1`,
    );
    return { adventCount: num(row?.advent), upcomingCount: num(row?.upcoming), livingCount: num(row?.living), expireCount: num(row?.expired), hours };
  }

  /** Same subject; the same chapter first, then a shared knowledge point, the same book, the same grade. */
  async related(lesson: LessonSummary, request: { pageNum?: number; pageSize?: number }): Promise<Page<LessonSummary>> {
    const where = sql`l.publish_status = 1 AND l.subject_code = ${lesson.subjectCode} AND l.id <> ${lesson.lessonId}`;
    const score = sql`(CASE WHEN l.chapter_node_id = ${lesson.chapterNodeId} THEN 8 ELSE 0 END
      + CASE WHEN EXISTS (SELECT 1 FROM lesson_knowledge_nodes a JOIN lesson_knowledge_nodes b ON a.node_id = b.node_id
                          WHERE a.lesson_id = l.id AND b.lesson_id = ${lesson.lessonId}) THEN 4 ELSE 0 END
      + CASE WHEN l.book_id = ${lesson.bookId} THEN 2 ELSE 0 END
      + CASE WHEN l.grade = ${lesson.grade} THEN 1 ELSE 0 END)`;
    return paged(
      request,
      async (limit, offset) => {
        const ids = await rows<{ id: string }>(
          this.db,
          sql`SELECT l.id FROM lessons l WHERE ${where} ORDER BY ${score} DESC, l.created_at DESC, l.id DESC LIMIT ${limit} OFFSET ${offset}`,
        );
        return this.queries.summaries(ids.map((r) => r.id));
      },
      async () => num((await first(this.db, sql`SELECT count(*) AS n FROM lessons l WHERE ${where}`))?.n),
    );
  }
}
