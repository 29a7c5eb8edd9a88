/**
 * Every read and write of a short, ordered, platform-wide list of names: lesson tags and special-topic
 * types share one table shape (id, unique name, sort) and differ only in what uses them.
 */
import { and, asc, count, eq, getTableName, ilike, inArray, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { containsPattern } from '../db/rows.js';
import type { lessonTags } from '../db/schema.js';

/** Both lists have this shape (lesson_tags, special_subject_types). */
export type NamedTable = typeof lessonTags;

/** Where the list's entries are used: `table.column` holds the entry's id. */
export interface Usage {
  table: string;
  column: string;
}

export type NamedRow = { id: string; name: string; sort: number; createdAt: number; updatedAt: number; useCount: number };

export class NamedListRepo {
  private readonly useCount: SQL<number>;

  constructor(
    private readonly db: Orm,
    private readonly t: NamedTable,
    usage: Usage,
  ) {
    // Spelled out: drizzle leaves columns of a single-table select unqualified.
    const own = sql`${sql.identifier(getTableName(t))}.${sql.identifier('id')}`;
    this.useCount = sql<number>`(SELECT count(*) FROM ${sql.identifier(usage.table)} u WHERE u.${sql.identifier(usage.column)} = ${own})`.mapWith(Number);
  }

  private where(keyword: string | undefined): SQL | undefined {
    return keyword ? ilike(this.t.name, containsPattern(keyword)) : undefined;
  }

  private select(where: SQL | undefined) {
    const { id, name, sort, createdAt, updatedAt } = this.t;
    return this.db
      .select({ id, name, sort, createdAt, updatedAt, useCount: this.useCount })
      .from(this.t)
      .where(where)
      .orderBy(asc(this.t.sort), asc(this.t.createdAt), asc(this.t.id));
  }

  /** Every entry in order, or those whose name contains `keyword`. */
  list(keyword?: string): Promise<NamedRow[]> {
    return this.select(this.where(keyword));
  }

  page(keyword: string | undefined, limit: number, offset: number): Promise<NamedRow[]> {
    return this.select(this.where(keyword)).limit(limit).offset(offset);
  }

  async total(keyword?: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(this.t).where(this.where(keyword));
    return Number(row?.n ?? 0);
  }

  /** The entries among `ids`, with how often each is used. */
  byIds(ids: readonly string[]): Promise<NamedRow[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.select(inArray(this.t.id, [...ids]));
  }

  async find(id: string): Promise<NamedRow | undefined> {
    return (await this.byIds([id]))[0];
  }

  async nameTaken(name: string, exceptId?: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: this.t.id })
      .from(this.t)
      .where(and(eq(this.t.name, name), exceptId ? ne(this.t.id, exceptId) : undefined))
      .limit(1);
    return rows.length > 0;
  }

  async insert(row: { id: string; name: string; createdBy: string; now: number }): Promise<void> {
    const [last] = await this.db.select({ n: sql<number>`COALESCE(max(${this.t.sort}), 0) + 1`.mapWith(Number) }).from(this.t);
    await this.db.insert(this.t).values({ id: row.id, name: row.name, sort: last?.n ?? 1, createdBy: row.createdBy, createdAt: row.now, updatedAt: row.now });
  }

  async rename(id: string, name: string, now: number): Promise<void> {
    await this.db.update(this.t).set({ name, updatedAt: now }).where(eq(this.t.id, id));
  }

  /** Puts `ids` first in the given order and every other entry after them, in their present order. */
  async reorder(ids: readonly string[], now: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const rest = await tx
        .select({ id: this.t.id })
        .from(this.t)
        .where(notInArray(this.t.id, [...ids]))
        .orderBy(asc(this.t.sort), asc(this.t.createdAt), asc(this.t.id));
      for (const [i, id] of [...ids, ...rest.map((r) => r.id)].entries()) {
        await tx.update(this.t).set({ sort: i + 1, updatedAt: now }).where(eq(this.t.id, id));
      }
    });
  }

  async delete(ids: readonly string[]): Promise<void> {
    await this.db.delete(this.t).where(inArray(this.t.id, [...ids]));
  }
}
