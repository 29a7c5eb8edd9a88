/** Every read and write of `help_articles`: the help centre's articles, by topic and order. */
import { and, asc, eq, ilike, inArray, min, or, type SQL } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { containsPattern } from '../db/rows.js';
import { helpArticles } from '../db/schema.js';

export type ArticleRow = typeof helpArticles.$inferSelect;
export type NewArticle = typeof helpArticles.$inferInsert;

const a = helpArticles;

export class HelpArticleRepo {
  constructor(private readonly db: Orm) {}

  async list(filter: { topic?: string; keyword?: string }): Promise<ArticleRow[]> {
    const keyword = filter.keyword ? containsPattern(filter.keyword) : undefined;
    const condition: SQL | undefined = and(
      filter.topic ? eq(a.topic, filter.topic) : undefined,
      keyword ? or(ilike(a.title, keyword), ilike(a.summary, keyword), ilike(a.body, keyword)) : undefined,
    );
    return this.db.select().from(a).where(condition).orderBy(asc(a.sort), asc(a.createdAt), asc(a.id));
  }

  /** Every topic, in the order its first article was written: a new topic comes last. */
  async topics(): Promise<string[]> {
    const found = await this.db.select({ topic: a.topic }).from(a).groupBy(a.topic).orderBy(asc(min(a.createdAt)), asc(a.topic));
    return found.map((r) => r.topic);
  }

  async find(id: string): Promise<ArticleRow | undefined> {
    const [row] = await this.db.select().from(a).where(eq(a.id, id));
    return row;
  }

  async insert(row: NewArticle): Promise<void> {
    await this.db.insert(a).values(row);
  }

  async update(id: string, changes: Partial<Omit<NewArticle, 'id' | 'createdAt'>>): Promise<void> {
    await this.db.update(a).set(changes).where(eq(a.id, id));
  }

  async existing(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    return (await this.db.select({ id: a.id }).from(a).where(inArray(a.id, [...ids]))).map((r) => r.id);
  }

  async remove(ids: readonly string[]): Promise<number> {
    return (await this.db.delete(a).where(inArray(a.id, [...ids])).returning({ id: a.id })).length;
  }
}
