/**
 * What happens to existing lessons: publish, excellent flag, delete (refused with 2810137 while the
 * lesson is in use), a live lesson made from a lesson, and the download counter.
 */
import { sql } from 'drizzle-orm';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import type { Orm } from '../db/database.js';
import { AppError } from '../http/appError.js';
import type { AuthUser } from '../http/guard.js';
import { canManageLesson, canSeeLesson } from './access.js';
import { newId } from '../db/ids.js';
import { idList, LessonQueries } from './lessonQueries.js';
import type { LessonSummary } from './lessonView.js';
import { first, num, rows, str } from '../db/rows.js';

export const notFound = (lessonId: string) => new AppError(Codes.NOT_FOUND, `课程不存在：lessonId ${lessonId}`);

/** The lesson if the caller may see it; unknown and hidden lessons answer the same 404. */
export async function visibleLesson(ctx: AppContext, auth: AuthUser | null, lessonId: string): Promise<LessonSummary> {
  const lesson = await new LessonQueries(ctx.db.orm, ctx.now, ctx.media.url).summary(lessonId);
  if (!lesson || !canSeeLesson(lesson, auth)) throw notFound(lessonId);
  return lesson;
}

export async function manageableLesson(ctx: AppContext, auth: AuthUser, lessonId: string): Promise<LessonSummary> {
  const lesson = await visibleLesson(ctx, auth, lessonId);
  if (!canManageLesson(lesson, auth)) throw new AppError(Codes.FORBIDDEN, '只能管理自己的课程');
  return lesson;
}

async function requireAll(db: Orm, lessonIds: string[]): Promise<void> {
  const found = new Set((await rows(db, sql`SELECT id FROM lessons WHERE id IN (${idList(lessonIds)})`)).map((r) => str(r.id)));
  const missing = lessonIds.filter((id) => !found.has(id));
  if (missing.length > 0) throw new AppError(Codes.NOT_FOUND, `课程不存在：${missing.join('、')}`);
}

export async function setPublished(ctx: AppContext, lessonIds: string[], published: boolean): Promise<number> {
  const db = ctx.db.orm;
  const ids = [...new Set(lessonIds)];
  await requireAll(db, ids);
  if (published) {
    const empty = await rows(
      db,
      sql`SELECT l.id, l.title FROM lessons l WHERE l.id IN (${idList(ids)}) AND l.live_flag = 0
          AND NOT EXISTS (SELECT 1 FROM lesson_resources r WHERE r.lesson_id = l.id)`,
    );
    if (empty.length > 0) throw new AppError(Codes.BAD_REQUEST, `课程《${str(empty[0]!.title)}》还没有视频，不能发布`);
  }
  const now = ctx.now();
  const changed = await rows(
    db,
    published
      ? sql`UPDATE lessons SET publish_status = 1, publish_at = ${now}, updated_at = ${now} WHERE id IN (${idList(ids)}) AND publish_status = 0 RETURNING id`
      : sql`UPDATE lessons SET publish_status = 0, updated_at = ${now} WHERE id IN (${idList(ids)}) AND publish_status = 1 RETURNING id`,
  );
  return changed.length;
}

export async function setExcellent(ctx: AppContext, lessonIds: string[], flag: number): Promise<number> {
  const ids = [...new Set(lessonIds)];
  await requireAll(ctx.db.orm, ids);
  const changed = await rows(
    ctx.db.orm,
    sql`UPDATE lessons SET excellent_flag = ${flag}, updated_at = ${ctx.now()} WHERE id IN (${idList(ids)}) AND excellent_flag <> ${flag} RETURNING id`,
  );
  return changed.length;
}

