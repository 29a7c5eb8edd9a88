/**
 * The cloud-lesson shapes client and server share (docs/api.md "Cloud lessons"): the server answers
 * with them and validates against them; the SDK's lessons client, the portal and the elements read them.
 */

export const LESSON_ORDERS = ['newest', 'hottest', 'excellent', 'liveStart', 'liveStartDesc'] as const;
export type LessonOrder = (typeof LESSON_ORDERS)[number];
export const LIVE_STATES = ['upcoming', 'living', 'ended'] as const;
/** Where a live lesson stands at the time of the answer: not started, on air, over. */
export type LiveState = (typeof LIVE_STATES)[number];

/** Body of the list calls; every field optional. */
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
  teacherUserId?: string;
  teacherInfoId?: string;
  /** Part of the teacher's name (the back-office tables). */
  teacherName?: string;
  schoolId?: string;
  startTime?: number;
  endTime?: number;
  orderBy?: LessonOrder;
  excellentFlag?: number;
  specialSubjectId?: string;
  /** Only lessons carrying this tag (`lessonTag/list`). */
  tagId?: string;
  liveState?: LiveState;
  publishStatus?: number;
  onlyMine?: boolean;
}

/** A tag as a lesson carries it. */
export interface LessonTagRef {
  tagId: string;
  name: string;
}

/** Where a lesson or book sits in the curriculum, with the names shown for its codes. */
export interface CurriculumLabels {
  stage: number;
  stageName: string;
  subjectCode: number;
  subjectName: string;
  grade: number;
  gradeName: string;
}

export interface LessonSummary extends CurriculumLabels {
  lessonId: string;
  title: string;
  lessonType: string;
  liveFlag: number;
  liveState: LiveState | null;
  editionId: string | null;
  editionName: string;
  bookId: string | null;
  bookName: string;
  chapterNodeId: string | null;
  chapterName: string;
  teacherUserId: string | null;
  teacherInfoId: string | null;
  teacherName: string;
  teacherTitle: string;
  teacherAvatarUrl: string;
  schoolId: string;
  schoolName: string;
  coverUrl: string;
  coverFileId: string | null;
  durationSeconds: number;
  liveStartTime: number | null;
  liveEndTime: number | null;
  publishStatus: number;
  publishTime: number | null;
  excellentFlag: number;
  downloadCount: number;
  learningCount: number;
  viewCount: number;
  specialSubjectIds: string[];
  /** The lesson's tags, in the tag list's order. */
  tags: LessonTagRef[];
  createdBy: string | null;
  createTime: number;
  updateTime: number;
}

export interface LessonResource {
  resourceId: string;
  title: string;
  url: string;
  fileInfoId: string | null;
  /** What the player loads: `url`, or a signed media link to the uploaded file `fileInfoId`. */
  playUrl: string;
  durationSeconds: number;
  captionUrl: string;
  sort: number;
  /**
   * Once the uploaded video is transcoded: its adaptive HLS stream (master playlist), a poster frame
   * and the seek previews (WebVTT of sprite tiles); '' before that, for a linked video, or from a
   * server that does not transcode. Absent from older servers.
   */
  hlsUrl?: string;
  posterUrl?: string;
  thumbnailsUrl?: string;
}

/**
 * Where an uploaded video of a lesson is on its way to adaptive streaming (`getVideoStates`):
 * `linked` an address that plays as it is; `off` transcoding is off on the server; `none` an upload
 * never queued (before transcoding was on); then the job's `queued`, `running`, `done`, `failed`
 * (with `error`), `cancelled`.
 */
export type LessonVideoStateName = 'linked' | 'off' | 'none' | 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface LessonVideoState {
  resourceId: string;
  title: string;
  fileInfoId: string | null;
  state: LessonVideoStateName;
  /** 0–100. */
  progress: number;
  /** While running: the seconds the pass expects to need still; null when not known. */
  etaSeconds: number | null;
  /** Why it failed, in the caller's language ('' otherwise). */
  error: string;
}

