/**
 * Reading the answer of a hand-written `sql` query (the few a repository cannot express with drizzle's
 * builder: tuned list queries, correlated counts). Both drivers answer `{ rows }`; node-postgres hands
 * bigint and count(*) back as strings and PGlite as numbers, so mappers read numbers through `num`
 * (absent → 0) or `numOrNull`. Also the paging and condition helpers every repository shares.
 */
import { sql, type SQL } from 'drizzle-orm';
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
export const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
export const str = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
export const strOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/** `a AND b AND …`, or TRUE for no conditions. */
export function allOf(conditions: SQL[]): SQL {
  return conditions.length === 0 ? sql`TRUE` : sql.join(conditions, sql` AND `);
}

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