/** Study records or notes, and topics, keep a lesson: deleting it would take learners' history with it. */
export async function deleteLesson(ctx: AppContext, auth: AuthUser, lessonId: string): Promise<void> {
  const lesson = await manageableLesson(ctx, auth, lessonId);
  const db = ctx.db.orm;
  const inUse = async (tx: Orm) => {
    const use = await first(
      tx,
      sql`SELECT (SELECT count(*) FROM lesson_learning WHERE lesson_id = ${lessonId}) AS learning,
                 (SELECT count(*) FROM lesson_notes WHERE lesson_id = ${lessonId}) AS notes`,
    );
    const records = num(use?.learning) + num(use?.notes);
    if (records > 0) {
      throw new AppError(Codes.LESSON_DELETE_WARNING, `课程《${lesson.title}》已有 ${records} 条学习记录或笔记，不能删除；可以取消发布`);
    }
    const topic = await first(
      tx,
      sql`SELECT s.name FROM special_subject_lessons x JOIN special_subjects s ON s.id = x.special_subject_id WHERE x.lesson_id = ${lessonId} LIMIT 1`,
    );
    if (topic) {
      throw new AppError(Codes.LESSON_DELETE_WARNING, `课程《${lesson.title}》已被专题“${str(topic.name)}”使用，请先从专题中移除后再删除`);
    }
  };
  await inUse(db);
  try {
    await db.transaction(async (tx) => {
      await inUse(tx as unknown as Orm);
      await tx.execute(sql`DELETE FROM lessons WHERE id = ${lessonId}`);
    });
  } catch (err) {
    // A learner started the lesson between the check and the delete: the foreign key refuses it.
    if ((err as { code?: string }).code === '23503' || (err as { cause?: { code?: string } }).cause?.code === '23503') {
      throw new AppError(Codes.LESSON_DELETE_WARNING, `课程《${lesson.title}》刚刚有了学习记录，不能删除`);
    }
    throw err;
  }
}

/** A new, unpublished live lesson with the source's curriculum, teacher and videos (for the replay). */
export async function makeLiveLesson(
  ctx: AppContext,
  auth: AuthUser,
  input: { lessonId: string; liveStartTime: number; liveEndTime: number; title?: string },
): Promise<string> {
  const source = await manageableLesson(ctx, auth, input.lessonId);
  if (input.liveEndTime <= input.liveStartTime) throw new AppError(Codes.BAD_REQUEST, '参数 liveEndTime 必须晚于 liveStartTime', { field: 'liveEndTime' });
  if (input.liveEndTime - input.liveStartTime > 12 * 3_600_000) throw new AppError(Codes.BAD_REQUEST, '参数 liveEndTime：一节直播课不能超过 12 小时', { field: 'liveEndTime' });
  const title = input.title?.trim() || source.title;
  const id = newId('ls');
  const now = ctx.now();
  await ctx.db.orm.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO lessons (id, title, lesson_type, description, live_flag, stage, subject_code, grade, edition_id,
      book_id, chapter_node_id, teacher_user_id, teacher_info_id, teacher_name, school_id, school_name, cover_url, cover_file_id,
      duration_seconds, live_start_at, live_end_at, created_by, created_at, updated_at)
      SELECT ${id}, ${title}, lesson_type, description, 1, stage, subject_code, grade, edition_id, book_id, chapter_node_id,
        teacher_user_id, teacher_info_id, teacher_name, school_id, school_name, cover_url, cover_file_id,
        ${Math.round((input.liveEndTime - input.liveStartTime) / 1000)}, ${input.liveStartTime}, ${input.liveEndTime},
        ${auth.user.id}, ${now}, ${now}
      FROM lessons WHERE id = ${source.lessonId}`);
    await tx.execute(sql`INSERT INTO lesson_knowledge_nodes (lesson_id, node_id) SELECT ${id}, node_id FROM lesson_knowledge_nodes WHERE lesson_id = ${source.lessonId}`);
    await tx.execute(sql`INSERT INTO lesson_resources (id, lesson_id, title, url, file_info_id, duration_seconds, caption_url, sort)
      SELECT 'rs-' || md5(${id} || id), ${id}, title, url, file_info_id, duration_seconds, caption_url, sort FROM lesson_resources WHERE lesson_id = ${source.lessonId}`);
  });
  return id;
}

export async function addDownload(ctx: AppContext, auth: AuthUser, lessonId: string): Promise<number> {
  await visibleLesson(ctx, auth, lessonId);
  const row = await first(ctx.db.orm, sql`UPDATE lessons SET download_count = download_count + 1 WHERE id = ${lessonId} RETURNING download_count`);
  return num(row?.download_count);
}
