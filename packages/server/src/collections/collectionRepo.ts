/** Every read and write of `lesson_collections`: lessons a user keeps for later. */
import { and, asc, count, desc, eq, or } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { pageOf, type Page, type PageRequest } from '../db/rows.js';
import { lessonCollections, lessons } from '../db/schema.js';

const c = lessonCollections;

export class CollectionRepo {
  constructor(private readonly db: Orm) {}

  async add(userId: string, lessonId: string, now: number): Promise<void> {
    await this.db.insert(c).values({ userId, lessonId, createdAt: now }).onConflictDoNothing();
  }

  async remove(userId: string, lessonId: string): Promise<void> {
    await this.db.delete(c).where(and(eq(c.userId, userId), eq(c.lessonId, lessonId)));
  }

  async has(userId: string, lessonId: string): Promise<boolean> {
    const rows = await this.db.select({ lessonId: c.lessonId }).from(c).where(and(eq(c.userId, userId), eq(c.lessonId, lessonId)));
    return rows.length > 0;
  }

  /**
   * The user's collected lessons, newest first. A lesson unpublished since stays out of sight unless
   * it is the user's own.
   */
  async page(userId: string, liveFlag: number | undefined, request: PageRequest): Promise<Page<{ lessonId: string; createdAt: number }>> {
    const { pageNum, pageSize, offset } = pageOf(request);
    const condition = and(
      eq(c.userId, userId),
      or(eq(lessons.publishStatus, 1), eq(lessons.createdBy, userId), eq(lessons.teacherUserId, userId)),
      liveFlag === undefined ? undefined : eq(lessons.liveFlag, liveFlag),
    );
    const from = () => this.db.select({ lessonId: c.lessonId, createdAt: c.createdAt }).from(c).innerJoin(lessons, eq(lessons.id, c.lessonId));
    const [rows, [total]] = await Promise.all([
      from().where(condition).orderBy(desc(c.createdAt), asc(c.lessonId)).limit(pageSize).offset(offset),
      this.db.select({ n: count() }).from(c).innerJoin(lessons, eq(lessons.id, c.lessonId)).where(condition),
    ]);
    return { rows, total: total?.n ?? 0, pageNum, pageSize };
  }
}
