/**
 * 视频处理: how far each uploaded video of a lesson is on its way to an HLS ladder, for the lesson's
 * teacher and administrators (我的课程, the lesson form), and 重试 of one that failed. The job is the
 * upload's content's (video/jobQueue.ts): two lessons with the same file share it, and a video uploaded
 * again by 秒传 is already done.
 */
import { Codes, type Locale } from '@dscloud/sdk/errors';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { LessonVideoState, LessonVideoStates } from '@dscloud/sdk/lessons';
import type { AppContext } from '../context.js';
import type { Orm } from '../db/database.js';
import { fileInfos, lessonResources, videoJobs } from '../db/schema.js';
import { AppError } from '../http/appError.js';
import type { AuthUser } from '../http/guard.js';
import { manageableLesson } from './lessonActions.js';

const numericId = (id: string | null): id is string => !!id && /^[0-9]{1,15}$/.test(id);

/** Why a video is not transcoded here, in the caller's language ('' when videos are transcoded). */
export function transcodeOffReason(ctx: AppContext, locale: Locale): string {
  const off = ctx.files?.videos.unavailable;
  if (off === undefined) return locale === 'en' ? 'video transcoding is not set up on this server' : '服务器未配置视频转码';
  if (off === null) return '';
  return locale === 'en' ? off.en : off.zh;
}

/** The videos of these lessons (the caller may manage each; others are left out), in their order. */
export async function lessonVideoStates(ctx: AppContext, auth: AuthUser, lessonIds: readonly string[], locale: Locale): Promise<LessonVideoStates> {
  const allowed: string[] = [];
  for (const lessonId of new Set(lessonIds)) {
    try {
      await manageableLesson(ctx, auth, lessonId);
      allowed.push(lessonId);
    } catch (error) {
      // Another teacher's lesson, one outside an administrator's reach, or one deleted meanwhile.
      if (!(error instanceof AppError)) throw error;
    }
  }
  const reason = transcodeOffReason(ctx, locale);
  const states = await readStates(ctx.db.orm, allowed, reason !== '', locale);
  return { transcoding: reason === '', reason, lessons: allowed.map((lessonId) => ({ lessonId, videos: states.get(lessonId) ?? [] })) };
}

async function readStates(db: Orm, lessonIds: string[], off: boolean, locale: Locale): Promise<Map<string, LessonVideoState[]>> {
  const byLesson = new Map<string, LessonVideoState[]>();
  if (lessonIds.length === 0) return byLesson;
  const r = lessonResources;
  const rows = await db
    .select({ lessonId: r.lessonId, resourceId: r.id, title: r.title, fileInfoId: r.fileInfoId })
    .from(r)
    .where(inArray(r.lessonId, lessonIds))
    .orderBy(asc(r.lessonId), asc(r.sort), asc(r.id));
  const ids = [...new Set(rows.map((row) => row.fileInfoId).filter(numericId).map(Number))];
  const jobs = new Map<string, typeof videoJobs.$inferSelect>();
  if (ids.length > 0) {
    const found = await db
      .select({ fileInfoId: fileInfos.id, job: videoJobs })
      .from(fileInfos)
      .innerJoin(videoJobs, eq(videoJobs.contentSha256, fileInfos.contentSha256))
      .where(inArray(fileInfos.id, ids));
    for (const { fileInfoId, job } of found) jobs.set(String(fileInfoId), job);
  }
  for (const row of rows) {
    const job = row.fileInfoId ? jobs.get(row.fileInfoId) : undefined;
    const state: LessonVideoState = {
      resourceId: row.resourceId,
      title: row.title,
      fileInfoId: row.fileInfoId,
      // A linked address plays as it is; an upload without a job predates transcoding or came while it was off.
      state: !numericId(row.fileInfoId) ? 'linked' : job ? job.state : off ? 'off' : 'none',
      progress: job ? Math.round((job.state === 'done' ? 1 : job.progress) * 100) : 0,
      etaSeconds: job?.state === 'running' ? job.etaSeconds : null,
      error: job?.state === 'failed' ? ((locale === 'en' ? job.errorEn : job.errorZh) ?? '') : '',
    };
    const list = byLesson.get(row.lessonId) ?? [];
    list.push(state);
    byLesson.set(row.lessonId, list);
  }
  return byLesson;
}

