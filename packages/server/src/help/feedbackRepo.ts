/**
 * Every read and write of `feedback`. A feedback belongs to its author (the "mine" list) and, for the
 * back-office, to the author's organisation when it was sent (lists filter by the caller's reach).
 */
import { and, count, desc, eq, gte, ilike, inArray, lt, ne, or, type SQL } from 'drizzle-orm';
import type { ApplyStatus, FeedbackType } from '@dscloud/sdk/help';
import type { Orm } from '../db/database.js';
import { containsPattern, pageOf, type Page, type PageRequest } from '../db/rows.js';
import { feedback, organisations, users } from '../db/schema.js';

export type FeedbackRow = typeof feedback.$inferSelect;
export type NewFeedback = typeof feedback.$inferInsert;
export type ListedFeedback = FeedbackRow & { userName: string; orgName: string };

export interface FeedbackFilter {
  /** Only these organisations' feedback; absent: the whole platform. */
  orgIds?: readonly string[];
  applyStatus?: ApplyStatus;
  type?: FeedbackType;
  keyword?: string;
  /** Epoch ms, from included, to excluded. */
  from?: number;
  to?: number;
}

const f = feedback;

const toListed = (r: { row: FeedbackRow; userName: string; orgName: string | null }): ListedFeedback => ({ ...r.row, userName: r.userName, orgName: r.orgName ?? '' });

function where(filter: FeedbackFilter, withStatus = true): SQL | undefined {
  const keyword = filter.keyword ? containsPattern(filter.keyword) : undefined;
  return and(
    filter.orgIds ? (filter.orgIds.length ? inArray(f.orgId, [...filter.orgIds]) : eq(f.id, '')) : undefined,
    withStatus && filter.applyStatus !== undefined ? eq(f.applyStatus, filter.applyStatus) : undefined,
    filter.type ? eq(f.type, filter.type) : undefined,
    keyword ? or(ilike(f.content, keyword), ilike(f.contact, keyword), ilike(users.displayName, keyword)) : undefined,
    filter.from !== undefined ? gte(f.createdAt, filter.from) : undefined,
    filter.to !== undefined ? lt(f.createdAt, filter.to) : undefined,
  );
}

export class FeedbackRepo {
  constructor(private readonly db: Orm) {}

  async insert(row: NewFeedback): Promise<void> {
    await this.db.insert(f).values(row);
  }

  async mine(userId: string, request: PageRequest): Promise<Page<FeedbackRow>> {
    const { pageNum, pageSize, offset } = pageOf(request);
    const [found, total] = await Promise.all([
      this.db.select().from(f).where(eq(f.userId, userId)).orderBy(desc(f.createdAt), desc(f.id)).limit(pageSize).offset(offset),
      this.db.$count(f, eq(f.userId, userId)),
    ]);
    return { rows: found, total, pageNum, pageSize };
  }

  /** Feedback with its author's name and organisation's name. */
  private named(condition: SQL | undefined) {
    return this.db
      .select({ row: f, userName: users.displayName, orgName: organisations.name })
      .from(f)
      .innerJoin(users, eq(users.id, f.userId))
      .leftJoin(organisations, eq(organisations.id, f.orgId))
      .where(condition)
      .orderBy(desc(f.createdAt), desc(f.id));
  }

  async page(filter: FeedbackFilter, request: PageRequest): Promise<Page<ListedFeedback>> {
    const { pageNum, pageSize, offset } = pageOf(request);
    const condition = where(filter);
    const [found, [total]] = await Promise.all([
      this.named(condition).limit(pageSize).offset(offset),
      this.db.select({ n: count() }).from(f).innerJoin(users, eq(users.id, f.userId)).where(condition),
    ]);
    return {
      rows: found.map(toListed),
      total: total?.n ?? 0,
      pageNum,
      pageSize,
    };
  }

  /** How many of the filtered feedback are in each apply status (the status filter itself ignored). */
  async counts(filter: FeedbackFilter): Promise<Record<ApplyStatus, number>> {
    const found = await this.db
      .select({ status: f.applyStatus, n: count() })
      .from(f)
      .innerJoin(users, eq(users.id, f.userId))
      .where(where(filter, false))
      .groupBy(f.applyStatus);
    const out: Record<ApplyStatus, number> = { 0: 0, 1: 0, 2: 0 };
    for (const r of found) if (r.status === 0 || r.status === 1 || r.status === 2) out[r.status] = Number(r.n);
    return out;
  }

  async listed(id: string): Promise<ListedFeedback | undefined> {
    const [row] = await this.named(eq(f.id, id));
    return row ? toListed(row) : undefined;
  }

  async find(id: string): Promise<FeedbackRow | undefined> {
    const [row] = await this.db.select().from(f).where(eq(f.id, id));
    return row;
  }

  /** The organisation of each of `ids` that exists. */
  async orgsOf(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const found = await this.db.select({ id: f.id, orgId: f.orgId }).from(f).where(inArray(f.id, [...ids]));
    return new Map(found.map((r) => [r.id, r.orgId]));
  }

  async reply(id: string, reply: string, applyStatus: ApplyStatus, by: string, now: number): Promise<void> {
    await this.db.update(f).set({ reply, applyStatus, repliedBy: by, repliedAt: now, updatedAt: now }).where(eq(f.id, id));
  }

  /** Sets the status of every row of `ids` at once; answers how many changed. */
  async setStatus(ids: readonly string[], applyStatus: ApplyStatus, now: number): Promise<number> {
    const changed = await this.db
      .update(f)
      .set({ applyStatus, updatedAt: now })
      .where(and(inArray(f.id, [...ids]), ne(f.applyStatus, applyStatus)))
      .returning({ id: f.id });
    return changed.length;
  }
}
