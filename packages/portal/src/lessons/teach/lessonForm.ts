import type { OwnLessonDetail, SaveLessonInput } from '../../api/teachLessons';
import { serverField } from '../../forms/serverFieldError';
import { gradesOf } from '../learnFilter';

/** One video row of the form: uploaded here (`uploadId`), or kept from the saved lesson (`resourceId`). */
export interface VideoRow {
  key: string;
  title: string;
  resourceId?: string;
  fileInfoId?: string;
  url?: string;
  durationSeconds?: number;
  captionUrl?: string;
  /** The uploader's id of the file, so taking it off the uploader's list takes the row away too. */
  uploadId?: string;
}

export interface LessonFormValues {
  title: string;
  stage?: number;
  subjectCode?: number;
  grade?: number;
  bookId?: string;
  chapterNodeId?: string;
  knowledgeNodeIds: string[];
  description?: string;
  /** The lesson's tags (lessonTag/list). */
  tagIds?: string[];
  resources: VideoRow[];
  /** A live lesson's start and end (epoch ms); the form asks for it only for live lessons. */
  liveTime?: readonly [number, number];
  /** The teacher the lesson is recorded for (administrators choose it), and that teacher's name to show. */
  teacherInfoId?: string;
  teacherName?: string;
}

export const EMPTY_FORM: LessonFormValues = { title: '', knowledgeNodeIds: [], resources: [] };

const CHAIN = ['stage', 'subjectCode', 'grade', 'bookId', 'chapterNodeId'] as const;

/**
 * What a change high in the curriculum chain clears below it: a new stage empties subject, grade, book,
 * chapter and knowledge points; a new book only the chapter. Knowledge points belong to the subject.
 */
export function clearedBelow(changed: Partial<LessonFormValues>): Partial<LessonFormValues> {
  const first = CHAIN.findIndex((key) => key in changed);
  if (first < 0) return {};
  const cleared: Partial<LessonFormValues> = {};
  for (const key of CHAIN.slice(first + 1)) cleared[key] = undefined;
  if (first <= CHAIN.indexOf('subjectCode')) cleared.knowledgeNodeIds = [];
  // Stages without grades (kindergarten, other) file every lesson under grade 0.
  if ('stage' in changed && changed.stage !== undefined && gradesOf(changed.stage).length === 0) cleared.grade = 0;
  return cleared;
}

/** The title a fresh upload gets: its file name without the extension, within the server's 100 characters. */
export function titleFromFileName(name: string): string {
  const base = name.replace(/\.[^./\\]+$/, '').trim();
  return (base || name.trim()).slice(0, 100);
}

/** Whole seconds as the server stores them (0–86 400), or nothing when the length is unknown. */
export function wholeSeconds(seconds: number | undefined): number | undefined {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return undefined;
  return Math.min(86_400, Math.round(seconds));
}

/** The save call's body: the whole form every time (the server replaces videos and knowledge points). */
export function toSavePayload(values: LessonFormValues, lessonId?: string, live = false): SaveLessonInput {
  return {
    ...(lessonId ? { lessonId } : {}),
    title: values.title.trim(),
    liveFlag: live ? 1 : 0,
    ...(live && values.liveTime ? { liveStartTime: values.liveTime[0], liveEndTime: values.liveTime[1] } : {}),
    ...(values.teacherInfoId ? { teacherInfoId: values.teacherInfoId } : {}),
    stage: values.stage!,
    subjectCode: values.subjectCode!,
    grade: values.grade ?? 0,
    bookId: values.bookId ?? null,
    chapterNodeId: values.chapterNodeId ?? null,
    knowledgeNodeIds: [...new Set(values.knowledgeNodeIds ?? [])],
    description: values.description?.trim() ?? '',
    // Only when the form holds tags: an empty list clears them, no list keeps what is stored.
    ...(values.tagIds ? { tagIds: [...new Set(values.tagIds)] } : {}),
    resources: values.resources.map((row) => {
      const seconds = wholeSeconds(row.durationSeconds);
      return {
        ...(row.resourceId ? { resourceId: row.resourceId } : {}),
        title: row.title.trim(),
        ...(row.fileInfoId ? { fileInfoId: row.fileInfoId } : row.url ? { url: row.url } : {}),
        ...(seconds !== undefined ? { durationSeconds: seconds } : {}),
        ...(row.captionUrl ? { captionUrl: row.captionUrl } : {}),
      };
    }),
  };
}

/** The form filled with a saved lesson, for editing. */
export function fromDetail(lesson: OwnLessonDetail): LessonFormValues {
  return {
    title: lesson.title,
    stage: lesson.stage,
    subjectCode: lesson.subjectCode,
    grade: lesson.grade,
    bookId: lesson.bookId ?? undefined,
    chapterNodeId: lesson.chapterNodeId ?? undefined,
    knowledgeNodeIds: lesson.knowledgeNodes.map((k) => k.nodeId),
    description: lesson.description ?? '',
    ...(lesson.liveStartTime !== null && lesson.liveEndTime !== null ? { liveTime: [lesson.liveStartTime, lesson.liveEndTime] as const } : {}),
    ...(lesson.teacherInfoId ? { teacherInfoId: lesson.teacherInfoId, teacherName: lesson.teacherName } : {}),
    ...(lesson.tags?.length ? { tagIds: lesson.tags.map((tag) => tag.tagId) } : {}),
    resources: [...lesson.resources]
      .sort((a, b) => a.sort - b.sort)
      .map((r) => ({
        key: r.resourceId,
        resourceId: r.resourceId,
        title: r.title,
        ...(r.fileInfoId ? { fileInfoId: r.fileInfoId } : r.url ? { url: r.url } : {}),
        ...(r.durationSeconds ? { durationSeconds: r.durationSeconds } : {}),
        ...(r.captionUrl ? { captionUrl: r.captionUrl } : {}),
      })),
  };
}

type FieldName = keyof LessonFormValues;
export type FieldPath = [FieldName] | ['resources', number, 'title'];

const FORM_FIELDS = new Set<string>(['title', 'stage', 'subjectCode', 'grade', 'bookId', 'chapterNodeId', 'knowledgeNodeIds', 'description', 'tagIds', 'resources', 'liveTime']);

/**
 * The form field a failed save names. The server sends the parameter at fault as `data.field`
 * (`title`, `resources[1].title`, `knowledgeNodeIds[2]`); the SDK's error carries it as `field`.
 * `editionId` is set by the book, and a parameter the form does not show leaves the form as a whole.
 */
export function fieldOfError(error: unknown): FieldPath | null {
  const path = serverField(error);
  return path === null ? null : fieldOfPath(path);
}

export function fieldOfPath(path: string): FieldPath | null {
  const match = /^([A-Za-z]+)(?:\[(\d+)\](?:\.([A-Za-z]+))?)?/.exec(path);
  if (!match) return null;
  const name = match[1] === 'editionId' ? 'bookId' : match[1] === 'liveStartTime' || match[1] === 'liveEndTime' ? 'liveTime' : match[1]!;
  if (!FORM_FIELDS.has(name)) return null;
  if (name === 'resources' && match[2] !== undefined) return match[3] === 'title' ? ['resources', Number(match[2]), 'title'] : ['resources'];
  return [name as FieldName];
}
