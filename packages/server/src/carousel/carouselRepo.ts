/**
 * Every read and write of `carousel_images`: the home banner's slides. A slide belongs to a level of
 * the organisation tree (`org_id`): NULL is the city's (everyone sees it), an organisation's own slides
 * are seen by the signed-in users of that organisation and below. The home page shows the city's slides
 * first, then each organisation's, each level in its own order.
 */
import { and, asc, eq, ilike, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { containsPattern, pageOf, rows, type Page, type PageRequest } from '../db/rows.js';
import { carouselImages, organisations, type SlideVisibility } from '../db/schema.js';

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
  /**
   * Which levels: `viewer` the city's plus those of the viewer's organisation and its ancestors (the
   * home page), `reach` only the slides of these organisations (a district or school administrator's
   * list), absent: every level (the city's back-office).
   */
  orgs?: { viewer: readonly string[] } | { reach: readonly string[] };
  visibility?: SlideVisibility;
  enabled?: 0 | 1;
  keyword?: string;
}

const c = carouselImages;

function orgCondition(orgs: SlideQuery['orgs']): SQL | undefined {
  if (!orgs) return undefined;
  if ('viewer' in orgs) return orgs.viewer.length ? or(isNull(c.orgId), inArray(c.orgId, [...orgs.viewer])) : isNull(c.orgId);
  return orgs.reach.length ? inArray(c.orgId, [...orgs.reach]) : sql`false`;
}

function where(query: SlideQuery): SQL | undefined {
  return and(
    query.audience ? inArray(c.visibility, [...query.audience]) : undefined,
    query.groupId ? eq(c.groupId, query.groupId) : undefined,
    query.includeDisabled ? (query.enabled !== undefined ? eq(c.enabled, query.enabled) : undefined) : eq(c.enabled, 1),
    query.visibility ? eq(c.visibility, query.visibility) : undefined,
    query.keyword ? ilike(c.title, containsPattern(query.keyword)) : undefined,
    orgCondition(query.orgs),
  );
}

/** The city's slides first, then each organisation's; within a level, by sort. */
const order = [sql`${c.orgId} NULLS FIRST`, asc(c.sort), asc(c.id)];

export class CarouselRepo {
  constructor(private readonly db: Orm) {}

  async page(query: SlideQuery, request: PageRequest): Promise<Page<SlideRow>> {
    const { pageNum, pageSize, offset } = pageOf(request);
    const condition = where(query);
    const [found, total] = await Promise.all([
      this.db.select().from(c).where(condition).orderBy(asc(c.groupId), ...order).limit(pageSize).offset(offset),
      this.db.$count(c, condition),
    ]);
    return { rows: found, total, pageNum, pageSize };
  }

  /** The enabled slides of one group the viewer may see, in order. */
  group(groupId: string, audience: Audience, viewerOrgs: readonly string[]): Promise<SlideRow[]> {
    return this.db.select().from(c).where(where({ audience, groupId, orgs: { viewer: viewerOrgs } })).orderBy(...order);
  }

  async find(id: string, query: Omit<SlideQuery, 'groupId'> = { audience: null, includeDisabled: true }): Promise<SlideRow | undefined> {
    const [row] = await this.db.select().from(c).where(and(eq(c.id, id), where(query)));
    return row;
  }

  /** The rows among `ids` that exist, with their level. */
  async levels(ids: readonly string[]): Promise<Map<string, { groupId: string; orgId: string | null }>> {
    const found = await this.db.select({ id: c.id, groupId: c.groupId, orgId: c.orgId }).from(c).where(inArray(c.id, [...ids]));
    return new Map(found.map((r) => [r.id, { groupId: r.groupId, orgId: r.orgId }]));
  }

  /** The sort number after the last slide of a group's level. */
  async nextSort(groupId: string, orgId: string | null): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`COALESCE(max(${c.sort}), 0) + 1`.mapWith(Number) })
      .from(c)
      .where(and(eq(c.groupId, groupId), orgId === null ? isNull(c.orgId) : eq(c.orgId, orgId)));
    return row?.n ?? 1;
  }

  async insert(slide: NewSlide): Promise<void> {
    await this.db.insert(c).values(slide);
  }

  async update(id: string, changes: SlideChanges): Promise<void> {
    await this.db.update(c).set(changes).where(eq(c.id, id));
  }

  /**
   * Puts `ids` first in the given order and the rest of their level (group and organisation) after
   * them, in their present order. The caller has checked that `ids` share one level.
   */
  async reorder(ids: string[], level: { groupId: string; orgId: string | null }, now: number): Promise<void> {
    const rest = await this.db
      .select({ id: c.id })
      .from(c)
      .where(and(eq(c.groupId, level.groupId), level.orgId === null ? isNull(c.orgId) : eq(c.orgId, level.orgId), notInArray(c.id, ids)))
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

  /** Names of organisations, for the back-office's 级别 column. */
  async orgNames(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const found = await this.db.select({ id: organisations.id, name: organisations.shortName }).from(organisations).where(inArray(organisations.id, [...ids]));
    return new Map(found.map((r) => [r.id, r.name]));
  }

  /** The organisation and its ancestors (the levels whose slides its users see). */
  async ancestors(orgId: string): Promise<string[]> {
    const found = await rows<{ id: string }>(
      this.db,
      sql`WITH RECURSIVE up(id, parent_id) AS (
            SELECT id, parent_id FROM organisations WHERE id = ${orgId}
            UNION
            SELECT o.id, o.parent_id FROM organisations o JOIN up ON o.id = up.parent_id
          )
          SELECT id FROM up`,
    );
    return found.map((r) => r.id);
  }
}
