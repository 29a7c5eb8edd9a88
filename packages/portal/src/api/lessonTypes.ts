/**
 * Shapes of the cloud-lesson calls as the server answers them (docs/api.md "Cloud lessons"). The lesson
 * shapes themselves come from the SDK, where the server takes them from too.
 */
import type { LessonSummary } from '@dscloud/sdk/lessons';


export type { LessonFilter, LessonOrder, LessonResource, LessonSummary, LiveState, Page } from '@dscloud/sdk/lessons';
/** The detail as `getById` answers it: the lesson with its videos and the caller's score, collection and progress. */
export type { LessonView as LessonDetail } from '@dscloud/sdk/lessons';

export interface ScheduleDay {
  date: string;
  /** Monday 1 … Sunday 7. */
  weekday: number;
  lessons: LessonSummary[];
}

export interface SubjectOption {
  stage: number;
  stageName: string;
  subjectCode: number;
  subjectName: string;
  editions: { editionId: string; editionName: string }[];
}

export interface Book {
  bookId: string;
  name: string;
  editionId: string;
  editionName: string;
  grade: number;
  gradeName: string;
  term: number;
}

export interface TreeNode {
  nodeId: string;
  name: string;
  children: TreeNode[];
}

export interface Topic {
  specialSubjectId: string;
  name: string;
  description: string | null;
  coverUrl: string | null;
  lessonCount: number;
}

export interface CarouselSlide {
  carouselImageId: string;
  key: string;
  title: string;
  subtitle: string | null;
  imageUrl: string | null;
  target: { type: 'route' | 'external' | 'url' | 'none'; path?: string; key?: string; url?: string };
}

export interface Note {
  lessonNoteId: string;
  lessonId: string;
  resourceId: string | null;
  content: string;
  videoTime: number;
  lessonTitle: string;
  lessonCoverUrl: string | null;
  subjectCode: number;
  createTime: number;
}

export type StudyRow = LessonSummary & { totalSeconds: number; lastPosition: number; lastLearnTime: number; myScore: number | null };
export type CollectionRow = LessonSummary & { collectTime: number };

export interface LearningTotals {
  learningCount: number;
  totalDuration: number;
  noteCount: number;
  collectionCount: number;
}

/** A user's last position in the curriculum on one screen (`/lessonHistoryNode`, docs/api.md). */
export interface HistoryNode {
  stage?: number | null;
  subjectCode?: number | null;
  grade?: number | null;
  businessEditionId?: string | null;
  businessBookId?: string | null;
  businessBookLabel?: string | null;
  nodeId?: string | null;
  nodeLabel?: string | null;
  nodeType?: 'chapter' | 'knowledge' | null;
}
