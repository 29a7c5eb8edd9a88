/**
 * Multi-row INSERT in batches through drizzle: seeding a curriculum or the demo catalogue one row per
 * statement would take minutes on PGlite. A batch stays well under PostgreSQL's 65 535 parameters.
 */
import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Orm } from './database.js';

export interface InsertManyOptions {
  /** Keep rows whose key already exists (seeds run on every start): ON CONFLICT DO NOTHING. */
  skipExisting?: boolean;
  batchSize?: number;
}

export async function insertMany<T extends PgTable>(db: Orm, table: T, rows: readonly T['$inferInsert'][], options: InsertManyOptions = {}): Promise<void> {
  const batchSize = options.batchSize ?? Math.max(1, Math.floor(30_000 / Object.keys(getTableColumns(table)).length));
  for (let start = 0; start < rows.length; start += batchSize) {
    const insert = db.insert(table).values(rows.slice(start, start + batchSize) as T['$inferInsert'][]);
    await (options.skipExisting ? insert.onConflictDoNothing() : insert);
  }
}
