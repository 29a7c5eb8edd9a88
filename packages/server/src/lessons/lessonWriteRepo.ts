/**
 * Writes to existing lessons: publish status, the excellent flag, delete (with what keeps a lesson),
 * a live copy of a lesson, and the download counter. Reads of lesson lists stay in lessonQueries.ts.
 */
import { and, count, eq, inArray, ne, notExists, notInArray, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { newId } from '../db/ids.js';
import type { Orm } from '../db/database.js';
import { lessonDownloads, lessonKnowledgeNodes, lessonLearning, lessonNotes, lessonResources, lessons, lessonTagLinks, specialSubjectLessons, specialSubjects } from '../db/schema.js';

type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];
const qb = new QueryBuilder();

/** The lesson's own columns as a save writes them (`description` absent = keep the stored one). */
export type LessonValues = Omit<typeof lessons.$inferInsert, 'description' | 'createdBy' | 'createdAt' | 'updatedAt'> & { description?: string };

export interface VideoValues {
  /** Kept across edits, so study records and marks stay attached; absent = a new video. */
  resourceId?: string;
  title: string;
  url: string;
  fileInfoId: string | null;
  durationSeconds: number;
  captionUrl: string;
}

export interface LessonSave {
  lesson: LessonValues;
  /** Insert (a new lesson) or update. */
  isNew: boolean;
  createdBy: string;
  now: number;
  /** Each given list replaces the stored one as a whole. */
  knowledgeNodeIds?: string[];
  videos?: VideoValues[];
  specialSubjectIds?: string[];
  tagIds?: string[];
}

export class LessonWriteRepo {
  constructor(private readonly db: Orm) {}

  /** The lessons among `ids` that exist, with the school they belong to. */
  async existing(ids: string[]): Promise<Map<string, { title: string; schoolId: string }>> {
    const rows = await this.db.select({ id: lessons.id, title: lessons.title, schoolId: lessons.schoolId }).from(lessons).where(inArray(lessons.id, ids));
    return new Map(rows.map(({ id, ...rest }) => [id, rest]));
  }

  /** Recorded lessons among `ids` that have no video yet (they cannot be published). */
  withoutVideo(ids: string[]): Promise<{ id: string; title: string }[]> {
    const r = lessonResources;
    const videos = qb.select({ id: r.id }).from(r).where(eq(r.lessonId, lessons.id));
    return this.db
      .select({ id: lessons.id, title: lessons.title })
      .from(lessons)
      .where(and(inArray(lessons.id, ids), eq(lessons.liveFlag, 0), notExists(videos)));
  }

  /** Writes a lesson with its knowledge points, videos and topics, all or nothing. */
  async save(save: LessonSave): Promise<void> {
    const { lesson, now } = save;
    const id = lesson.id;
    await this.db.transaction(async (tx) => {
      if (save.isNew) {
        await tx.insert(lessons).values({ ...lesson, description: lesson.description ?? '', createdBy: save.createdBy, createdAt: now, updatedAt: now });
      } else {
        const { id: _id, ...changes } = lesson;
        await tx.update(lessons).set({ ...changes, updatedAt: now }).where(eq(lessons.id, id));
      }
      if (save.knowledgeNodeIds) {
        await tx.delete(lessonKnowledgeNodes).where(eq(lessonKnowledgeNodes.lessonId, id));
        if (save.knowledgeNodeIds.length > 0) await tx.insert(lessonKnowledgeNodes).values(save.knowledgeNodeIds.map((nodeId) => ({ lessonId: id, nodeId })));
      }
      if (save.videos) {
        const kept = save.videos.map((v) => v.resourceId).filter((v): v is string => Boolean(v));
        await tx.delete(lessonResources).where(and(eq(lessonResources.lessonId, id), kept.length > 0 ? notInArray(lessonResources.id, kept) : undefined));
        for (const [sort, v] of save.videos.entries()) {
          const values = { title: v.title, url: v.url, fileInfoId: v.fileInfoId, durationSeconds: v.durationSeconds, captionUrl: v.captionUrl, sort };
          await tx
            .insert(lessonResources)
            .values({ id: v.resourceId ?? newId('rs'), lessonId: id, ...values })
            .onConflictDoUpdate({ target: lessonResources.id, set: values });
        }
      }
      if (save.specialSubjectIds) {
        await tx.delete(specialSubjectLessons).where(eq(specialSubjectLessons.lessonId, id));
        if (save.specialSubjectIds.length > 0) {
          await tx.insert(specialSubjectLessons).values(save.specialSubjectIds.map((specialSubjectId) => ({ specialSubjectId, lessonId: id })));
        }
      }
      if (save.tagIds) {
        await tx.delete(lessonTagLinks).where(eq(lessonTagLinks.lessonId, id));
        if (save.tagIds.length > 0) await tx.insert(lessonTagLinks).values(save.tagIds.map((tagId) => ({ lessonId: id, tagId })));
      }
    });
  }

  /** Publishes or withdraws; how many lessons changed. */
  async setPublished(ids: string[], published: boolean, now: number): Promise<number> {
    const changed = published
      ? await this.db
          .update(lessons)
          .set({ publishStatus: 1, publishAt: now, updatedAt: now })
          .where(and(inArray(lessons.id, ids), eq(lessons.publishStatus, 0)))
          .returning({ id: lessons.id })
      : await this.db
          .update(lessons)
          .set({ publishStatus: 0, updatedAt: now })
          .where(and(inArray(lessons.id, ids), eq(lessons.publishStatus, 1)))
          .returning({ id: lessons.id });
    return changed.length;
  }

