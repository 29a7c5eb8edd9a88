/** Pieces of the topic routes that read other tables: the type check and the audit view of a topic's lessons. */
import { eq, inArray } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import type { AuditFields } from '../audit/auditSpec.js';
import { specialSubjectLessons, specialSubjectTypes } from '../db/schema.js';

export async function typeExists(db: Orm, typeId: string): Promise<boolean> {
  const rows = await db.select({ id: specialSubjectTypes.id }).from(specialSubjectTypes).where(eq(specialSubjectTypes.id, typeId)).limit(1);
  return rows.length > 0;
}

/** The audit log compares the topic's lesson ids before and after addLessons / removeLessons. */
export function topicLessonsSnapshot(db: Orm): (ids: readonly string[]) => Promise<ReadonlyMap<string, AuditFields>> {
  return async (ids) => {
    const rows = await db
      .select({ topicId: specialSubjectLessons.specialSubjectId, lessonId: specialSubjectLessons.lessonId })
      .from(specialSubjectLessons)
      .where(inArray(specialSubjectLessons.specialSubjectId, [...ids]));
    const byTopic = new Map<string, AuditFields>(ids.map((id) => [id, { lessonIds: [] as string[] }]));
    for (const r of rows) (byTopic.get(r.topicId)!.lessonIds as string[]).push(r.lessonId);
    for (const fields of byTopic.values()) (fields.lessonIds as string[]).sort();
    return byTopic;
  };
}
