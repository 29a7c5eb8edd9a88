/** Every read and write of `teacher_infos` (名师介绍): one row per teacher, optionally tied to an account. */
import { and, asc, count, eq, getTableColumns, ilike, inArray, min, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TeacherInfo } from '@dscloud/sdk/teachers';
import type { Orm } from '../db/database.js';
import { containsPattern, pageOf, type Page, type PageRequest } from '../db/rows.js';
import { lessons, teacherInfos } from '../db/schema.js';
import { stageName, subjectName } from '../curriculum/names.js';
import type { FileUrl } from '../lessons/lessonView.js';

export type { TeacherInfo };

export interface TeacherFields {
  userId?: string | null;
  name: string;
  sex?: string;
  title?: string;
  intro?: string;
  honours?: string;
  avatarUrl?: string;
  avatarFileId?: string | null;
  schoolId?: string;
  schoolName?: string;
  stage?: number | null;
  subjectCodes?: number[];
  sort?: number;
}

export interface TeacherFilter extends PageRequest {
  keyword?: string;
  schoolId?: string;
  stage?: number;
  subjectCode?: number;
  /** Teachers of the schools at and under these organisations (the caller's reach, or a picked subtree). */
  orgIds?: readonly string[];
}

const t = teacherInfos;

type TeacherRow = typeof teacherInfos.$inferSelect & { lessonCount: number };
type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

export function toTeacher(r: TeacherRow, fileUrl: FileUrl): TeacherInfo {
  const codes = (r.subjectCodes ?? []).map(Number);
  const stage = r.stage;
  return {
    teacherInfoId: r.id,
    userId: r.userId,
    name: r.name,
    sex: r.sex,
    title: r.title,
    intro: r.intro,
    honours: r.honours,
    avatarUrl: r.avatarFileId ? fileUrl(r.avatarFileId) : r.avatarUrl,
    avatarFileId: r.avatarFileId,
    schoolId: r.schoolId,
    schoolName: r.schoolName,
    stage,
    stageName: stage === null ? '' : stageName(stage),
    subjectCodes: codes,
    subjectNames: codes.map(subjectName),
    sort: r.sort,
    lessonCount: r.lessonCount,
    createTime: r.createdAt,
    updateTime: r.updatedAt,
  };
}

function rowOf(id: string, f: TeacherFields, by: string | null, now: number): typeof teacherInfos.$inferInsert {
  return {
    id,
    userId: f.userId ?? null,
    name: f.name,
    sex: f.sex ?? '1',
    title: f.title ?? '',
    intro: f.intro ?? '',
    honours: f.honours ?? '',
    avatarUrl: f.avatarUrl ?? '',
    avatarFileId: f.avatarFileId ?? null,
    schoolId: f.schoolId ?? '',
    schoolName: f.schoolName ?? '',
    stage: f.stage ?? null,
    subjectCodes: f.subjectCodes ?? [],
    sort: f.sort ?? 0,
    createdBy: by,
    createdAt: now,
    updatedAt: now,
  };
}

export class TeacherRepo {
  /** Published lessons this teacher teaches, counted beside each teacher row. */
  private readonly lessonCount: SQL<number>;

  constructor(
    private readonly db: Orm,
    private readonly fileUrl: FileUrl,
  ) {
    // Spelled out: drizzle leaves columns of a single-table select unqualified, which a correlated
    // subquery would resolve against its own table.
    this.lessonCount = sql<number>`(SELECT count(*) FROM lessons l WHERE l.teacher_info_id = "teacher_infos"."id" AND l.publish_status = 1)`.mapWith(Number);
  }

  private select(where: SQL | undefined) {
    return this.db
      .select({ ...getTableColumns(t), lessonCount: this.lessonCount })
      .from(t)
      .where(where);
  }

  private where(filter: TeacherFilter): SQL | undefined {
    const p = filter.keyword ? containsPattern(filter.keyword) : undefined;
    return and(
      p ? or(ilike(t.name, p), ilike(t.schoolName, p), ilike(t.title, p)) : undefined,
      filter.schoolId ? eq(t.schoolId, filter.schoolId) : undefined,
      filter.stage !== undefined ? eq(t.stage, filter.stage) : undefined,
      filter.subjectCode !== undefined ? sql`${t.subjectCodes} @> ${JSON.stringify([filter.subjectCode])}::jsonb` : undefined,
      filter.orgIds ? (filter.orgIds.length > 0 ? inArray(t.schoolId, [...filter.orgIds]) : sql`false`) : undefined,
    );
  }

