import type { Platform } from '@dscloud/sdk';
import type {
  Book,
  CarouselSlide,
  CollectionRow,
  HistoryNode,
  LearningTotals,
  LessonDetail,
  LessonFilter,
  LessonSummary,
  Note,
  Page,
  ScheduleDay,
  StudyRow,
  SubjectOption,
  Topic,
  TreeNode,
} from './lessonTypes';

export type * from './lessonTypes';

type Paging = { pageNum?: number; pageSize?: number };

/**
 * The cloud-lesson calls the learning screens make, typed, over the platform's one HTTP client.
 * Browsing lists go out public (no token, no refresh) unless the answer says more for a signed-in viewer.
 */
export function lessonsApi(platform: Platform) {
  const { http, paths } = platform;
  const cs = (path: string) => paths.cloudSchool(`/v1/${path}`);
  const pub = { public: true } as const;
  // Detail and related lists tell a signed-in viewer about their collection and progress.
  const viewer = () => (platform.session.getState().token ? {} : pub);

  return {
    recommended: (query: { stage?: number; subjectCode?: number; limit?: number } = {}) =>
      http.get<LessonSummary[]>(cs('cloudLesson/getRecommendLesson'), query, viewer()),
    onDemandPage: (filter: LessonFilter) => http.post<Page<LessonSummary>>(cs('cloudLesson/getOnDemandLessonPage'), filter, pub),
    livePage: (filter: LessonFilter) => http.post<Page<LessonSummary>>(cs('cloudLesson/getLiveLessonPage'), filter, pub),
    liveSchedule: (filter: LessonFilter & { startDate: string; endDate: string }) =>
      http.post<ScheduleDay[]>(cs('cloudLesson/getLiveLessonSchedule'), filter, pub),
    relatedPage: (body: { lessonId: string } & Paging) => http.post<Page<LessonSummary>>(cs('cloudLesson/getRelatedLessonPage'), body, pub),
    byId: (lessonId: string) => http.get<LessonDetail>(cs('cloudLesson/getById'), { lessonId }, viewer()),
    specialPage: (filter: LessonFilter & { specialSubjectId: string }) =>
      http.post<Page<LessonSummary>>(cs('cloudLesson/getSpecialSubjectLessonPage'), filter, pub),
    addDownloadCount: (lessonId: string) => http.post<{ downloadCount: number }>(cs('cloudLesson/addDownloadCount'), { lessonId }),

    subjects: (stage?: number) => http.post<SubjectOption[]>(cs('lessonNode/getSubjectList'), { stage }, pub),
    books: (query: { stage?: number; subjectCode?: number; editionId?: string; grade?: number }) =>
      http.post<Book[]>(cs('lessonNode/getBookList'), query, pub),
    chapterTree: (bookId: string) => http.post<TreeNode[]>(cs('lessonNode/getChapterTree'), { bookId }, pub),
    knowledgeTree: (subjectCode: number) => http.post<TreeNode[]>(cs('lessonNode/getKnowledgeTree'), { subjectCode }, pub),
    historyNode: (businessType: string) => http.get<HistoryNode | null>(cs('lessonHistoryNode/getByBusinessType'), { businessType }),
    saveHistoryNode: (businessType: string, node: HistoryNode) => http.post<HistoryNode>(cs('lessonHistoryNode/save'), { businessType, ...node }),

    topics: () => http.post<Topic[]>(cs('specialSubject/list'), {}, pub),
    slides: () => http.get<CarouselSlide[]>(cs('carouselImage/list/home'), undefined, viewer()),

    notesPage: (body: Paging & { lessonId?: string; keyword?: string }) => http.post<Page<Note>>(cs('lessonNote/getNotesPage'), body),
    studyPage: (body: Paging & { liveFlag?: 0 | 1 }) => http.post<Page<StudyRow>>(cs('lessonOperation/getPage'), body),
    totals: () => http.get<LearningTotals>(cs('lessonOperation/getLearningCountAndDuration')),
    score: (lessonId: string, score: number) =>
      http.post<{ scoreAvg: number; scoreCount: number }>(cs('lessonOperation/score'), { lessonId, score }),

    collect: (lessonId: string, on: boolean) =>
      http.post<{ collected: boolean }>(cs(`lessonCollection/${on ? 'add' : 'remove'}`), { lessonId }),
    collectionPage: (body: Paging & { liveFlag?: 0 | 1 }) => http.post<Page<CollectionRow>>(cs('lessonCollection/page'), body),
  };
}

export type LessonsApi = ReturnType<typeof lessonsApi>;
