/**
 * What the audit log records of lesson writes (audit/auditSpec.ts). Publishing and the excellent flag
 * are back-office calls, deleting and converting are recorded whoever calls them; saving a lesson and
 * its key points (导学要点) are a teacher's everyday work, recorded when the caller does not own the
 * lesson — an administrator changing a teacher's lesson.
 */
import type { FastifyRequest } from 'fastify';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { lessonKnowledgeNodes, lessonResourceMarks, lessonResources, lessons, lessonTagLinks, specialSubjectLessons } from '../db/schema.js';
import type { AuditFields, AuditSpec } from '../audit/auditSpec.js';
import { snapshotOf } from '../audit/snapshot.js';
import { ownsLesson } from './access.js';

type Snapshot = (ids: readonly string[]) => Promise<ReadonlyMap<string, AuditFields>>;

export function lessonAudits(db: Orm) {
  /** Publishing, the excellent flag, delete, convert: the fields those calls change. */
  const stateSnapshot = snapshotOf(db, lessons.id, {
    title: lessons.title,
    publishStatus: lessons.publishStatus,
    excellentFlag: lessons.excellentFlag,
  });

  /** The caller names a lesson that exists and that is not theirs (created or taught by someone else). */
  async function othersLesson(request: FastifyRequest, lessonId: string | undefined): Promise<boolean> {
    if (!lessonId) return false;
    const [row] = await db.select({ createdBy: lessons.createdBy, teacherUserId: lessons.teacherUserId }).from(lessons).where(eq(lessons.id, lessonId));
    return row !== undefined && !ownsLesson({ ...row, publishStatus: 0 }, request.auth);
  }

  /** The lesson of the request's video, looked up once per request (`when` and `ids` both ask). */
  const lessonOfVideo = new WeakMap<FastifyRequest, Promise<string | undefined>>();
  function videoLesson(request: FastifyRequest): Promise<string | undefined> {
    let lessonId = lessonOfVideo.get(request);
    if (!lessonId) {
      const resourceId = (request.body as { lessonResourceId: string }).lessonResourceId;
      lessonId = db
        .select({ lessonId: lessonResources.lessonId })
        .from(lessonResources)
        .where(eq(lessonResources.id, resourceId))
        .then(([row]) => row?.lessonId);
      lessonOfVideo.set(request, lessonId);
    }
    return lessonId;
  }

  const bodyLessonId = (request: FastifyRequest) => (request.body as { lessonId?: string }).lessonId;

  return {
    stateSnapshot,

    /** `cloudLesson/save` of an existing lesson by someone who does not own it. */
    save: {
      action: 'cloudLesson.save',
      entity: 'cloudLesson',
      when: (request) => othersLesson(request, bodyLessonId(request)),
      ids: (request) => [bodyLessonId(request) ?? ''],
      snapshot: editSnapshot(db),
    } satisfies AuditSpec,

    /** `lessonResourceMark/batchSave` on a video of a lesson the caller does not own; recorded under the lesson. */
    marks: {
      action: 'lessonResourceMark.batchSave',
      entity: 'cloudLesson',
      when: async (request) => othersLesson(request, await videoLesson(request)),
      ids: async (request) => [(await videoLesson(request)) ?? ''],
      snapshot: marksSnapshot(db),
    } satisfies AuditSpec,
  };
}

/** Everything a save may change: the lesson's fields, its videos, knowledge points, topics and tags. */
function editSnapshot(db: Orm): Snapshot {
  const fields = snapshotOf(db, lessons.id, {
    title: lessons.title,
    lessonType: lessons.lessonType,
    description: lessons.description,
    liveFlag: lessons.liveFlag,
    stage: lessons.stage,
    subjectCode: lessons.subjectCode,
    grade: lessons.grade,
    editionId: lessons.editionId,
    bookId: lessons.bookId,
    chapterNodeId: lessons.chapterNodeId,
    teacherUserId: lessons.teacherUserId,
    teacherInfoId: lessons.teacherInfoId,
    teacherName: lessons.teacherName,
    schoolId: lessons.schoolId,
    schoolName: lessons.schoolName,
    coverUrl: lessons.coverUrl,
    coverFileId: lessons.coverFileId,
    durationSeconds: lessons.durationSeconds,
    liveStartAt: lessons.liveStartAt,
    liveEndAt: lessons.liveEndAt,
    publishStatus: lessons.publishStatus,
    excellentFlag: lessons.excellentFlag,
  });
  return async (ids) => {
    const found = await fields(ids);
    const list = [...ids];
    const r = lessonResources;
    const videos = await db
      .select({ lessonId: r.lessonId, title: r.title, url: r.url, fileInfoId: r.fileInfoId, durationSeconds: r.durationSeconds, captionUrl: r.captionUrl })
      .from(r)
      .where(inArray(r.lessonId, list))
      .orderBy(asc(r.sort), asc(r.id));
    const k = lessonKnowledgeNodes;
    const knowledge = await db.select({ lessonId: k.lessonId, id: k.nodeId }).from(k).where(inArray(k.lessonId, list)).orderBy(asc(k.nodeId));
    const s = specialSubjectLessons;
    const topics = await db.select({ lessonId: s.lessonId, id: s.specialSubjectId }).from(s).where(inArray(s.lessonId, list)).orderBy(asc(s.specialSubjectId));
    const t = lessonTagLinks;
    const tags = await db.select({ lessonId: t.lessonId, id: t.tagId }).from(t).where(inArray(t.lessonId, list)).orderBy(asc(t.tagId));
    const of = <R extends { lessonId: string }>(rows: R[], id: string) => rows.filter((row) => row.lessonId === id);
    const idsOf = (rows: { lessonId: string; id: string }[], id: string) => of(rows, id).map((row) => row.id);
    return new Map(
      [...found].map(([id, lesson]) => [
        id,
        {
          ...lesson,
          videos: of(videos, id).map(({ lessonId: _l, ...video }) => video),
          knowledgeNodeIds: idsOf(knowledge, id),
          specialSubjectIds: idsOf(topics, id),
          tagIds: idsOf(tags, id),
        },
      ]),
    );
  };
}

/** A lesson's key points, one field per video: `marks.<lessonResourceId>`. */
function marksSnapshot(db: Orm): Snapshot {
  return async (ids) => {
    const r = lessonResources;
    const m = lessonResourceMarks;
    const videos = await db.select({ lessonId: r.lessonId, resourceId: r.id }).from(r).where(inArray(r.lessonId, [...ids]));
    const marks = videos.length === 0
      ? []
      : await db
          .select({ resourceId: m.resourceId, markTime: m.markTime, title: m.title, content: m.content })
          .from(m)
          .where(inArray(m.resourceId, videos.map((v) => v.resourceId)))
          .orderBy(asc(m.markTime), asc(m.id));
    const snapshot = new Map<string, AuditFields>();
    for (const { lessonId, resourceId } of videos) {
      const fields = snapshot.get(lessonId) ?? {};
      fields[`marks.${resourceId}`] = marks.filter((mark) => mark.resourceId === resourceId).map(({ resourceId: _r, ...mark }) => mark);
      snapshot.set(lessonId, fields);
    }
    return snapshot;
  };
}
