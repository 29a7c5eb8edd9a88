/**
 * What happens to existing lessons: publish, excellent flag, delete (refused with 2810137 while the
 * lesson is in use), a live lesson made from a lesson, and the download counter.
 */
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import { AppError } from '../http/appError.js';
import type { AuthUser } from '../http/guard.js';
import { canManageLesson, canSeeLesson, isAdmin, ownsLesson, type OwnedLesson } from './access.js';
import { adminScope, assertInScope, WHOLE_PLATFORM, type OrgScope } from '../management/orgScope.js';
import { newId } from '../db/ids.js';
import { LessonQueries } from './lessonQueries.js';
import { LessonWriteRepo } from './lessonWriteRepo.js';
import type { LessonSummary } from './lessonView.js';
import { DOWNLOAD_PERIOD_MS, periodOf } from '../learning/countedOnce.js';

export const notFound = (lessonId: string) => new AppError(Codes.NOT_FOUND, `课程不存在：lessonId ${lessonId}`);

/** The lesson if it exists and the caller may see it at all (published, own, or an administrator's). */
async function seenLesson(ctx: AppContext, auth: AuthUser | null, lessonId: string): Promise<LessonSummary> {
  const lesson = await new LessonQueries(ctx.db.orm, ctx.now, ctx.media).summary(lessonId);
  if (!lesson || !canSeeLesson(lesson, auth)) throw notFound(lessonId);
  return lesson;
}

/**
 * The lesson if the caller may read it; unknown and hidden lessons answer the same 404. An
 * administrator reads the unpublished lessons of their reach only (`reachOf`, as for writes): to a
 * district administrator another district's unpublished lesson does not exist.
 */
export async function visibleLesson(ctx: AppContext, auth: AuthUser | null, lessonId: string): Promise<LessonSummary> {
  const lesson = await seenLesson(ctx, auth, lessonId);
  if (lesson.publishStatus !== 1 && !(await reachOf(ctx, auth, lesson)).covers(lesson.schoolId)) throw notFound(lessonId);
  return lesson;
}

/** A lesson to change: 404 when the caller cannot see it, 403 when it is not theirs or out of reach. */
export async function manageableLesson(ctx: AppContext, auth: AuthUser, lessonId: string): Promise<LessonSummary> {
  const lesson = await seenLesson(ctx, auth, lessonId);
  if (!canManageLesson(lesson, auth)) throw new AppError(Codes.FORBIDDEN, '只能管理自己的课程');
  await requireReach(ctx, auth, lesson.schoolId, lesson, 'lessonId');
  return lesson;
}

/**
 * The one reach rule of lessons, for reads and writes alike. A teacher reaches their own lessons
 * wherever they are filed, and is otherwise held by `canSeeLesson`/`canManageLesson`; an administrator
 * reaches the lessons of their organisation subtree (`adminScope`).
 */
async function reachOf(ctx: AppContext, auth: AuthUser | null, lesson: OwnedLesson | undefined): Promise<OrgScope> {
  if (!auth || !isAdmin(auth) || (lesson && ownsLesson(lesson, auth))) return WHOLE_PLATFORM;
  return adminScope(ctx.db.orm, auth.roles);
}

/** Refuses (403) a write outside the caller's reach: a district administrator who names another district's lesson. */
export async function requireReach(ctx: AppContext, auth: AuthUser, schoolId: string | null, lesson: OwnedLesson | undefined, field: string): Promise<void> {
  assertInScope(await reachOf(ctx, auth, lesson), schoolId, field);
}

/**
 * Every lesson exists (404 naming the missing ones) and lies within the caller's reach (403, naming
 * the id the caller sent, never the title of a lesson they may not read).
 */
async function requireAll(repo: LessonWriteRepo, lessonIds: string[], scope: OrgScope | null): Promise<void> {
  const found = await repo.existing(lessonIds);
  const missing = lessonIds.filter((id) => !found.has(id));
  if (missing.length > 0) throw new AppError(Codes.NOT_FOUND, `课程不存在：${missing.join('、')}`);
  const outside = lessonIds.find((id) => !scope?.covers(found.get(id)!.schoolId));
  if (outside) throw new AppError(Codes.FORBIDDEN, `课程 ${outside} 不在您的管理范围内`, { field: 'lessonIds' });
}

export async function setPublished(ctx: AppContext, lessonIds: string[], published: boolean, scope: OrgScope | null): Promise<number> {
  const repo = new LessonWriteRepo(ctx.db.orm);
  const ids = [...new Set(lessonIds)];
  await requireAll(repo, ids, scope);
  if (published) {
    const empty = await repo.withoutVideo(ids);
    if (empty.length > 0) throw new AppError(Codes.BAD_REQUEST, `课程《${empty[0]!.title}》还没有视频，不能发布`);
  }
  return repo.setPublished(ids, published, ctx.now());
}

export async function setExcellent(ctx: AppContext, lessonIds: string[], flag: number, scope: OrgScope | null): Promise<number> {
  const repo = new LessonWriteRepo(ctx.db.orm);
  const ids = [...new Set(lessonIds)];
  await requireAll(repo, ids, scope);
  return repo.setExcellent(ids, flag, ctx.now());
}

/** Study records or notes, and topics, keep a lesson: deleting it would take learners' history with it. */
export async function deleteLesson(ctx: AppContext, auth: AuthUser, lessonId: string): Promise<void> {
  const lesson = await manageableLesson(ctx, auth, lessonId);
  const repo = new LessonWriteRepo(ctx.db.orm);
  const refuseInUse = ({ records, topicName }: { records: number; topicName: string | null }) => {
    if (records > 0) {
      throw new AppError(Codes.LESSON_DELETE_WARNING, `课程《${lesson.title}》已有 ${records} 条学习记录或笔记，不能删除；可以取消发布`);
    }
    if (topicName !== null) {
      throw new AppError(Codes.LESSON_DELETE_WARNING, `课程《${lesson.title}》已被专题“${topicName}”使用，请先从专题中移除后再删除`);
    }
  };
  refuseInUse(await repo.usage(lessonId));
  try {
    await repo.delete(lessonId, refuseInUse);
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
  const id = newId('ls');
  await new LessonWriteRepo(ctx.db.orm).copyAsLive(source.lessonId, {
    id,
    title: input.title?.trim() || source.title,
    liveStartAt: input.liveStartTime,
    liveEndAt: input.liveEndTime,
    createdBy: auth.user.id,
    now: ctx.now(),
  });
  return id;
}

export async function addDownload(ctx: AppContext, auth: AuthUser, lessonId: string): Promise<number> {
  await visibleLesson(ctx, auth, lessonId);
  const now = ctx.now();
  return new LessonWriteRepo(ctx.db.orm).addDownload(lessonId, auth.user.id, periodOf(now, DOWNLOAD_PERIOD_MS), now);
}