export interface LessonVideoStates {
  /** Whether this server transcodes uploads (else `reason` says why, in the caller's language). */
  transcoding: boolean;
  reason: string;
  /** The lessons asked for that the caller may manage, each with its videos in their order. */
  lessons: { lessonId: string; videos: LessonVideoState[] }[];
}

export interface LessonDetail extends LessonSummary {
  description: string;
  /** Names from the unit down to the lesson's chapter node. */
  chapterPath: string[];
  knowledgeNodes: { nodeId: string; name: string }[];
  resources: LessonResource[];
}

/** Where the caller stands in a lesson: time watched, last position and video. */
export interface LearningState {
  totalSeconds: number;
  lastPosition: number;
  lastResourceId: string | null;
  lastLearnTime: number | null;
}

/** What the lesson detail (`getById`) adds for the caller; `false`/`null` without a token. */
export interface LearnerExtras {
  scoreAvg: number;
  scoreCount: number;
  collected: boolean;
  myScore: number | null;
  myLearning: LearningState | null;
}

export type LessonView = LessonDetail & LearnerExtras;

/** One video of `cloudLesson/save`: an uploaded file (`fileInfoId`) or an address (`url`). */
export interface ResourceInput {
  resourceId?: string;
  title: string;
  url?: string;
  fileInfoId?: string | null;
  durationSeconds?: number;
  captionUrl?: string;
}

/** Body of `cloudLesson/save`. */
export interface SaveLessonInput {
  lessonId?: string;
  title: string;
  lessonType?: string;
  description?: string;
  liveFlag?: number;
  stage: number;
  subjectCode: number;
  grade: number;
  editionId?: string | null;
  bookId?: string | null;
  chapterNodeId?: string | null;
  knowledgeNodeIds?: string[];
  teacherInfoId?: string | null;
  teacherUserId?: string | null;
  schoolId?: string;
  schoolName?: string;
  coverUrl?: string;
  coverFileId?: string | null;
  liveStartTime?: number | null;
  liveEndTime?: number | null;
  durationSeconds?: number;
  resources?: ResourceInput[];
  specialSubjectIds?: string[];
  /** Replaces the lesson's tags when given. */
  tagIds?: string[];
}

export interface Page<T> {
  rows: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** One report of time watched (`lessonOperation/addLearningDuration`). */
export interface LearningReport {
  lessonId: string;
  resourceId: string;
  seconds: number;
  position: number;
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
  /** An uploaded cover (its `coverUrl` is then a signed link). */
  coverFileId?: string | null;
  lessonCount: number;
  sort?: number;
  /** Its special-topic type, if any. */
  typeId?: string | null;
  typeName?: string | null;
}

/** A special-topic type (`specialSubjectType/list`). */
export interface TopicType {
  typeId: string;
  name: string;
  sort: number;
}

/** A lesson tag (`lessonTag/list`). */
export interface LessonTag {
  tagId: string;
  name: string;
  sort: number;
}

export interface CarouselSlide {
  carouselImageId: string;
  key: string;
  title: string;
  subtitle: string | null;
  /** English title and subtitle (optional; '' or absent: show the Chinese ones). */
  titleEn?: string;
  subtitleEn?: string;
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

/** A key point on a video's time line (`lessonResourceMark/getList`), in time order. */
export interface ResourceMark {
  markId: string;
  lessonResourceId: string;
  /** Seconds from the start of the video. */
  markTime: number;
  title: string;
  content: string;
  createTime: number;
}

/** One mark of `lessonResourceMark/batchSave`: the list replaces the video's marks as a whole. */
export interface ResourceMarkInput {
  markTime: number;
  title: string;
  content?: string;
}

/** Limits of a video's marks, checked by the server and by the player's editor. */
export const MARK_LIMITS = { marks: 100, title: 100, content: 1000 } as const;

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
