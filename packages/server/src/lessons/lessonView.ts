/** What a lesson looks like to clients: list rows (summary) and the detail with its videos. */
import { gradeName, stageName, subjectName } from '../curriculum/names.js';
import type { LessonResource, LessonSummary, LessonTagRef, LiveState } from '@dscloud/sdk/lessons';
import type { lessonResources, lessons } from '../db/schema.js';

export type { LessonResource, LessonSummary };

/** The address a browser element loads a stored file from (a signed media link, see files/mediaLinks.ts). */
export type FileUrl = (fileInfoId: string) => string;

/** A lesson row (without its description) with the names a list shows, as lessonQueries.ts reads it. */
export type SummaryRow = Omit<typeof lessons.$inferSelect, 'description'> & {
  editionName: string | null;
  bookName: string | null;
  chapterName: string | null;
  teacherTitle: string | null;
  teacherAvatarUrl: string | null;
  teacherAvatarFileId: string | null;
  /** JSON list of topic ids (node-postgres and PGlite parse it; text is read too). */
  specialSubjectIds: unknown;
  /** JSON list of `{ tagId, name }` in the tag list's order. */
  tags: unknown;
};

export function liveStateAt(start: number | null, end: number | null, now: number): LiveState | null {
  if (start === null || end === null) return null;
  return now < start ? 'upcoming' : now < end ? 'living' : 'ended';
}

const jsonList = (value: unknown): string[] => {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(list) ? list.map(String) : [];
};

const tagList = (value: unknown): LessonTagRef[] => {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(list) ? list.map((t: { tagId: unknown; name: unknown }) => ({ tagId: String(t.tagId), name: String(t.name) })) : [];
};

export function toSummary(r: SummaryRow, now: number, fileUrl: FileUrl): LessonSummary {
  const start = r.liveStartAt;
  const end = r.liveEndAt;
  return {
    lessonId: r.id,
    title: r.title,
    lessonType: r.lessonType,
    liveFlag: r.liveFlag,
    liveState: r.liveFlag === 1 ? liveStateAt(start, end, now) : null,
    stage: r.stage,
    stageName: stageName(r.stage),
    subjectCode: r.subjectCode,
    subjectName: subjectName(r.subjectCode),
    grade: r.grade,
    gradeName: gradeName(r.grade),
    editionId: r.editionId,
    editionName: r.editionName ?? '',
    bookId: r.bookId,
    bookName: r.bookName ?? '',
    chapterNodeId: r.chapterNodeId,
    chapterName: r.chapterName ?? '',
    teacherUserId: r.teacherUserId,
    teacherInfoId: r.teacherInfoId,
    teacherName: r.teacherName,
    teacherTitle: r.teacherTitle ?? '',
    teacherAvatarUrl: r.teacherAvatarFileId ? fileUrl(r.teacherAvatarFileId) : (r.teacherAvatarUrl ?? ''),
    schoolId: r.schoolId,
    schoolName: r.schoolName,
    coverUrl: r.coverFileId ? fileUrl(r.coverFileId) : r.coverUrl,
    coverFileId: r.coverFileId,
    durationSeconds: r.durationSeconds,
    liveStartTime: start,
    liveEndTime: end,
    publishStatus: r.publishStatus,
    publishTime: r.publishAt,
    excellentFlag: r.excellentFlag,
    downloadCount: r.downloadCount,
    learningCount: r.learningCount,
    viewCount: r.viewCount,
    specialSubjectIds: jsonList(r.specialSubjectIds),
    tags: tagList(r.tags),
    createdBy: r.createdBy,
    createTime: r.createdAt,
    updateTime: r.updatedAt,
  };
}

/**
 * One video of a lesson. `hls` names the files of the upload's HLS rendition when it is whole; the
 * player then loads the adaptive stream, with the poster and seek previews, and `playUrl` (the file as
 * uploaded) stays for players without HLS.
 */
export function toResource(r: typeof lessonResources.$inferSelect, fileUrl: FileUrl, hls?: (name: string) => string): LessonResource {
  return {
    resourceId: r.id,
    title: r.title,
    url: r.url,
    fileInfoId: r.fileInfoId,
    playUrl: r.url || (r.fileInfoId ? fileUrl(r.fileInfoId) : ''),
    durationSeconds: r.durationSeconds,
    captionUrl: r.captionUrl,
    sort: r.sort,
    hlsUrl: hls ? hls('master.m3u8') : '',
    posterUrl: hls ? hls('poster.jpg') : '',
    thumbnailsUrl: hls ? hls('thumbs.vtt') : '',
  };
}
