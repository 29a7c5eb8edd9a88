import type { JsonClient, RequestOptions } from '../http/calls.js';
import type {
  Book,
  CarouselSlide,
  CollectionRow,
  HistoryNode,
  LearningReport,
  LearningTotals,
  LessonFilter,
  LessonResource,
  LessonSummary,
  LessonVideoState,
  LessonVideoStates,
  LessonView,
  Note,
  Page,
  ResourceMark,
  ResourceMarkInput,
  ScheduleDay,
  StudyRow,
  SubjectOption,
  LessonTag,
  Topic,
  TopicType,
  TreeNode,
} from './types.js';

type Paging = { pageNum?: number; pageSize?: number };

export interface LessonsApiOptions {
  /**
   * Whether someone is signed in. When given, the calls that say more to a signed-in viewer (detail,
   * recommendations, slides) go out public while nobody is; when left out they always carry the session.
   */
  signedIn?: () => boolean;
  /**
   * A token an embedding page handed in: calls carry it instead of the session's and skip the
   * session's refresh (the host owns that token's lifetime).
   */
  token?: () => string | undefined;
}

/**
 * The cloud-lesson calls (spec §7, docs/api.md "Cloud lessons"), typed, over the platform's one HTTP
 * client. Browsing lists go out public (no token, no refresh). Every call takes request options last
 * (`silent` for a screen that shows its own message, `signal`).
 */
