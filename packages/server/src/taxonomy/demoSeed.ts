/**
 * Demo special-topic types and lesson tags (SEED_DEMO), so a fresh start shows the type filter on
 * 专题课程 and the tag filter on /learn. Idempotent: entries are added only when missing, and the
 * seeded topics and lessons are linked only when their type or tag is added, so a later start never
 * undoes what an administrator changed.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { insertMany } from '../db/insertMany.js';
import { lessonTags, specialSubjectTypes } from '../db/schema.js';
import { DEMO_LESSON_ID_PATTERN } from '../lessons/demoLessonIds.js';

const TYPES = [
  { id: 'sst-01', name: '文化传承', topics: ['ss-01', 'ss-06'] },
  { id: 'sst-02', name: '科学素养', topics: ['ss-02'] },
  { id: 'sst-03', name: '成长教育', topics: ['ss-03', 'ss-04', 'ss-05'] },
] as const;

/** Each tag goes on the seeded lessons the condition picks. */
const TAGS = [
  { id: 'tag-01', name: '名师示范', lessons: sql`l.excellent_flag = 1` },
  { id: 'tag-02', name: '实验探究', lessons: sql`l.subject_code IN (225, 317, 318)` },
  { id: 'tag-03', name: '思维训练', lessons: sql`l.subject_code IN (214, 314, 414) AND l.grade IN (3, 5, 8)` },
] as const;

const inserted = async (db: Orm, table: typeof specialSubjectTypes | typeof lessonTags, rows: readonly { id: string; name: string }[], now: number): Promise<Set<string>> => {
  const present = await db.select({ id: table.id }).from(table).where(inArray(table.id, rows.map((r) => r.id)));
  const had = new Set(present.map((r) => r.id));
  const fresh = rows.filter((r) => !had.has(r.id));
  await insertMany(db, table, fresh.map((r) => ({ id: r.id, name: r.name, sort: rows.indexOf(r) + 1, createdAt: now, updatedAt: now })), { skipExisting: true });
  return new Set(fresh.map((r) => r.id));
};

export async function seedTaxonomy(db: Orm, now: number): Promise<void> {
  const newTypes = await inserted(db, specialSubjectTypes, TYPES, now);
  for (const type of TYPES.filter((t) => newTypes.has(t.id))) {
    await db.execute(sql`UPDATE special_subjects SET type_id = ${type.id} WHERE type_id IS NULL AND id IN (${sql.join(type.topics.map((id) => sql`${id}`), sql`, `)})`);
  }
  const newTags = await inserted(db, lessonTags, TAGS, now);
  for (const tag of TAGS.filter((t) => newTags.has(t.id))) {
    await db.execute(sql`INSERT INTO lesson_tag_links (lesson_id, tag_id) SELECT l.id, ${tag.id} FROM lessons l
                          WHERE l.id ~ ${DEMO_LESSON_ID_PATTERN} AND ${tag.lessons} ON CONFLICT DO NOTHING`);
  }
}
