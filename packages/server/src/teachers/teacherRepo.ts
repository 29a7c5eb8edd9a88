/** SQL for teacher introductions (名师介绍): one row per teacher, optionally tied to an account. */
import { sql, type SQL } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { allOf, containsPattern, first, num, numOrNull, paged, rows, str, strOrNull, type Page, type PageRequest, type Row } from '../db/rows.js';
import { stageName, subjectName } from '../curriculum/names.js';
import type { FileUrl } from '../lessons/lessonView.js';

export interface TeacherInfo {
  teacherInfoId: string;
  userId: string | null;
  name: string;
  sex: string;
  title: string;
  intro: string;
  avatarUrl: string;
  avatarFileId: string | null;
  schoolId: string;
  schoolName: string;
  stage: number | null;
  stageName: string;
  subjectCodes: number[];
  subjectNames: string[];
  sort: number;
  /** Published lessons this teacher teaches. */
  lessonCount: number;
  createTime: number;
  updateTime: number;
}

export interface TeacherFields {
  userId?: string | null;
  name: string;
  sex?: string;
  title?: string;
  intro?: string;
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
}

const parseCodes = (value: unknown): number[] => {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(list) ? list.map(Number) : [];
};

export function toTeacher(r: Row, fileUrl: FileUrl): TeacherInfo {
  const codes = parseCodes(r.subject_codes);
  const stage = numOrNull(r.stage);
  return {
    teacherInfoId: str(r.id),
    userId: strOrNull(r.user_id),
    name: str(r.name),
    sex: str(r.sex),
    title: str(r.title),
    intro: str(r.intro),
    avatarUrl: r.avatar_file_id ? fileUrl(str(r.avatar_file_id)) : str(r.avatar_url),
    avatarFileId: strOrNull(r.avatar_file_id),
    schoolId: str(r.school_id),
    schoolName: str(r.school_name),
    stage,
    stageName: stage === null ? '' : stageName(stage),
    subjectCodes: codes,
    subjectNames: codes.map(subjectName),
    sort: num(r.sort),
    lessonCount: num(r.lesson_count),
    createTime: num(r.created_at),
    updateTime: num(r.updated_at),
  };
}

const LESSON_COUNT = sql`(SELECT count(*) FROM lessons l WHERE l.teacher_info_id = t.id AND l.publish_status = 1) AS lesson_count`;

export class TeacherRepo {
  constructor(
    private readonly db: Orm,
    private readonly fileUrl: FileUrl,
  ) {}

  private where(filter: TeacherFilter): SQL {
    const where: SQL[] = [];
    if (filter.keyword) {
      const p = containsPattern(filter.keyword);
      where.push(sql`(t.name ILIKE ${p} OR t.school_name ILIKE ${p} OR t.title ILIKE ${p})`);
    }
    if (filter.schoolId) where.push(sql`t.school_id = ${filter.schoolId}`);
    if (filter.stage !== undefined) where.push(sql`t.stage = ${filter.stage}`);
    if (filter.subjectCode !== undefined) where.push(sql`t.subject_codes @> ${JSON.stringify([filter.subjectCode])}::jsonb`);
    return allOf(where);
  }

  async page(filter: TeacherFilter): Promise<Page<TeacherInfo>> {
    const where = this.where(filter);
    return paged(
      filter,
      async (limit, offset) =>
        (
          await rows(this.db, sql`SELECT t.*, ${LESSON_COUNT} FROM teacher_infos t WHERE ${where}
                                  ORDER BY t.sort, t.name, t.id LIMIT ${limit} OFFSET ${offset}`)
        ).map((r) => toTeacher(r, this.fileUrl)),
      async () => num((await first(this.db, sql`SELECT count(*) AS n FROM teacher_infos t WHERE ${where}`))?.n),
    );
  }

  async schools(stage?: number) {
    const list = await rows(
      this.db,
      sql`SELECT school_id, min(school_name) AS school_name, count(*) AS n FROM teacher_infos
          WHERE school_id <> '' AND ${stage === undefined ? sql`TRUE` : sql`stage = ${stage}`}
          GROUP BY school_id ORDER BY school_id`,
    );
    return list.map((r) => ({ schoolId: str(r.school_id), schoolName: str(r.school_name), teacherCount: num(r.n) }));
  }

