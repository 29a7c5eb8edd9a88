/**
 * The usual `AuditSpec.snapshot`: the named columns of a table's rows by id.
 *
 *   snapshot: snapshotOf(db, lessons.id, { title: lessons.title, publishStatus: lessons.publishStatus })
 */
import { inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Orm } from '../db/database.js';
import type { AuditFields } from './auditSpec.js';

export function snapshotOf(
  db: Orm,
  id: PgColumn,
  fields: Record<string, PgColumn>,
): (ids: readonly string[]) => Promise<ReadonlyMap<string, AuditFields>> {
  return async (ids) => {
    const found = (await db
      .select({ ...fields, __id: id })
      .from(id.table)
      .where(inArray(id, [...ids]))) as Array<AuditFields & { __id: string }>;
    return new Map(found.map(({ __id, ...rest }) => [__id, rest]));
  };
}
