/** Every read and write of `lesson_notes`: a user's notes, each shown with its lesson's title and cover. */
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { containsPattern, pageOf, type Page, type PageRequest } from '../db/rows.js';
import { lessonNotes, lessons } from '../db/schema.js';

const n = lessonNotes;

export interface NoteRow {
  id: string;
  lessonId: string;
  resourceId: string | null;
  content: string;
  videoTime: number;
  createdAt: number;
  updatedAt: number;
  lessonTitle: string;
  coverUrl: string;
  coverFileId: string | null;
  subjectCode: number;
}

export interface NoteQuery {
  userId: string;
  lessonId?: string;
  /** Matches the note's text or its lesson's title. */
  keyword?: string;
}

export class NoteRepo {
  constructor(private readonly db: Orm) {}

  private select() {
    return this.db
      .select({
        id: n.id,
        lessonId: n.lessonId,
        resourceId: n.resourceId,
        content: n.content,
        videoTime: n.videoTime,
        createdAt: n.createdAt,
        updatedAt: n.updatedAt,
        lessonTitle: lessons.title,
        coverUrl: lessons.coverUrl,
        coverFileId: lessons.coverFileId,
        subjectCode: lessons.subjectCode,
      })
      .from(n)
      .innerJoin(lessons, eq(lessons.id, n.lessonId));
  }

  async own(userId: string, id: string): Promise<NoteRow | undefined> {
    const [row] = await this.select().where(and(eq(n.id, id), eq(n.userId, userId)));
    return row;
  }

  /** A lesson's notes read in video-time order; "my notes" (no lesson) newest first. */
  async page(query: NoteQuery, request: PageRequest): Promise<Page<NoteRow>> {
    const { pageNum, pageSize, offset } = pageOf(request);
    const pattern = query.keyword ? containsPattern(query.keyword) : undefined;
    const condition: SQL | undefined = and(
      eq(n.userId, query.userId),
      query.lessonId ? eq(n.lessonId, query.lessonId) : undefined,
      pattern ? or(ilike(n.content, pattern), ilike(lessons.title, pattern)) : undefined,
    );
    const order = query.lessonId ? [asc(n.videoTime), asc(n.createdAt)] : [desc(n.createdAt), desc(n.id)];
    const [rows, [total]] = await Promise.all([
      this.select().where(condition).orderBy(...order).limit(pageSize).offset(offset),
      this.db.select({ n: count() }).from(n).innerJoin(lessons, eq(lessons.id, n.lessonId)).where(condition),
    ]);
    return { rows, total: total?.n ?? 0, pageNum, pageSize };
  }

  async insert(note: typeof lessonNotes.$inferInsert): Promise<void> {
    await this.db.insert(n).values(note);
  }

  async update(userId: string, id: string, changes: { content: string; videoTime: number; resourceId: string | null; updatedAt: number }): Promise<void> {
    await this.db.update(n).set(changes).where(and(eq(n.id, id), eq(n.userId, userId)));
  }

  async delete(userId: string, id: string): Promise<void> {
    await this.db.delete(n).where(and(eq(n.id, id), eq(n.userId, userId)));
  }

  /** Deletes the user's notes of one lesson; how many there were. */
  async deleteOfLesson(userId: string, lessonId: string): Promise<number> {
    const deleted = await this.db.delete(n).where(and(eq(n.lessonId, lessonId), eq(n.userId, userId))).returning({ id: n.id });
    return deleted.length;
  }
}
