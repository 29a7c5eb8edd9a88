/** What the lesson calls need of the tag list: which of the named tags exist. */
import { inArray } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { lessonTags } from '../db/schema.js';

export async function existingTags(db: Orm, ids: readonly string[]): Promise<Set<string>> {
  const rows = await db.select({ id: lessonTags.id }).from(lessonTags).where(inArray(lessonTags.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}
