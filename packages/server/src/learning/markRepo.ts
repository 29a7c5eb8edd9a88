/** Every read and write of `lesson_resource_marks`: the key points on a video's time line. */
import { asc, eq } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { newId } from '../db/ids.js';
import { lessonResourceMarks } from '../db/schema.js';

const m = lessonResourceMarks;
export type MarkRow = typeof lessonResourceMarks.$inferSelect;

export class MarkRepo {
  constructor(private readonly db: Orm) {}

  /** A video's marks in time order. */
  ofResource(resourceId: string): Promise<MarkRow[]> {
    return this.db.select().from(m).where(eq(m.resourceId, resourceId)).orderBy(asc(m.markTime), asc(m.id));
  }

  /** Replaces a video's marks as a whole, in one transaction. */
  async replace(resourceId: string, marks: { markTime: number; title: string; content: string }[], createdBy: string, now: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(m).where(eq(m.resourceId, resourceId));
      if (marks.length === 0) return;
      await tx.insert(m).values(marks.map((mark) => ({ id: newId('mk'), resourceId, ...mark, createdBy, createdAt: now })));
    });
  }
}
