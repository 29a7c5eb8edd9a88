/** Shapes of the cloud-lesson calls as the server answers them (docs/api.md "Cloud lessons"). */

export type LiveState = 'upcoming' | 'living' | 'ended';

export interface LessonSummary {
  lessonId: string;
  title: string;
  lessonType: string;
  liveFlag: 0 | 1;
  liveState: LiveState | null;
  stage: number;
  stageName: string;
  subjectCode: number;
  subjectName: string;
  grade: number;
  gradeName: string;
  editionName: string | null;
  bookName: string | null;
  chapterName: string | null;
  teacherName: string | null;
  teacherTitle: string | null;
  schoolName: string | null;
  coverUrl: string | null;
  durationSeconds: number | null;
  liveStartTime: number | null;
  liveEndTime: number | null;
  excellentFlag: 0 | 1;
  downloadCount: number;
  learningCount: number;
  viewCount: number;
  createTime: number;
}

export interface LessonResource {
  resourceId: string;
  title: string;
  url: string | null;
  playUrl: string;
  durationSeconds: number | null;
  captionUrl: string | null;
  sort: number;
}

export interface LessonDetail extends LessonSummary {
  description: string | null;
  chapterPath: string[];
  knowledgeNodes: { nodeId: string; name: string }[];
  resources: LessonResource[];
  scoreAvg: number | null;
  scoreCount: number;
  collected: boolean;
  myScore: number | null;
  myLearning: { totalSeconds: number; lastPosition: number; lastResourceId: string; lastLearnTime: number } | null;
}

export type LessonOrder = 'newest' | 'hottest' | 'excellent' | 'liveStart' | 'liveStartDesc';

export interface LessonFilter {
  pageNum?: number;
  pageSize?: number;
  stage?: number;
  subjectCode?: number;
  grade?: number;
  editionId?: string;
  bookId?: string;
  nodeId?: string;
  keyword?: string;
  excellentFlag?: 0 | 1;
  specialSubjectId?: string;
  liveState?: LiveState;
  orderBy?: LessonOrder;
}

export interface Page<T> {
  rows: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

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
