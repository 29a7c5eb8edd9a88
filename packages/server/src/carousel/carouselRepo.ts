/** Every read and write of `carousel_images`: the home banner's slides. */
import { and, asc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { pageOf, type Page, type PageRequest } from '../db/rows.js';
import { carouselImages, type SlideVisibility } from '../db/schema.js';

export type SlideRow = typeof carouselImages.$inferSelect;
export type NewSlide = typeof carouselImages.$inferInsert;
export type SlideChanges = Partial<Omit<NewSlide, 'id' | 'createdBy' | 'createdAt'>>;

/** Who is asking decides which visibilities they see (null = every slide). */
export type Audience = readonly SlideVisibility[] | null;

export interface SlideQuery {
  audience: Audience;
  groupId?: string;
  /** Disabled slides too (the back-office). */
  includeDisabled?: boolean;
}

const c = carouselImages;

function where(query: SlideQuery): SQL | undefined {
  return and(
    query.audience ? inArray(c.visibility, [...query.audience]) : undefined,
    query.groupId ? eq(c.groupId, query.groupId) : undefined,
    query.includeDisabled ? undefined : eq(c.enabled, 1),
  );
}

export class CarouselRepo {
  constructor(private readonly db: Orm) {}

  async page(query: SlideQuery, request: PageRequest): Promise<Page<SlideRow>> {
    const { pageNum, pageSize, offset } = pageOf(request);
    const condition = where(query);
    const [rows, total] = await Promise.all([
      this.db.select().from(c).where(condition).orderBy(asc(c.groupId), asc(c.sort), asc(c.id)).limit(pageSize).offset(offset),
      this.db.$count(c, condition),
    ]);
    return { rows, total, pageNum, pageSize };
  }

  /** The enabled slides of one group the audience may see, in order. */
  group(groupId: string, audience: Audience): Promise<SlideRow[]> {
    return this.db.select().from(c).where(where({ audience, groupId })).orderBy(asc(c.sort), asc(c.id));
  }

  async find(id: string, query: Omit<SlideQuery, 'groupId'> = { audience: null, includeDisabled: true }): Promise<SlideRow | undefined> {
    const [row] = await this.db.select().from(c).where(and(eq(c.id, id), where(query)));
    return row;
  }

  /** The ids among `ids` that exist. */
  async existing(ids: string[]): Promise<Set<string>> {
    const rows = await this.db.select({ id: c.id }).from(c).where(inArray(c.id, ids));
    return new Set(rows.map((r) => r.id));
  }

  /** The sort number after the last slide of a group. */
  async nextSort(groupId: string): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`COALESCE(max(${c.sort}), 0) + 1`.mapWith(Number) }).from(c).where(eq(c.groupId, groupId));
    return row?.n ?? 1;
  }

  async insert(slide: NewSlide): Promise<void> {
    await this.db.insert(c).values(slide);
  }

  async update(id: string, changes: SlideChanges): Promise<void> {
    await this.db.update(c).set(changes).where(eq(c.id, id));
  }

  /** Puts `ids` first in the given order and the rest of their group after them, in their present order. */
  async reorder(ids: string[], now: number): Promise<void> {
    const [head] = await this.db.select({ groupId: c.groupId }).from(c).where(eq(c.id, ids[0]!));
    const rest = await this.db
      .select({ id: c.id })
      .from(c)
      .where(and(eq(c.groupId, head?.groupId ?? ''), notInArray(c.id, ids)))
      .orderBy(asc(c.sort), asc(c.id));
    await this.db.transaction(async (tx) => {
      for (const [i, id] of [...ids, ...rest.map((r) => r.id)].entries()) await tx.update(c).set({ sort: i + 1, updatedAt: now }).where(eq(c.id, id));
    });
  }

  async setEnabled(ids: string[], enabled: 0 | 1, now: number): Promise<void> {
    await this.db.update(c).set({ enabled, updatedAt: now }).where(inArray(c.id, ids));
  }

  async delete(ids: string[]): Promise<void> {
    await this.db.delete(c).where(inArray(c.id, ids));
  }
}