export function createLessonsApi(http: JsonClient, options: LessonsApiOptions = {}) {
  const cs = (path: string) => http.paths.cloudSchool(`/v1/${path}`);
  const as = (base: RequestOptions, extra?: RequestOptions): RequestOptions => {
    const merged = { ...base, ...extra };
    const own = options.token?.();
    return own ? { ...merged, public: true, headers: { ...merged.headers, Authorization: own } } : merged;
  };
  const pub = { public: true } as const;
  const session = {} as const;
  // Detail and related lists tell a signed-in viewer about their collection and progress, and a teacher
  // may open their own unpublished lesson, which a visitor's call would not find.
  const viewer = (): RequestOptions => (options.signedIn && !options.signedIn() ? pub : session);
  type O = RequestOptions | undefined;

  return {
    recommended: (query: { stage?: number; subjectCode?: number; limit?: number } = {}, o?: O) =>
      http.get<LessonSummary[]>(cs('cloudLesson/getRecommendLesson'), query, as(viewer(), o)),
    onDemandPage: (filter: LessonFilter, o?: O) => http.post<Page<LessonSummary>>(cs('cloudLesson/getOnDemandLessonPage'), filter, as(pub, o)),
    livePage: (filter: LessonFilter, o?: O) => http.post<Page<LessonSummary>>(cs('cloudLesson/getLiveLessonPage'), filter, as(pub, o)),
    liveSchedule: (filter: LessonFilter & { startDate: string; endDate: string }, o?: O) =>
      http.post<ScheduleDay[]>(cs('cloudLesson/getLiveLessonSchedule'), filter, as(pub, o)),
    relatedPage: (body: { lessonId: string } & Paging, o?: O) =>
      http.post<Page<LessonSummary>>(cs('cloudLesson/getRelatedLessonPage'), body, as(viewer(), o)),
    byId: (lessonId: string, o?: O) => http.get<LessonView>(cs('cloudLesson/getById'), { lessonId }, as(viewer(), o)),
    /** 视频处理 of these lessons' videos (their teacher or an administrator; other lessons are left out). */
    videoStates: (lessonIds: readonly string[], o?: O) => http.post<LessonVideoStates>(cs('cloudLesson/getVideoStates'), { lessonIds }, as(session, o)),
    /** 重试: a failed (or never queued) upload of the lesson is transcoded again; answers its new state. */
    retryVideo: (lessonId: string, resourceId: string, o?: O) =>
      http.post<LessonVideoState>(cs('cloudLesson/retryVideo'), { lessonId, resourceId }, as(session, o)),
    /** The lesson's videos with the address the player loads (`playUrl`). */
    resourceVideos: (lessonId: string, o?: O) => http.get<LessonResource[]>(cs('cloudLesson/getResourceVideo'), { lessonId }, as(session, o)),
    specialPage: (filter: LessonFilter & { specialSubjectId: string }, o?: O) =>
      http.post<Page<LessonSummary>>(cs('cloudLesson/getSpecialSubjectLessonPage'), filter, as(pub, o)),
    addDownloadCount: (lessonId: string, o?: O) =>
      http.post<{ downloadCount: number }>(cs('cloudLesson/addDownloadCount'), { lessonId }, as(session, o)),

    subjects: (stage?: number, o?: O) => http.post<SubjectOption[]>(cs('lessonNode/getSubjectList'), { stage }, as(pub, o)),
    books: (query: { stage?: number; subjectCode?: number; editionId?: string; grade?: number }, o?: O) =>
      http.post<Book[]>(cs('lessonNode/getBookList'), query, as(pub, o)),
    chapterTree: (bookId: string, o?: O) => http.post<TreeNode[]>(cs('lessonNode/getChapterTree'), { bookId }, as(pub, o)),
    knowledgeTree: (subjectCode: number, o?: O) => http.post<TreeNode[]>(cs('lessonNode/getKnowledgeTree'), { subjectCode }, as(pub, o)),
    historyNode: (businessType: string, o?: O) =>
      http.get<HistoryNode | null>(cs('lessonHistoryNode/getByBusinessType'), { businessType }, as(session, o)),
    saveHistoryNode: (businessType: string, node: HistoryNode, o?: O) =>
      http.post<HistoryNode>(cs('lessonHistoryNode/save'), { businessType, ...node }, as(session, o)),

    /** The topics in their order; of one special-topic type when `typeId` is given. */
    topics: (filter: { typeId?: string } = {}, o?: O) => http.post<Topic[]>(cs('specialSubject/list'), filter, as(pub, o)),
    /** The special-topic types, in order. */
    topicTypes: (o?: O) => http.post<TopicType[]>(cs('specialSubjectType/list'), {}, as(pub, o)),
    /** The lesson tags, in order. */
    tags: (o?: O) => http.post<LessonTag[]>(cs('lessonTag/list'), {}, as(pub, o)),
    slides: (o?: O) => http.get<CarouselSlide[]>(cs('carouselImage/list/home'), undefined, as(viewer(), o)),

    notesPage: (body: Paging & { lessonId?: string; keyword?: string }, o?: O) => http.post<Page<Note>>(cs('lessonNote/getNotesPage'), body, as(session, o)),
    saveNote: (note: { lessonId: string; resourceId: string | null; content: string; videoTime: number }, o?: O) =>
      http.post<Note>(cs('lessonNote/save'), note, as(session, o)),
    deleteNote: (lessonNoteId: string, o?: O) => http.delete<unknown>(cs('lessonNote/deleteByNoteId'), { lessonNoteId }, as(session, o)),
    /** Deletes every note of the caller on one lesson (nobody else's); answers how many went. */
    deleteLessonNotes: (lessonId: string, o?: O) =>
      http.delete<{ lessonId: string; deleted: number }>(cs('lessonNote/deleteByLessonId'), { lessonId }, as(session, o)),

    /** A video's key points, in time order (anyone who may watch the lesson). */
    marks: (lessonResourceId: string, o?: O) => http.get<ResourceMark[]>(cs('lessonResourceMark/getList'), { lessonResourceId }, as(viewer(), o)),
    /** Replaces a video's key points as a whole (the lesson's teacher or an administrator). */
    saveMarks: (lessonResourceId: string, marks: ResourceMarkInput[], o?: O) =>
      http.post<ResourceMark[]>(cs('lessonResourceMark/batchSave'), { lessonResourceId, marks }, as(session, o)),
    /** Counts one view of a lesson's page (once per viewer and hour on the server). */
    preview: (lessonId: string, o?: O) => http.post<{ lessonId: string; viewCount: number }>(cs('lessonPreview/add'), { lessonId }, as(viewer(), o)),

    studyPage: (body: Paging & { liveFlag?: 0 | 1 }, o?: O) => http.post<Page<StudyRow>>(cs('lessonOperation/getPage'), body, as(session, o)),
    totals: (o?: O) => http.get<LearningTotals>(cs('lessonOperation/getLearningCountAndDuration'), undefined, as(session, o)),
    score: (lessonId: string, score: number, o?: O) =>
      http.post<{ scoreAvg: number; scoreCount: number }>(cs('lessonOperation/score'), { lessonId, score }, as(session, o)),
    reportDuration: (report: LearningReport, o?: O) => http.post<unknown>(cs('lessonOperation/addLearningDuration'), report, as(session, o)),
    /** The absolute address of the learning report, for a keep-alive send on page hide. */
    reportUrl: () => http.url(cs('lessonOperation/addLearningDuration')),

    collect: (lessonId: string, on: boolean, o?: O) =>
      http.post<{ collected: boolean }>(cs(`lessonCollection/${on ? 'add' : 'remove'}`), { lessonId }, as(session, o)),
    collectionPage: (body: Paging & { liveFlag?: 0 | 1 }, o?: O) =>
      http.post<Page<CollectionRow>>(cs('lessonCollection/page'), body, as(session, o)),
  };
}

export type LessonsApi = ReturnType<typeof createLessonsApi>;
