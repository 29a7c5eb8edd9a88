/**
 * The drizzle schema mirrors the migrations exactly: every table the SQL creates is declared, with
 * the same columns, types, nullability, presence of a default, primary key and unique keys. A column
 * added to a migration but not to `schema/*.ts` (or the other way round) fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { is } from 'drizzle-orm';
import { openDatabase, type Database } from './database.js';
import { migrate } from './migrate.js';
import { schema } from './schema.js';

interface ColumnShape {
  type: string;
  notNull: boolean;
  hasDefault: boolean;
}

type TableShape = { columns: Record<string, ColumnShape>; primaryKey: string[]; uniques: string[][] };

const SQL_TYPES: Record<string, string> = { int2: 'smallint', int4: 'integer', int8: 'bigint', bool: 'boolean', float4: 'real', text: 'text', jsonb: 'jsonb' };

function declared(): Record<string, TableShape> {
  const out: Record<string, TableShape> = {};
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const columns: Record<string, ColumnShape> = {};
    const primaryKey: string[] = [];
    const uniques: string[][] = [];
    for (const column of config.columns as PgColumn[]) {
      const sqlType = column.getSQLType();
      const serial = sqlType === 'bigserial';
      columns[column.name] = { type: serial ? 'bigint' : sqlType, notNull: column.notNull, hasDefault: column.hasDefault || serial };
      if (column.primary) primaryKey.push(column.name);
      if (column.isUnique) uniques.push([column.name]);
    }
    for (const pk of config.primaryKeys) primaryKey.push(...pk.columns.map((c) => c.name));
    for (const u of config.uniqueConstraints) uniques.push(u.columns.map((c) => c.name));
    out[config.name] = { columns, primaryKey: primaryKey.sort(), uniques: uniques.map((u) => [...u].sort()).sort() };
  }
  return out;
}

async function migrated(db: Database): Promise<Record<string, TableShape>> {
  return db.script(async (r) => {
    const columns = await r.query<{ table_name: string; column_name: string; udt_name: string; is_nullable: string; column_default: string | null }>(
      `SELECT table_name, column_name, udt_name, is_nullable, column_default FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name <> 'schema_migrations' ORDER BY table_name, ordinal_position`,
    );
    const keys = await r.query<{ table_name: string; constraint_name: string; constraint_type: string; column_name: string }>(
      `SELECT tc.table_name, tc.constraint_name, tc.constraint_type, k.column_name
       FROM information_schema.table_constraints tc
       JOIN information_schema.key_column_usage k ON k.constraint_name = tc.constraint_name AND k.table_schema = tc.table_schema
       WHERE tc.table_schema = current_schema() AND tc.constraint_type IN ('PRIMARY KEY', 'UNIQUE') AND tc.table_name <> 'schema_migrations'`,
    );
    const out: Record<string, TableShape> = {};
    for (const c of columns) {
      const table = (out[c.table_name] ??= { columns: {}, primaryKey: [], uniques: [] });
      table.columns[c.column_name] = { type: SQL_TYPES[c.udt_name] ?? c.udt_name, notNull: c.is_nullable === 'NO', hasDefault: c.column_default !== null };
    }
    const uniques = new Map<string, { table: string; columns: string[] }>();
    for (const k of keys) {
      if (k.constraint_type === 'PRIMARY KEY') out[k.table_name]!.primaryKey.push(k.column_name);
      else {
        const u = uniques.get(k.constraint_name) ?? { table: k.table_name, columns: [] };
        u.columns.push(k.column_name);
        uniques.set(k.constraint_name, u);
      }
    }
    for (const u of uniques.values()) out[u.table]!.uniques.push([...u.columns].sort());
    for (const t of Object.values(out)) {
      t.primaryKey.sort();
      t.uniques.sort();
    }
    return out;
  });
}

describe('drizzle schema', () => {
  let db: Database;
  let actual: Record<string, TableShape>;
  const expected = declared();

  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL;
    db = await openDatabase(url ? { url, schemaName: `s_${Date.now().toString(36)}` } : {});
    await migrate(db);
    actual = await migrated(db);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('declares every table the migrations create, and no other', () => {
    expect(Object.keys(expected).sort()).toEqual(Object.keys(actual).sort());
    // The parse found the tables (the set equality above is the real check).
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(35);
  });

  it('matches every table column for column', () => {
    for (const [name, table] of Object.entries(actual)) {
      expect({ table: name, ...expected[name] }).toEqual({ table: name, ...table });
    }
  });
});