  async byId(id: string): Promise<TeacherInfo | undefined> {
    const row = await first(this.db, sql`SELECT t.*, ${LESSON_COUNT} FROM teacher_infos t WHERE t.id = ${id}`);
    return row ? toTeacher(row, this.fileUrl) : undefined;
  }

  async byUserIds(userIds: readonly string[]): Promise<TeacherInfo[]> {
    if (userIds.length === 0) return [];
    const list = await rows(
      this.db,
      sql`SELECT t.*, ${LESSON_COUNT} FROM teacher_infos t WHERE t.user_id IN (${sql.join(userIds.map((u) => sql`${u}`), sql`, `)}) ORDER BY t.name`,
    );
    return list.map((r) => toTeacher(r, this.fileUrl));
  }

  async userIdsTaken(userIds: readonly string[], exceptId?: string): Promise<string[]> {
    if (userIds.length === 0) return [];
    const list = await rows(
      this.db,
      sql`SELECT user_id FROM teacher_infos WHERE user_id IN (${sql.join(userIds.map((u) => sql`${u}`), sql`, `)})
          AND ${exceptId ? sql`id <> ${exceptId}` : sql`TRUE`}`,
    );
    return list.map((r) => str(r.user_id));
  }

  async insert(db: Orm, id: string, f: TeacherFields, by: string | null, now: number): Promise<void> {
    await db.execute(sql`INSERT INTO teacher_infos
      (id, user_id, name, sex, title, intro, avatar_url, avatar_file_id, school_id, school_name, stage, subject_codes, sort, created_by, created_at, updated_at)
      VALUES (${id}, ${f.userId ?? null}, ${f.name}, ${f.sex ?? '1'}, ${f.title ?? ''}, ${f.intro ?? ''}, ${f.avatarUrl ?? ''},
              ${f.avatarFileId ?? null}, ${f.schoolId ?? ''}, ${f.schoolName ?? ''}, ${f.stage ?? null},
              ${JSON.stringify(f.subjectCodes ?? [])}::jsonb, ${f.sort ?? 0}, ${by}, ${now}, ${now})`);
  }

  async update(id: string, f: Partial<TeacherFields>, now: number): Promise<void> {
    const sets: SQL[] = [sql`updated_at = ${now}`];
    if (f.userId !== undefined) sets.push(sql`user_id = ${f.userId}`);
    if (f.name !== undefined) sets.push(sql`name = ${f.name}`);
    if (f.sex !== undefined) sets.push(sql`sex = ${f.sex}`);
    if (f.title !== undefined) sets.push(sql`title = ${f.title}`);
    if (f.intro !== undefined) sets.push(sql`intro = ${f.intro}`);
    if (f.avatarUrl !== undefined) sets.push(sql`avatar_url = ${f.avatarUrl}`);
    if (f.avatarFileId !== undefined) sets.push(sql`avatar_file_id = ${f.avatarFileId}`);
    if (f.schoolId !== undefined) sets.push(sql`school_id = ${f.schoolId}`);
    if (f.schoolName !== undefined) sets.push(sql`school_name = ${f.schoolName}`);
    if (f.stage !== undefined) sets.push(sql`stage = ${f.stage}`);
    if (f.subjectCodes !== undefined) sets.push(sql`subject_codes = ${JSON.stringify(f.subjectCodes)}::jsonb`);
    if (f.sort !== undefined) sets.push(sql`sort = ${f.sort}`);
    await this.db.execute(sql`UPDATE teacher_infos SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
    // Lessons show the teacher's name; keep it in step so keyword search finds the new name.
    if (f.name !== undefined || f.schoolName !== undefined) {
      await this.db.execute(sql`UPDATE lessons l SET teacher_name = t.name, school_name = CASE WHEN t.school_name <> '' THEN t.school_name ELSE l.school_name END
                                FROM teacher_infos t WHERE t.id = ${id} AND l.teacher_info_id = t.id`);
    }
  }
}