  /** Sets the excellent flag; how many lessons changed. */
  async setExcellent(ids: string[], flag: number, now: number): Promise<number> {
    const changed = await this.db
      .update(lessons)
      .set({ excellentFlag: flag, updatedAt: now })
      .where(and(inArray(lessons.id, ids), ne(lessons.excellentFlag, flag)))
      .returning({ id: lessons.id });
    return changed.length;
  }

  /** What keeps a lesson from being deleted: learners' records and notes, and a topic it is filed under. */
  async usage(lessonId: string, db: Orm | Tx = this.db): Promise<{ records: number; topicName: string | null }> {
    const [[learning], [notes], [topic]] = await Promise.all([
      db.select({ n: count() }).from(lessonLearning).where(eq(lessonLearning.lessonId, lessonId)),
      db.select({ n: count() }).from(lessonNotes).where(eq(lessonNotes.lessonId, lessonId)),
      db
        .select({ name: specialSubjects.name })
        .from(specialSubjectLessons)
        .innerJoin(specialSubjects, eq(specialSubjects.id, specialSubjectLessons.specialSubjectId))
        .where(eq(specialSubjectLessons.lessonId, lessonId))
        .limit(1),
    ]);
    return { records: (learning?.n ?? 0) + (notes?.n ?? 0), topicName: topic?.name ?? null };
  }

  /** Deletes the lesson after `check` passed inside the same transaction. */
  async delete(lessonId: string, check: (usage: { records: number; topicName: string | null }) => void): Promise<void> {
    await this.db.transaction(async (tx) => {
      check(await this.usage(lessonId, tx));
      await tx.delete(lessons).where(eq(lessons.id, lessonId));
    });
  }

  /** A new, unpublished live lesson copying the source's curriculum, teacher, knowledge points and videos. */
  async copyAsLive(sourceId: string, copy: { id: string; title: string; liveStartAt: number; liveEndAt: number; createdBy: string; now: number }): Promise<void> {
    const { id, title, liveStartAt, liveEndAt, createdBy, now } = copy;
    const l = lessons;
    const k = lessonKnowledgeNodes;
    const r = lessonResources;
    // Set-based copies (INSERT … SELECT): every column of the target by name, in the table's order.
    const value = <T>(v: T, name: string) => sql<T>`${v}`.as(name);
    await this.db.transaction(async (tx) => {
      await tx.insert(l).select(
        tx
          .select({
            id: value(id, 'id'),
            title: value(title, 'title'),
            lessonType: l.lessonType,
            description: l.description,
            liveFlag: value(1, 'live_flag'),
            stage: l.stage,
            subjectCode: l.subjectCode,
            grade: l.grade,
            editionId: l.editionId,
            bookId: l.bookId,
            chapterNodeId: l.chapterNodeId,
            teacherUserId: l.teacherUserId,
            teacherInfoId: l.teacherInfoId,
            teacherName: l.teacherName,
            schoolId: l.schoolId,
            schoolName: l.schoolName,
            coverUrl: l.coverUrl,
            coverFileId: l.coverFileId,
            durationSeconds: value(Math.round((liveEndAt - liveStartAt) / 1000), 'duration_seconds'),
            liveStartAt: value(liveStartAt, 'live_start_at'),
            liveEndAt: value(liveEndAt, 'live_end_at'),
            // A new lesson: unpublished, not flagged, never downloaded, learned or viewed.
            publishStatus: value(0, 'publish_status'),
            publishAt: value(null, 'publish_at'),
            excellentFlag: value(0, 'excellent_flag'),
            downloadCount: value(0, 'download_count'),
            learningCount: value(0, 'learning_count'),
            viewCount: value(0, 'view_count'),
            createdBy: value(createdBy, 'created_by'),
            createdAt: value(now, 'created_at'),
            updatedAt: value(now, 'updated_at'),
          })
          .from(l)
          .where(eq(l.id, sourceId)),
      );
      await tx.insert(k).select(tx.select({ lessonId: value(id, 'lesson_id'), nodeId: k.nodeId }).from(k).where(eq(k.lessonId, sourceId)));
      await tx.insert(r).select(
        tx
          .select({
            // A stable id per copied video: md5 of the new lesson's id and the source video's.
            id: sql<string>`'rs-' || md5(${id} || ${r.id})`.as('id'),
            lessonId: value(id, 'lesson_id'),
            title: r.title,
            url: r.url,
            fileInfoId: r.fileInfoId,
            durationSeconds: r.durationSeconds,
            captionUrl: r.captionUrl,
            sort: r.sort,
          })
          .from(r)
          .where(eq(r.lessonId, sourceId)),
      );
    });
  }

  /** Counts one download; the new count. */
  /** Counts the user's download unless already counted in this period; returns the download count. */
  async addDownload(lessonId: string, userId: string, period: number, now: number): Promise<number> {
    const counted = await this.db
      .insert(lessonDownloads)
      .values({ lessonId, userId, period, createdAt: now })
      .onConflictDoNothing()
      .returning({ lessonId: lessonDownloads.lessonId });
    const [row] =
      counted.length > 0
        ? await this.db
            .update(lessons)
            .set({ downloadCount: sql`${lessons.downloadCount} + 1` })
            .where(eq(lessons.id, lessonId))
            .returning({ downloadCount: lessons.downloadCount })
        : await this.db.select({ downloadCount: lessons.downloadCount }).from(lessons).where(eq(lessons.id, lessonId));
    return row?.downloadCount ?? 0;
  }
}
