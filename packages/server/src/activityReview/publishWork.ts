/**
 * A work marked high-quality at the top level becomes a published lesson of the catalogue (it shows in
 * /learn with the excellent flag): called inside the deciding transaction, so the decision and the
 * lesson land together or not at all.
 *
 * The lesson takes the work's title and description, the teacher (name as signed up, their teacher
 * introduction when they have one), the school, stage, subject, edition, book and node (a chapter node
 * as the lesson's chapter, a knowledge node as its knowledge point), the activity's cover, and the
 * package's videos as its videos (duration from the stored probe). The package's documents stay on the
 * work: the high-quality work page (goodWorkList) shows them next to the player, reached through
 * `activity_works.published_lesson_id`.
 *
 * Idempotent: the work row is locked, and a work that already has its lesson answers that lesson's id
 * and changes nothing (a lesson the organiser later withdrew stays withdrawn).
 */
import { and, asc, eq } from 'drizzle-orm';
import { Codes } from '@dscloud/sdk/errors';
import { PackageItem } from '@dscloud/sdk/activities';
import type { Orm } from '../db/database.js';
import { newId } from '../db/ids.js';
import {
  activities,
  activitySignUps,
  activityWorkItems,
  activityWorks,
  curriculumBooks,
  lessonKnowledgeNodes,
  lessonNodes,
  lessonResources,
  lessons,
  organisations,
  teacherInfos,
} from '../db/schema.js';
import { AppError } from '../http/appError.js';
import { gradesOfStage } from '../curriculum/names.js';

/** A transaction of the server's database (or the database itself, for callers that own no transaction). */
export type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0] | Orm;

/** Publishes the work as an excellent lesson (once) and answers the lesson's id. */
export async function publishExcellentWork(tx: Tx, workId: string, now: number): Promise<string> {
  const [work] = await tx
    .select({
      id: activityWorks.id,
      title: activityWorks.title,
      description: activityWorks.description,
      userId: activityWorks.userId,
      schoolId: activityWorks.schoolId,
      nodeId: activityWorks.nodeId,
      stage: activityWorks.stage,
      subjectCode: activityWorks.subjectCode,
      bookId: activityWorks.bookId,
      publishedLessonId: activityWorks.publishedLessonId,
      signUpId: activityWorks.signUpId,
      activityId: activityWorks.activityId,
    })
    .from(activityWorks)
    .where(eq(activityWorks.id, workId))
    .for('update');
  if (!work) throw new AppError(Codes.NOT_FOUND, `作品不存在：${workId}`, { field: 'workId' });
  if (work.publishedLessonId) {
    const [kept] = await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.id, work.publishedLessonId));
    if (kept) return kept.id;
  }

  const [signUp] = await tx
    .select({ realName: activitySignUps.realName, stage: activitySignUps.stage, subjectCode: activitySignUps.subjectCode })
    .from(activitySignUps)
    .where(eq(activitySignUps.id, work.signUpId));
  const [activity] = await tx
    .select({ coverUrl: activities.coverUrl, coverFileId: activities.coverFileId })
    .from(activities)
    .where(eq(activities.id, work.activityId));
  const [node] = await tx
    .select({ id: lessonNodes.id, kind: lessonNodes.kind, bookId: lessonNodes.bookId, stage: lessonNodes.stage, subjectCode: lessonNodes.subjectCode })
    .from(lessonNodes)
    .where(eq(lessonNodes.id, work.nodeId));
  const bookId = work.bookId ?? node?.bookId ?? null;
  const [book] = bookId
    ? await tx.select({ grade: curriculumBooks.grade, editionId: curriculumBooks.editionId }).from(curriculumBooks).where(eq(curriculumBooks.id, bookId))
    : [];
  const stage = work.stage ?? node?.stage ?? signUp?.stage;
  const subjectCode = work.subjectCode ?? node?.subjectCode ?? signUp?.subjectCode;
  if (stage == null || subjectCode == null) throw new AppError(Codes.CONFLICT, `作品 ${workId} 没有学段学科，不能发布为课程`, { field: 'workId' });
  const [teacher] = await tx.select({ id: teacherInfos.id, name: teacherInfos.name }).from(teacherInfos).where(eq(teacherInfos.userId, work.userId));
  const [school] = await tx.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, work.schoolId));
  const videos = await tx
    .select({ fileId: activityWorkItems.fileId, fileName: activityWorkItems.fileName, probe: activityWorkItems.probe })
    .from(activityWorkItems)
    .where(and(eq(activityWorkItems.workId, workId), eq(activityWorkItems.item, PackageItem.VIDEO)))
    .orderBy(asc(activityWorkItems.sort));

  const lessonId = newId('ls');
  await tx.insert(lessons).values({
    id: lessonId,
    title: work.title,
    description: work.description,
    liveFlag: 0,
    stage,
    subjectCode,
    grade: book?.grade ?? gradesOfStage(stage)[0] ?? 0,
    editionId: book?.editionId ?? null,
    bookId: book ? bookId : null,
    chapterNodeId: node?.kind === 'chapter' ? node.id : null,
    teacherUserId: work.userId,
    teacherInfoId: teacher?.id ?? null,
    teacherName: signUp?.realName || teacher?.name || '',
    schoolId: work.schoolId,
    schoolName: school?.name ?? '',
    coverUrl: activity?.coverUrl ?? '',
    coverFileId: activity?.coverFileId ?? null,
    durationSeconds: Math.round(videos.reduce((sum, v) => sum + (v.probe?.durationSeconds ?? 0), 0)),
    publishStatus: 1,
    publishAt: now,
    excellentFlag: 1,
    createdBy: work.userId,
    createdAt: now,
    updatedAt: now,
  });
  if (node?.kind === 'knowledge') await tx.insert(lessonKnowledgeNodes).values({ lessonId, nodeId: node.id });
  for (const [sort, v] of videos.entries()) {
    await tx.insert(lessonResources).values({
      id: newId('rs'),
      lessonId,
      title: v.fileName.replace(/\.[^.]+$/, '') || work.title,
      url: '',
      fileInfoId: String(v.fileId),
      durationSeconds: Math.round(v.probe?.durationSeconds ?? 0),
      captionUrl: '',
      sort,
    });
  }
  await tx.update(activityWorks).set({ publishedLessonId: lessonId, updatedAt: now }).where(eq(activityWorks.id, workId));
  return lessonId;
}
