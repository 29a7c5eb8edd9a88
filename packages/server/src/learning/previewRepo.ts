/** Writes of `lesson_previews` and the lesson's view count: one view of a lesson's page per viewer and period. */
import { eq, sql } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { lessonPreviews, lessons } from '../db/schema.js';

export class PreviewRepo {
  constructor(private readonly db: Orm) {}

  /** Records the view unless this viewer was already counted in this period; returns the view count. */
  async record(lessonId: string, userId: string | null, viewer: string, period: number, now: number): Promise<number> {
    const counted = await this.db
      .insert(lessonPreviews)
      .values({ lessonId, userId, viewer, period, createdAt: now })
      .onConflictDoNothing({ target: [lessonPreviews.lessonId, lessonPreviews.viewer, lessonPreviews.period] })
      .returning({ id: lessonPreviews.id });
    const [row] =
      counted.length > 0
        ? await this.db
            .update(lessons)
            .set({ viewCount: sql`${lessons.viewCount} + 1` })
            .where(eq(lessons.id, lessonId))
            .returning({ viewCount: lessons.viewCount })
        : await this.db.select({ viewCount: lessons.viewCount }).from(lessons).where(eq(lessons.id, lessonId));
    return row?.viewCount ?? 0;
  }
}
