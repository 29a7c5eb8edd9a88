/**
 * Multi-row INSERT in batches: seeding a curriculum or a bench catalogue one row per statement would
 * take minutes on PGlite. Table and column names are constants of this codebase, never user input.
 */
import { sql } from 'drizzle-orm';
import type { Orm } from './database.js';

export async function insertMany(
  db: Orm,
  table: string,
  columns: readonly string[],
  values: readonly (readonly unknown[])[],
  options: { onConflict?: string; batchSize?: number } = {},
): Promise<void> {
  const batchSize = options.batchSize ?? Math.max(1, Math.floor(30_000 / columns.length));
  const head = sql.raw(`INSERT INTO ${table} (${columns.join(', ')}) VALUES `);
  const tail = sql.raw(options.onConflict ? ` ON CONFLICT ${options.onConflict}` : '');
  for (let start = 0; start < values.length; start += batchSize) {
    const batch = values.slice(start, start + batchSize);
    const tuples = batch.map((row) => sql`(${sql.join(row.map((v) => sql`${jsonSafe(v)}`), sql`, `)})`);
    await db.execute(sql`${head}${sql.join(tuples, sql`, `)}${tail}`);
  }
}

/** Arrays and objects go to jsonb columns as JSON text. */
function jsonSafe(value: unknown): unknown {
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
}
