/** Every read and write of `special_subjects` and `special_subject_lessons`: topics and the lessons filed under them. */
import { and, asc, count, eq, ilike, inArray, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { containsPattern } from '../db/rows.js';
import { lessons, specialSubjectLessons, specialSubjects } from '../db/schema.js';

const s = specialSubjects;
const x = specialSubjectLessons;

/** A topic with the number of its published lessons. */
export type TopicRow = typeof specialSubjects.$inferSelect & { lessonCount: number; typeName: string | null };
export type NewTopic = typeof specialSubjects.$inferInsert;
export type TopicChanges = Partial<Pick<NewTopic, 'name' | 'description' | 'coverUrl' | 'coverFileId' | 'sort' | 'typeId'>> & { updatedAt: number };

type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

export class SpecialSubjectRepo {
  /** The topic's published lessons, counted beside each topic row. */
  private readonly lessonCount: SQL<number>;
  private readonly typeName: SQL<string | null>;

  constructor(private readonly db: Orm) {
    const published = db
      .select({ n: count() })
      .from(x)
      .innerJoin(lessons, eq(lessons.id, x.lessonId))
      .where(and(eq(x.specialSubjectId, s.id), eq(lessons.publishStatus, 1)));
    this.lessonCount = sql<number>`(${published})`.mapWith(Number);
    // Spelled out: drizzle leaves columns of a single-table select unqualified.
    this.typeName = sql<string | null>`(SELECT t.name FROM special_subject_types t WHERE t.id = "special_subjects"."type_id")`;
  }

  private select(where: SQL | undefined): Promise<TopicRow[]> {
    return this.db
      .select({ ...this.columns(), lessonCount: this.lessonCount, typeName: this.typeName })
      .from(s)
      .where(where)
      .orderBy(asc(s.sort), asc(s.createdAt), asc(s.id));
  }

  private columns() {
    const { id, name, description, coverUrl, coverFileId, sort, typeId, createdBy, createdAt, updatedAt } = s;
    return { id, name, description, coverUrl, coverFileId, sort, typeId, createdBy, createdAt, updatedAt };
  }

  /** Every topic in order, or those whose name contains `keyword` and of type `typeId`. */
  list(keyword?: string, typeId?: string): Promise<TopicRow[]> {
    return this.select(and(keyword ? ilike(s.name, containsPattern(keyword)) : undefined, typeId ? eq(s.typeId, typeId) : undefined));
  }

  async find(id: string): Promise<TopicRow | undefined> {
    return (await this.select(eq(s.id, id)))[0];
  }

  async nameTaken(name: string, exceptId?: string): Promise<boolean> {
    const rows = await this.db.select({ id: s.id }).from(s).where(and(eq(s.name, name), exceptId ? ne(s.id, exceptId) : undefined)).limit(1);
    return rows.length > 0;
  }

  /** The ids among `ids` that exist. */
  async existing(ids: string[]): Promise<Set<string>> {
    const rows = await this.db.select({ id: s.id }).from(s).where(inArray(s.id, ids));
    return new Set(rows.map((r) => r.id));
  }

  /** The lesson ids among `ids` that exist. */
  async existingLessons(ids: string[]): Promise<Set<string>> {
    const rows = await this.db.select({ id: lessons.id }).from(lessons).where(inArray(lessons.id, ids));
    return new Set(rows.map((r) => r.id));
  }

  async nextSort(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`COALESCE(max(${s.sort}), 0) + 1`.mapWith(Number) }).from(s);
    return row?.n ?? 1;
  }

  /** Creates the topic and, when given, files its lessons, in one transaction. */
  async insert(topic: NewTopic, lessonIds?: string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(s).values(topic);
      if (lessonIds) await setLessons(tx, topic.id, lessonIds);
    });
  }

  /** Changes the topic and, when given, replaces its lessons, in one transaction. */
  async update(id: string, changes: TopicChanges, lessonIds?: string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(s).set(changes).where(eq(s.id, id));
      if (lessonIds) await setLessons(tx, id, lessonIds);
    });
  }

  /** Puts `ids` first in the given order and every other topic after them, in their present order. */
  async reorder(ids: string[], now: number): Promise<void> {
    const rest = await this.db.select({ id: s.id }).from(s).where(notInArray(s.id, ids)).orderBy(asc(s.sort), asc(s.createdAt), asc(s.id));
    await this.db.transaction(async (tx) => {
      for (const [i, id] of [...ids, ...rest.map((r) => r.id)].entries()) await tx.update(s).set({ sort: i + 1, updatedAt: now }).where(eq(s.id, id));
    });
  }

  /** Files the lessons under the topic (after those already there); how many were new. */
  async addLessons(id: string, lessonIds: string[]): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [last] = await tx.select({ n: sql<number>`COALESCE(max(${x.sort}), -1) + 1`.mapWith(Number) }).from(x).where(eq(x.specialSubjectId, id));
      const start = last?.n ?? 0;
      const added = await tx
        .insert(x)
        .values(lessonIds.map((lessonId, i) => ({ specialSubjectId: id, lessonId, sort: start + i })))
        .onConflictDoNothing()
        .returning({ lessonId: x.lessonId });
      return added.length;
    });
  }

  /** Takes the lessons out of the topic (the lessons stay); how many were in it. */
  async removeLessons(id: string, lessonIds: string[]): Promise<number> {
    const removed = await this.db
      .delete(x)
      .where(and(eq(x.specialSubjectId, id), inArray(x.lessonId, lessonIds)))
      .returning({ lessonId: x.lessonId });
    return removed.length;
  }

  /** Deletes the topics; their lessons stay (the filing rows go with the topic). */
  async delete(ids: string[]): Promise<void> {
    await this.db.delete(s).where(inArray(s.id, ids));
  }
}

async function setLessons(tx: Tx, id: string, lessonIds: string[]): Promise<void> {
  await tx.delete(x).where(eq(x.specialSubjectId, id));
  const unique = [...new Set(lessonIds)];
  if (unique.length > 0) await tx.insert(x).values(unique.map((lessonId, sort) => ({ specialSubjectId: id, lessonId, sort })));
}
