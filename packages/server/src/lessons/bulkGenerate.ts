/**
 * Fills the catalogue with `count` generated lessons for load tests (bench/): one INSERT … SELECT over
 * generate_series per batch, spread over every chapter node of the curriculum, so 100 000 lessons take
 * seconds, not minutes. The lessons are plain rows (no videos); ids are `<prefix>0000001`….
 */
import { sql } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { SEED_TEACHERS } from '../../seed/people.js';
import { seedCurriculum } from '../curriculum/curriculumSeed.js';
import { first, num } from '../db/rows.js';

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
  const names = sql.raw(`ARRAY[${SEED_TEACHERS.map((t) => `'${t.name.replace(/'/g, "''")}'`).join(', ')}]`);
  const teachers = SEED_TEACHERS.length;
  const nodes = num((await first(db, sql`SELECT count(*) AS n FROM lesson_nodes WHERE kind = 'chapter'`))?.n);
  if (nodes === 0) throw new Error('the curriculum has no chapter nodes');
  let inserted = 0;
  for (let from = 1; from <= options.count; from += batch) {
    const to = Math.min(options.count, from + batch - 1);
    const result = await db.execute(sql`
      WITH c AS (
        SELECT row_number() OVER (ORDER BY n.id) - 1 AS k, n.id, n.name, n.stage, n.subject_code, b.grade, b.edition_id, b.id AS book_id
        FROM lesson_nodes n JOIN curriculum_books b ON b.id = n.book_id WHERE n.kind = 'chapter'
      ),
      g AS (SELECT i, mod(i::bigint * 2654435761, 4294967296) AS h FROM generate_series(${from}::int, ${to}::int) AS i)
      INSERT INTO lessons (id, title, lesson_type, live_flag, stage, subject_code, grade, edition_id, book_id, chapter_node_id,
        teacher_name, school_name, cover_url, duration_seconds, live_start_at, live_end_at, publish_status, publish_at,
        excellent_flag, download_count, learning_count, view_count, created_at, updated_at)
      SELECT ${prefix} || lpad(g.i::text, 7, '0'), c.name || ' · 第' || (mod(g.h, 3) + 1) || '课时', '新授课',
        CASE WHEN mod(g.i, 3) = 0 THEN 1 ELSE 0 END, c.stage, c.subject_code, c.grade, c.edition_id, c.book_id, c.id,
        (${names})[1 + mod(g.h, ${teachers}::bigint)::int], '东山市实验小学', '', 2400,
        CASE WHEN mod(g.i, 3) = 0 THEN ${now}::bigint + (mod(g.h, 60) - 30) * ${DAY}::bigint ELSE NULL END,
        CASE WHEN mod(g.i, 3) = 0 THEN ${now}::bigint + (mod(g.h, 60) - 30) * ${DAY}::bigint + 2400000 ELSE NULL END,
        CASE WHEN mod(g.i, 9) = 0 THEN 0 ELSE 1 END,
        CASE WHEN mod(g.i, 9) = 0 THEN NULL ELSE ${now}::bigint - mod(g.h, 365) * ${DAY}::bigint END,
        CASE WHEN mod(g.i, 7) = 0 THEN 1 ELSE 0 END, mod(g.h, 997)::int, mod(g.h, 499)::int, mod(g.h, 2999)::int,
        ${now}::bigint - mod(g.h * 7919, 365 * ${DAY}::bigint), ${now}::bigint
      FROM g JOIN c ON c.k = mod(g.h, ${nodes}::bigint)
      ON CONFLICT (id) DO NOTHING`);
    inserted += (result as unknown as { affectedRows?: number; rowCount?: number }).rowCount ?? (result as unknown as { affectedRows?: number }).affectedRows ?? 0;
  }
  // Fresh statistics, so the planner picks the list indexes at once, and a visibility map, so counts
  // can be answered from the index alone.
  await db.execute(sql`VACUUM ANALYZE lessons`);
  return { inserted, ms: Date.now() - started };
}