/**
 * 重试 (or 转码 for an upload that has none yet): the video's job starts over. Refused while transcoding
 * is off here, for a linked video, and while the job is queued, running or done.
 */
export async function retryLessonVideo(ctx: AppContext, auth: AuthUser, lessonId: string, resourceId: string, locale: Locale): Promise<LessonVideoState> {
  await manageableLesson(ctx, auth, lessonId);
  const db = ctx.db.orm;
  const [row] = await db
    .select({ fileInfoId: lessonResources.fileInfoId, title: lessonResources.title })
    .from(lessonResources)
    .where(and(eq(lessonResources.lessonId, lessonId), eq(lessonResources.id, resourceId)));
  if (!row) throw new AppError(Codes.LESSON_VIDEO_NOT_FOUND, `课程中没有这个视频（resourceId ${resourceId}）`, { field: 'resourceId' });
  const videos = ctx.files?.videos;
  const reason = transcodeOffReason(ctx, 'zh-CN');
  if (!videos || reason) throw new AppError(Codes.VIDEO_TRANSCODE_OFF, `视频《${row.title}》不能转码：${reason}`);
  if (!numericId(row.fileInfoId)) throw new AppError(Codes.VIDEO_NOT_RETRYABLE, `视频《${row.title}》是链接地址，按原地址播放，不需要转码`, { field: 'resourceId' });
  const [file] = await db.select({ sha: fileInfos.contentSha256, name: fileInfos.fileName }).from(fileInfos).where(eq(fileInfos.id, Number(row.fileInfoId)));
  if (!file) throw new AppError(Codes.LESSON_VIDEO_NOT_FOUND, `视频《${row.title}》的文件已不存在，请重新上传`, { field: 'resourceId' });
  const job = await videos.jobs.get(file.sha);
  const again = job ? await videos.jobs.retry(file.sha) : await videos.jobs.enqueue(file.sha, file.name);
  if (!again) {
    const busy = job?.state === 'done' ? '已转码完成' : '正在排队或转码中';
    throw new AppError(Codes.VIDEO_NOT_RETRYABLE, `视频《${row.title}》${busy}，不需要重试`, { field: 'resourceId' });
  }
  videos.worker?.wake();
  const states = await readStates(db, [lessonId], false, locale);
  return states.get(lessonId)!.find((video) => video.resourceId === resourceId)!;
}

/** The contents (SHA-256) of the uploads shown by the lesson resources that match `where`. */
async function shownContents(db: Orm, where: SQL): Promise<string[]> {
  const rows = await db
    .selectDistinct({ sha: fileInfos.contentSha256 })
    .from(lessonResources)
    .innerJoin(fileInfos, eq(sql`${fileInfos.id}::text`, lessonResources.fileInfoId))
    .where(where);
  return rows.map((row) => row.sha);
}

/** The contents of a lesson's uploaded videos: read before the lesson is deleted. */
export const lessonUploadContents = (db: Orm, lessonId: string) => shownContents(db, eq(lessonResources.lessonId, lessonId));

/**
 * After a lesson is deleted: the transcoding of each of its uploads that no other lesson shows is
 * cancelled (the queue's notification stops its ffmpeg at once). The upload stays the teacher's, and a
 * lesson saved with it again queues it again (`requeueLessonVideos`).
 */
export async function cancelUnusedVideos(ctx: AppContext, contents: readonly string[]): Promise<number> {
  const videos = ctx.files?.videos;
  if (!videos || contents.length === 0) return 0;
  const still = new Set(await shownContents(ctx.db.orm, inArray(fileInfos.contentSha256, [...contents])));
  let cancelled = 0;
  for (const sha of contents) if (!still.has(sha) && (await videos.jobs.cancel(sha))) cancelled++;
  return cancelled;
}

/** After a save: an upload of the lesson whose transcoding was cancelled (its last lesson deleted) is queued again. */
export async function requeueLessonVideos(ctx: AppContext, lessonId: string): Promise<void> {
  const videos = ctx.files?.videos;
  if (!videos || transcodeOffReason(ctx, 'zh-CN')) return;
  let again = false;
  for (const sha of await lessonUploadContents(ctx.db.orm, lessonId)) {
    if ((await videos.jobs.get(sha))?.state === 'cancelled') again = (await videos.jobs.retry(sha)) || again;
  }
  if (again) videos.worker?.wake();
}
