/** What a lesson looks like to clients: list rows (summary) and the detail with its videos. */
import { gradeName, stageName, subjectName } from '../curriculum/names.js';
import { num, numOrNull, str, strOrNull, type Row } from '../db/rows.js';
import type { LessonResource, LessonSummary, LessonTagRef, LiveState } from '@dscloud/sdk/lessons';

export type { LessonResource, LessonSummary };

/** The address a browser element loads a stored file from (a signed media link, see files/mediaLinks.ts). */
export type FileUrl = (fileInfoId: string) => string;



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

export function toSummary(r: Row, now: number, fileUrl: FileUrl): LessonSummary {
  const liveFlag = num(r.live_flag);
  const start = numOrNull(r.live_start_at);
  const end = numOrNull(r.live_end_at);
  const coverFileId = strOrNull(r.cover_file_id);
  const teacherAvatarFile = strOrNull(r.teacher_avatar_file_id);
  return {
    lessonId: str(r.id),
    title: str(r.title),
    lessonType: str(r.lesson_type),
    liveFlag,
    liveState: liveFlag === 1 ? liveStateAt(start, end, now) : null,
    stage: num(r.stage),
    stageName: stageName(num(r.stage)),
    subjectCode: num(r.subject_code),
    subjectName: subjectName(num(r.subject_code)),
    grade: num(r.grade),
    gradeName: gradeName(num(r.grade)),
    editionId: strOrNull(r.edition_id),
    editionName: str(r.edition_name),
    bookId: strOrNull(r.book_id),
    bookName: str(r.book_name),
    chapterNodeId: strOrNull(r.chapter_node_id),
    chapterName: str(r.chapter_name),
    teacherUserId: strOrNull(r.teacher_user_id),
    teacherInfoId: strOrNull(r.teacher_info_id),
    teacherName: str(r.teacher_name),
    teacherTitle: str(r.teacher_title),
    teacherAvatarUrl: teacherAvatarFile ? fileUrl(teacherAvatarFile) : str(r.teacher_avatar_url),
    schoolId: str(r.school_id),
    schoolName: str(r.school_name),
    coverUrl: coverFileId ? fileUrl(coverFileId) : str(r.cover_url),
    coverFileId,
    durationSeconds: num(r.duration_seconds),
    liveStartTime: start,
    liveEndTime: end,
    publishStatus: num(r.publish_status),
    publishTime: numOrNull(r.publish_at),
    excellentFlag: num(r.excellent_flag),
    downloadCount: num(r.download_count),
    learningCount: num(r.learning_count),
    viewCount: num(r.view_count),
    specialSubjectIds: jsonList(r.special_subject_ids),
    tags: tagList(r.tags),
    createdBy: strOrNull(r.created_by),
    createTime: num(r.created_at),
    updateTime: num(r.updated_at),
  };
}

export function toResource(r: Row, fileUrl: FileUrl): LessonResource {
  const fileInfoId = strOrNull(r.file_info_id);
  return {
    resourceId: str(r.id),
    title: str(r.title),
    url: str(r.url),
    fileInfoId,
    playUrl: str(r.url) || (fileInfoId ? fileUrl(fileInfoId) : ''),
    durationSeconds: num(r.duration_seconds),
    captionUrl: str(r.caption_url),
    sort: num(r.sort),
  };
}
