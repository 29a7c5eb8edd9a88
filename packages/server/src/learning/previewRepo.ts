/** Writes of `lesson_previews` and the lesson's view count: one view of a lesson's page. */
import { eq, sql } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { lessonPreviews, lessons } from '../db/schema.js';

export class PreviewRepo {
  constructor(private readonly db: Orm) {}

  /** Records the view and returns the lesson's new view count. */
  async record(lessonId: string, userId: string | null, now: number): Promise<number> {
    await this.db.insert(lessonPreviews).values({ lessonId, userId, createdAt: now });
    const [row] = await this.db
      .update(lessons)
      .set({ viewCount: sql`${lessons.viewCount} + 1` })
      .where(eq(lessons.id, lessonId))
      .returning({ viewCount: lessons.viewCount });
    return row?.viewCount ?? 0;
  }
}