  async page(filter: TeacherFilter): Promise<Page<TeacherInfo>> {
    const { pageNum, pageSize, offset } = pageOf(filter);
    const where = this.where(filter);
    const [list, total] = await Promise.all([
      this.select(where).orderBy(asc(t.sort), asc(t.name), asc(t.id)).limit(pageSize).offset(offset),
      this.db.$count(t, where),
    ]);
    return { rows: list.map((r) => toTeacher(r, this.fileUrl)), total, pageNum, pageSize };
  }

  async schools(stage?: number) {
    const list = await this.db
      .select({ schoolId: t.schoolId, schoolName: min(t.schoolName), teacherCount: count() })
      .from(t)
      .where(and(ne(t.schoolId, ''), stage === undefined ? undefined : eq(t.stage, stage)))
      .groupBy(t.schoolId)
      .orderBy(asc(t.schoolId));
    return list.map((r) => ({ schoolId: r.schoolId, schoolName: r.schoolName ?? '', teacherCount: r.teacherCount }));
  }

  async byId(id: string): Promise<TeacherInfo | undefined> {
    const [row] = await this.select(eq(t.id, id));
    return row ? toTeacher(row, this.fileUrl) : undefined;
  }

  async byUserIds(userIds: readonly string[]): Promise<TeacherInfo[]> {
    if (userIds.length === 0) return [];
    const list = await this.select(inArray(t.userId, [...userIds])).orderBy(asc(t.name));
    return list.map((r) => toTeacher(r, this.fileUrl));
  }

  async userIdsTaken(userIds: readonly string[], exceptId?: string): Promise<string[]> {
    if (userIds.length === 0) return [];
    const list = await this.db
      .select({ userId: t.userId })
      .from(t)
      .where(and(inArray(t.userId, [...userIds]), exceptId ? ne(t.id, exceptId) : undefined));
    return list.map((r) => r.userId ?? '');
  }

  /** Lessons (published or not) that credit each of these teachers; teachers with none are absent. */
  async lessonCounts(ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const found = await this.db
      .select({ id: lessons.teacherInfoId, n: count() })
      .from(lessons)
      .where(inArray(lessons.teacherInfoId, [...ids]))
      .groupBy(lessons.teacherInfoId);
    return new Map(found.map((r) => [r.id ?? '', Number(r.n)]));
  }

  /** Removes teachers (the caller has checked that no lesson credits them). */
  async remove(ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await this.db.delete(t).where(inArray(t.id, [...ids]));
  }

  /** Adds one teacher; `db` may be a transaction of the caller's. */
  async insert(db: Orm | Tx, id: string, f: TeacherFields, by: string | null, now: number): Promise<void> {
    await db.insert(t).values(rowOf(id, f, by, now));
  }

  /** Adds many teachers in one transaction (100 rows a statement). */
  async insertAll(entries: { id: string; fields: TeacherFields }[], by: string | null, now: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (let i = 0; i < entries.length; i += 100) {
        await tx.insert(t).values(entries.slice(i, i + 100).map((e) => rowOf(e.id, e.fields, by, now)));
      }
    });
  }

  /** Changes what is given (an absent property keeps its value). */
  async update(id: string, f: Partial<TeacherFields>, now: number): Promise<void> {
    await this.db
      .update(t)
      .set({
        updatedAt: now,
        userId: f.userId,
        name: f.name,
        sex: f.sex,
        title: f.title,
        intro: f.intro,
        honours: f.honours,
        avatarUrl: f.avatarUrl,
        avatarFileId: f.avatarFileId,
        schoolId: f.schoolId,
        schoolName: f.schoolName,
        stage: f.stage,
        subjectCodes: f.subjectCodes,
        sort: f.sort,
      })
      .where(eq(t.id, id));
    // Lessons show the teacher's name; keep it in step so keyword search finds the new name.
    if (f.name !== undefined || f.schoolName !== undefined) {
      await this.db
        .update(lessons)
        .set({
          teacherName: t.name,
          // An introduction without a school keeps the lesson's own school name.
          schoolName: sql`CASE WHEN ${t.schoolName} <> '' THEN ${t.schoolName} ELSE ${lessons.schoolName} END`,
        })
        .from(t)
        .where(and(eq(t.id, id), eq(lessons.teacherInfoId, t.id)));
    }
  }
}
