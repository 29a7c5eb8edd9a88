/**
 * Deleting a tool document gives its file back only when nothing else names it
 * (`fileInfoReferenced`, files/fileRelease.ts). That check reads a list of columns; a table added
 * later that names files (an id or a download URL) but is missing from the list would let a delete
 * remove a file still in use. This test lists every column of the schema whose name says it holds a
 * file id or a URL and fails on one the list does not account for.
 */
import { describe, expect, it } from 'vitest';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is } from 'drizzle-orm';
import { schema } from '../db/schema.js';
import { FILE_REFERENCES } from './fileRelease.js';

/** The file service's own tables: the files themselves, not things that name them. */
const FILE_SERVICE_TABLES = new Set(['file_contents', 'file_infos', 'file_challenges', 'uploads', 'upload_chunks', 'upload_parts', 'chunk_claims']);
const LOOKS_LIKE_A_FILE = /(^|_)file(_info)?_ids?$|(^|_)url$/;

function columns(): Array<{ table: string; column: string }> {
  const out: Array<{ table: string; column: string }> = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    for (const column of config.columns) out.push({ table: config.name, column: column.name });
  }
  return out;
}

describe('the columns that may name a stored file', () => {
  const all = columns();
  const known = new Set(all.map((c) => `${c.table}.${c.column}`));

  it('are all checked before a file is given back', () => {
    const listed = new Set(FILE_REFERENCES.map((r) => `${r.table}.${r.column}`));
    const missing = all
      .filter((c) => !FILE_SERVICE_TABLES.has(c.table) && LOOKS_LIKE_A_FILE.test(c.column))
      .map((c) => `${c.table}.${c.column}`)
      .filter((name) => !listed.has(name));
    expect(missing, 'add them to FILE_REFERENCES in files/fileRelease.ts').toEqual([]);
  });

  it('name columns that exist', () => {
    const listed = FILE_REFERENCES.map((r) => `${r.table}.${r.column}`);
    expect(listed.filter((name) => !known.has(name))).toEqual([]);
    expect([...FILE_SERVICE_TABLES].filter((t) => all.some((c) => c.table === t)).length).toBeGreaterThanOrEqual(3);
  });
});
