/**
 * Creating and updating a lesson: every field is checked against the curriculum, the teacher list and
 * the caller's rights before anything is written, then the lesson, its videos, knowledge points and
 * topics are written in one transaction.
 */
import { Codes } from '@dscloud/sdk/errors';
import { Stages, Subjects } from '@dscloud/sdk/codes';
import type { AppContext } from '../context.js';
import { AppError } from '../http/appError.js';
import type { AuthUser } from '../http/guard.js';
import { CurriculumRepo } from '../curriculum/curriculumRepo.js';
import { gradesOfStage } from '../curriculum/names.js';
import { TeacherRepo } from '../teachers/teacherRepo.js';
import { canManageLesson, canSeeLesson, isAdmin } from './access.js';
import { requireReach } from './lessonActions.js';
import { checkLessonFiles } from './lessonFiles.js';
import { checkMediaUrl } from './lessonMediaUrls.js';
import { fileSettingsOf } from '../files/fileSettings.js';
import { newId } from '../db/ids.js';
import { LessonQueries } from './lessonQueries.js';
import { LessonWriteRepo } from './lessonWriteRepo.js';
import { SpecialSubjectRepo } from '../specialSubjects/specialSubjectRepo.js';
import type { SaveInput } from './lessonSchemas.js';
import { existingTags } from '../taxonomy/tagLinks.js';

const bad = (message: string, field: string) => new AppError(Codes.BAD_REQUEST, message, { field });
const MAX_LIVE_MS = 12 * 3_600_000;

