/**
 * Fills the catalogue with `count` generated lessons for load tests (bench/): one INSERT … SELECT over
 * generate_series per batch, spread over every chapter node of the curriculum, so 100 000 lessons take
 * seconds, not minutes. The lessons are plain rows (no videos); ids are `<prefix>0000001`….
 *
 * Written with drizzle's builder (the CTEs, the join, every column of `lessons` by name and in order);
 * each value is arithmetic over the series number (mod, CASE, ||), which the builder has no words
 * for, so those are typed `sql` expressions.
 */
import { count, eq, sql } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { curriculumBooks, lessonNodes, lessons } from '../db/schema.js';
import { SEED_TEACHERS } from '../../seed/people.js';
import { seedCurriculum } from '../curriculum/curriculumSeed.js';

export interface BulkOptions {
  count: number;
  /** Reference time; lessons are created over the year before it. */
  now?: number;
  /** Id prefix, so several runs can coexist. */
  prefix?: string;
  batchSize?: number;
}

const DAY = 86_400_000;

export async function bulkGenerateLessons(db: Orm, options: BulkOptions): Promise<{ inserted: number; ms: number }> {
  const started = Date.now();
  const now = options.now ?? Date.now();
  const prefix = options.prefix ?? 'bk';
  const batch = options.batchSize ?? 20_000;
  await seedCurriculum(db);
  const names = sql`ARRAY[${sql.join(SEED_TEACHERS.map((t) => sql`${t.name}`), sql`, `)}]::text[]`;
  const teachers = SEED_TEACHERS.length;
  const n = lessonNodes;
  const b = curriculumBooks;
  const [{ nodes } = { nodes: 0 }] = await db.select({ nodes: count() }).from(n).where(eq(n.kind, 'chapter'));
  if (nodes === 0) throw new Error('the curriculum has no chapter nodes');
  // Chapter nodes numbered 0…nodes-1, with their book's grade and edition.
  const c = db.$with('c').as(
    db
      .select({
        k: sql<number>`row_number() OVER (ORDER BY ${n.id}) - 1`.as('k'),
        id: n.id,
        name: n.name,
        stage: n.stage,
        subjectCode: n.subjectCode,
        grade: b.grade,
        editionId: b.editionId,
        bookId: sql<string>`${b.id}`.as('book_id'),
      })
      .from(n)
      .innerJoin(b, eq(b.id, n.bookId))
      .where(eq(n.kind, 'chapter')),
  );
  let inserted = 0;
  for (let from = 1; from <= options.count; from += batch) {
    const to = Math.min(options.count, from + batch - 1);
    // The series numbers of this batch, each with a well-mixed hash that picks its values.
    const g = db.$with('g').as(
      db
        .select({ i: sql<number>`i`.as('i'), h: sql<number>`mod(i::bigint * 2654435761, 4294967296)`.as('h') })
        .from(sql`generate_series(${from}::int, ${to}::int) AS i`),
    );
    const live = sql`mod(${g.i}, 3) = 0`;
    const draft = sql`mod(${g.i}, 9) = 0`;
    const liveStart = sql`${now}::bigint + (mod(${g.h}, 60) - 30) * ${DAY}::bigint`;
    const result = await db
      .with(c, g)
      .insert(lessons)
      .select(
        db
          .select({
            id: sql<string>`${prefix} || lpad(${g.i}::text, 7, '0')`.as('id'),
            title: sql<string>`${c.name} || ' · 第' || (mod(${g.h}, 3) + 1) || '课时'`.as('title'),
            lessonType: sql<string>`'新授课'`.as('lessonType'),
            description: sql<string>`''`.as('description'),
            liveFlag: sql<number>`CASE WHEN ${live} THEN 1 ELSE 0 END`.as('liveFlag'),
            stage: c.stage,
            subjectCode: c.subjectCode,
            grade: c.grade,
            editionId: c.editionId,
            bookId: c.bookId,
            chapterNodeId: c.id,
            teacherUserId: sql<string | null>`NULL`.as('teacherUserId'),
            teacherInfoId: sql<string | null>`NULL`.as('teacherInfoId'),
            teacherName: sql<string>`(${names})[1 + mod(${g.h}, ${teachers}::bigint)::int]`.as('teacherName'),
            schoolId: sql<string>`''`.as('schoolId'),
            schoolName: sql<string>`'东山市实验小学'`.as('schoolName'),
            coverUrl: sql<string>`''`.as('coverUrl'),
            coverFileId: sql<string | null>`NULL`.as('coverFileId'),
            durationSeconds: sql<number>`2400`.as('durationSeconds'),
            liveStartAt: sql<number | null>`CASE WHEN ${live} THEN ${liveStart} ELSE NULL END`.as('liveStartAt'),
            liveEndAt: sql<number | null>`CASE WHEN ${live} THEN ${liveStart} + 2400000 ELSE NULL END`.as('liveEndAt'),
            publishStatus: sql<number>`CASE WHEN ${draft} THEN 0 ELSE 1 END`.as('publishStatus'),
            publishAt: sql<number | null>`CASE WHEN ${draft} THEN NULL ELSE ${now}::bigint - mod(${g.h}, 365) * ${DAY}::bigint END`.as('publishAt'),
            excellentFlag: sql<number>`CASE WHEN mod(${g.i}, 7) = 0 THEN 1 ELSE 0 END`.as('excellentFlag'),
            downloadCount: sql<number>`mod(${g.h}, 997)::int`.as('downloadCount'),
            learningCount: sql<number>`mod(${g.h}, 499)::int`.as('learningCount'),
            viewCount: sql<number>`mod(${g.h}, 2999)::int`.as('viewCount'),
            createdBy: sql<string | null>`NULL`.as('createdBy'),
            createdAt: sql<number>`${now}::bigint - mod(${g.h} * 7919, 365 * ${DAY}::bigint)`.as('createdAt'),
            updatedAt: sql<number>`${now}::bigint`.as('updatedAt'),
          })
          .from(g)
          .innerJoin(c, eq(c.k, sql`mod(${g.h}, ${nodes}::bigint)`)),
      )
      .onConflictDoNothing({ target: lessons.id });
    inserted += (result as unknown as { affectedRows?: number; rowCount?: number }).rowCount ?? (result as unknown as { affectedRows?: number }).affectedRows ?? 0;
  }
  // Fresh statistics, so the planner picks the list indexes at once, and a visibility map, so counts
  // can be answered from the index alone (maintenance has no builder form).
  await db.execute(sql`VACUUM ANALYZE ${lessons}`);
  return { inserted, ms: Date.now() - started };
}
