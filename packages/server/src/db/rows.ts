/**
 * The paging and LIKE helpers every repository shares, and reading the answer of the rare statement
 * drizzle's builder cannot say at all (e.g. `nextval` of a sequence): both drivers answer `{ rows }`;
 * node-postgres hands bigint and count(*) back as strings and PGlite as numbers, so read numbers
 * through `num` (absent → 0). Builder queries need none of this: their columns carry their types.
 */
import type { SQL } from 'drizzle-orm';
import type { Orm } from './database.js';

export type Row = Record<string, unknown>;

export async function rows<T = Row>(db: Orm, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function first<T = Row>(db: Orm, query: SQL): Promise<T | undefined> {
  return (await rows<T>(db, query))[0];
}

export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/** A LIKE pattern matching `text` anywhere, with the user's % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface PageRequest {
  pageNum?: number;
  pageSize?: number;
}

export interface Page<T> {
  rows: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export function pageOf(request: PageRequest): { pageNum: number; pageSize: number; offset: number } {
  const pageNum = request.pageNum ?? 1;
  const pageSize = request.pageSize ?? 10;
  return { pageNum, pageSize, offset: (pageNum - 1) * pageSize };
}

/** Rows of one page plus the total; both queries run at once (a pool answers them in parallel). */
export async function paged<T>(
  request: PageRequest,
  fetchRows: (limit: number, offset: number) => Promise<T[]>,
  fetchTotal: () => Promise<number>,
): Promise<Page<T>> {
  const { pageNum, pageSize, offset } = pageOf(request);
  const [list, total] = await Promise.all([fetchRows(pageSize, offset), fetchTotal()]);
  return { rows: list, total, pageNum, pageSize };
}