export async function saveLesson(ctx: AppContext, auth: AuthUser, input: SaveInput): Promise<string> {
  const db = ctx.db.orm;
  const queries = new LessonQueries(db, ctx.now, ctx.media);
  const curriculum = new CurriculumRepo(db);
  const teachers = new TeacherRepo(db, ctx.media.url);
  const admin = isAdmin(auth);

  const existing = input.lessonId ? await queries.summary(input.lessonId) : undefined;
  if (input.lessonId) {
    if (!existing || !canSeeLesson(existing, auth)) throw new AppError(Codes.NOT_FOUND, `课程不存在：lessonId ${input.lessonId}`);
    if (!canManageLesson(existing, auth)) throw new AppError(Codes.FORBIDDEN, '只能修改自己的课程');
  }

  const title = input.title.trim();
  if (!title) throw bad('参数 title 不能为空', 'title');
  if (!Stages.has(input.stage)) throw bad(`参数 stage 不是有效的学段：${input.stage}`, 'stage');
  const subject = Subjects.find(input.subjectCode);
  if (!subject) throw bad(`参数 subjectCode 不是有效的学科：${input.subjectCode}`, 'subjectCode');
  if (subject.stage !== input.stage) throw bad(`参数 subjectCode 的学科 ${input.subjectCode} 不属于学段 ${input.stage}`, 'subjectCode');
  if (!gradesOfStage(input.stage).includes(input.grade)) throw bad(`参数 grade 的年级 ${input.grade} 不属于学段 ${input.stage}`, 'grade');

  // Curriculum: the book decides edition, the chapter must be in the book.
  let editionId = input.editionId ?? null;
  let bookId = input.bookId ?? null;
  const chapterNodeId = input.chapterNodeId ?? null;
  if (bookId && !(await curriculum.book(bookId))) throw bad(`参数 bookId 对应的教材不存在：${bookId}`, 'bookId');
  if (chapterNodeId) {
    const node = await curriculum.node(chapterNodeId);
    if (!node || node.kind !== 'chapter') throw bad(`参数 chapterNodeId 对应的章节不存在：${chapterNodeId}`, 'chapterNodeId');
    if (bookId && node.bookId !== bookId) throw bad(`参数 chapterNodeId 的章节不属于教材 ${bookId}`, 'chapterNodeId');
    bookId = node.bookId;
  }
  if (bookId) {
    const book = await curriculum.book(bookId);
    if (!book) throw bad(`参数 bookId 对应的教材不存在：${bookId}`, 'bookId');
    if (book.subjectCode !== input.subjectCode || book.grade !== input.grade) {
      throw bad(`参数 bookId 的教材（${book.name}）与所选学科、年级不一致`, 'bookId');
    }
    if (editionId && book.editionId !== editionId) throw bad(`参数 bookId 的教材不属于版本 ${editionId}`, 'bookId');
    editionId = book.editionId;
  } else if (editionId && !(await curriculum.edition(editionId))) {
    throw bad(`参数 editionId 对应的教材版本不存在：${editionId}`, 'editionId');
  }
  const knowledgeIds = [...new Set(input.knowledgeNodeIds ?? [])];
  const knowledge = await curriculum.nodes(knowledgeIds);
  for (const [i, id] of knowledgeIds.entries()) {
    const node = knowledge.find((k) => k.nodeId === id);
    if (!node || node.kind !== 'knowledge') throw bad(`参数 knowledgeNodeIds[${i}] 对应的知识点不存在：${id}`, `knowledgeNodeIds[${i}]`);
    if (node.subjectCode !== input.subjectCode) throw bad(`参数 knowledgeNodeIds[${i}] 的知识点不属于学科 ${input.subjectCode}`, `knowledgeNodeIds[${i}]`);
  }

  // Teacher: a teacher's lesson is always their own; an administrator may name anyone.
  let teacherUserId = input.teacherUserId ?? (input.lessonId ? existing!.teacherUserId : null);
  if (!admin) {
    if (teacherUserId && teacherUserId !== auth.user.id && teacherUserId !== existing?.teacherUserId) {
      throw new AppError(Codes.FORBIDDEN, '参数 teacherUserId：教师只能把课程记在自己名下', { field: 'teacherUserId' });
    }
    teacherUserId = teacherUserId ?? auth.user.id;
  }
  let teacherInfoId = input.teacherInfoId === undefined ? (existing?.teacherInfoId ?? null) : input.teacherInfoId;
  let teacherInfo = teacherInfoId ? await teachers.byId(teacherInfoId) : undefined;
  if (teacherInfoId && !teacherInfo) throw bad(`参数 teacherInfoId 对应的教师信息不存在：${teacherInfoId}`, 'teacherInfoId');
  if (teacherInfo && !admin && teacherInfo.userId !== auth.user.id && teacherInfoId !== existing?.teacherInfoId) {
    throw new AppError(Codes.FORBIDDEN, '参数 teacherInfoId：教师只能使用自己的教师信息', { field: 'teacherInfoId' });
  }
  if (!teacherUserId && teacherInfo?.userId) teacherUserId = teacherInfo.userId;
  const teacherUser = teacherUserId ? await ctx.users.byId(teacherUserId) : undefined;
  if (teacherUserId && !teacherUser) throw bad(`参数 teacherUserId 对应的用户不存在：${teacherUserId}`, 'teacherUserId');
  if (!teacherInfo && teacherUserId) {
    teacherInfo = (await teachers.byUserIds([teacherUserId]))[0];
    teacherInfoId = teacherInfo?.teacherInfoId ?? null;
  }
  const teacherName = teacherInfo?.name ?? teacherUser?.displayName ?? '';
  let schoolId = input.schoolId ?? teacherInfo?.schoolId ?? existing?.schoolId ?? '';
  let schoolName = input.schoolName ?? teacherInfo?.schoolName ?? existing?.schoolName ?? '';
  if (!schoolName && teacherUser) {
    const [org] = await ctx.users.orgChain(teacherUser.orgId);
    schoolId = schoolId || (org?.id ?? '');
    schoolName = org?.name ?? '';
  }
  // A lesson an administrator files without a teacher belongs to the administrator's organisation, so it
  // stays in their back-office lists; an administrator may file and change lessons within reach only.
  if (admin && !schoolId && !existing) {
    const [org] = await ctx.users.orgChain(auth.user.orgId);
    schoolId = org?.id ?? '';
    schoolName = schoolName || (org?.name ?? '');
  }
  if (existing) await requireReach(ctx, auth, existing.schoolId, existing, 'lessonId');
  if (schoolId !== existing?.schoolId) {
    await requireReach(ctx, auth, schoolId, existing, input.schoolId ? 'schoolId' : input.teacherInfoId ? 'teacherInfoId' : 'teacherUserId');
  }

  // Live times.
  const liveFlag = input.liveFlag ?? existing?.liveFlag ?? 0;
  let liveStart: number | null = null;
  let liveEnd: number | null = null;
  if (liveFlag === 1) {
    liveStart = input.liveStartTime ?? null;
    liveEnd = input.liveEndTime ?? null;
    if (liveStart === null) throw new AppError(Codes.MISSING_PARAMETER, '缺少参数：liveStartTime（直播课需要开始时间）', { field: 'liveStartTime' });
    if (liveEnd === null) throw new AppError(Codes.MISSING_PARAMETER, '缺少参数：liveEndTime（直播课需要结束时间）', { field: 'liveEndTime' });
    if (liveEnd <= liveStart) throw bad('参数 liveEndTime 必须晚于 liveStartTime', 'liveEndTime');
    if (liveEnd - liveStart > MAX_LIVE_MS) throw bad('参数 liveEndTime：一节直播课不能超过 12 小时', 'liveEndTime');
  }

  // Videos.
  const existingResources = existing ? await queries.resources(existing.lessonId) : [];
  const resources = input.resources ?? existingResources;
  const keptIds = new Set(existingResources.map((r) => r.resourceId));
  for (const [i, r] of resources.entries()) {
    if (!r.url && !r.fileInfoId) throw bad(`参数 resources[${i}] 需要视频地址 url 或文件 fileInfoId`, `resources[${i}]`);
    if (!r.title.trim()) throw bad(`参数 resources[${i}].title 不能为空`, `resources[${i}].title`);
    if (r.resourceId && !keptIds.has(r.resourceId)) throw bad(`参数 resources[${i}].resourceId 不属于这节课：${r.resourceId}`, `resources[${i}].resourceId`);
  }
  const fileSettings = ctx.files?.settings ?? fileSettingsOf(ctx.settings);
  const urlRules = { mediaHosts: fileSettings.mediaHosts, publicBaseUrl: fileSettings.publicBaseUrl, media: ctx.media };
  checkMediaUrl('coverUrl', input.coverUrl, urlRules);
  for (const [i, r] of (input.resources ?? []).entries()) {
    checkMediaUrl(`resources[${i}].url`, r.url, urlRules);
    checkMediaUrl(`resources[${i}].captionUrl`, r.captionUrl, urlRules);
  }
  if (liveFlag === 0 && resources.length === 0) throw bad('参数 resources：点播课至少需要一个视频', 'resources');
  const attached = new Set([...existingResources.map((r) => r.fileInfoId), existing?.coverFileId].filter((id): id is string => !!id));
  await checkLessonFiles(
    ctx,
    auth,
    [
      ...resources.flatMap((r, i) => (r.fileInfoId ? [{ param: `resources[${i}].fileInfoId`, fileInfoId: r.fileInfoId, kind: 'video' as const }] : [])),
      ...(input.coverFileId ? [{ param: 'coverFileId', fileInfoId: input.coverFileId, kind: 'picture' as const }] : []),
    ],
    attached,
  );

  // Topics are managed by administrators.
  const topics = [...new Set(input.specialSubjectIds ?? existing?.specialSubjectIds ?? [])];
  if (input.specialSubjectIds && !admin && [...topics].sort().join() !== [...(existing?.specialSubjectIds ?? [])].sort().join()) {
    throw new AppError(Codes.FORBIDDEN, '参数 specialSubjectIds：只有管理员可以把课程加入专题', { field: 'specialSubjectIds' });
  }
  if (topics.length > 0) {
    const found = await new SpecialSubjectRepo(db).existing(topics);
    const missing = topics.findIndex((t) => !found.has(t));
    if (missing >= 0) throw bad(`参数 specialSubjectIds[${missing}] 对应的专题不存在：${topics[missing]}`, `specialSubjectIds[${missing}]`);
  }

  // Tags: any teacher may tag their own lesson with the platform's tags.
  const tagIds = input.tagIds ? [...new Set(input.tagIds)] : undefined;
  if (tagIds && tagIds.length > 0) {
    const found = await existingTags(db, tagIds);
    const missing = tagIds.findIndex((t) => !found.has(t));
    if (missing >= 0) throw bad(`参数 tagIds[${missing}] 对应的课程标签不存在：${tagIds[missing]}`, `tagIds[${missing}]`);
  }

  const videoSeconds = resources.reduce((sum, r) => sum + (r.durationSeconds ?? 0), 0);
  const durationSeconds = input.durationSeconds ?? (liveFlag === 1 ? Math.round((liveEnd! - liveStart!) / 1000) : videoSeconds);
  const now = ctx.now();
  const id = existing?.lessonId ?? newId('ls');
  const coverFileId = input.coverFileId === undefined ? (existing?.coverFileId ?? null) : input.coverFileId;
  const coverUrl = input.coverUrl ?? (existing && !existing.coverFileId ? existing.coverUrl : '');
  const values = {
    title, lessonType: input.lessonType ?? existing?.lessonType ?? '', liveFlag, editionId, bookId, chapterNodeId,
    teacherUserId, teacherInfoId, teacherName, schoolId, schoolName, coverUrl, coverFileId, durationSeconds, liveStart, liveEnd,
  };

  await new LessonWriteRepo(db).save({
    lesson: {
      id,
      title,
      lessonType: values.lessonType,
      ...(input.description !== undefined ? { description: input.description } : {}),
      liveFlag,
      stage: input.stage,
      subjectCode: input.subjectCode,
      grade: input.grade,
      editionId,
      bookId,
      chapterNodeId,
      teacherUserId,
      teacherInfoId,
      teacherName,
      schoolId,
      schoolName,
      coverUrl,
      coverFileId,
      durationSeconds,
      liveStartAt: liveStart,
      liveEndAt: liveEnd,
    },
    isNew: !existing,
    createdBy: auth.user.id,
    now,
    ...(input.knowledgeNodeIds ? { knowledgeNodeIds: knowledgeIds } : {}),
    ...(input.resources
      ? {
          videos: input.resources.map((r) => ({
            ...(r.resourceId ? { resourceId: r.resourceId } : {}),
            title: r.title.trim(),
            url: r.url ?? '',
            fileInfoId: r.fileInfoId ?? null,
            durationSeconds: r.durationSeconds ?? 0,
            captionUrl: r.captionUrl ?? '',
          })),
        }
      : {}),
    ...(input.specialSubjectIds ? { specialSubjectIds: topics } : {}),
    ...(tagIds ? { tagIds } : {}),
  });
  return id;
}
