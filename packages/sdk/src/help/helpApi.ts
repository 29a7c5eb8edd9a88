import type { JsonClient, RequestOptions } from '../http/calls.js';
import type {
  ApplyStatus,
  FeedbackCounts,
  FeedbackInput,
  FeedbackListQuery,
  HelpArticle,
  HelpArticleInput,
  HelpArticleSummary,
  ManagedFeedback,
  MyFeedback,
  Page,
} from './types.js';

/** Leaves out empty values, so a query never carries `type=` or `applyStatus=undefined`. */
function compact<T extends object>(query: T): Partial<T> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== '')) as Partial<T>;
}

/**
 * The help centre and feedback calls of a signed-in user and of a visitor (docs/api.md "Help centre
 * and feedback"). Help articles are public; sending and reading one's feedback need a session (a
 * visitor gets 401 and the screen asks 「需要登录后查看，是否登录？」). Request options come last.
 */
export function createHelpApi(http: JsonClient) {
  const cs = (path: string) => http.paths.cloudSchool(`/v1/${path}`);
  const pub = (o?: RequestOptions): RequestOptions => ({ ...o, public: true });
  return {
    sendFeedback: (input: FeedbackInput, o?: RequestOptions) => http.post<{ id: string }>(cs('feedback/save'), input, o),
    /** The caller's own feedback, newest first, with the replies. */
    myFeedback: (q: { pageNum: number; pageSize: number }, o?: RequestOptions) => http.get<Page<MyFeedback>>(cs('feedback/mine'), q, o),
    articles: (q: { topic?: string; keyword?: string } = {}, o?: RequestOptions) =>
      http.get<{ topics: string[]; rows: HelpArticleSummary[] }>(cs('help/articles'), compact(q), pub(o)),
    article: (id: string, o?: RequestOptions) => http.get<HelpArticle>(cs(`help/articles/${encodeURIComponent(id)}`), undefined, pub(o)),
  };
}

/** The back-office side: the feedback table, replies, status changes and help articles. */
export function createHelpManageApi(http: JsonClient) {
  const cs = (path: string) => http.paths.cloudSchool(`/v1/${path}`);
  return {
    list: (q: FeedbackListQuery, o?: RequestOptions) => http.get<Page<ManagedFeedback>>(cs('feedback/list'), compact(q), o),
    counts: (q: Omit<FeedbackListQuery, 'pageNum' | 'pageSize' | 'applyStatus'> = {}, o?: RequestOptions) =>
      http.get<FeedbackCounts>(cs('feedback/counts'), compact(q), o),
    reply: (body: { id: string; reply: string; applyStatus?: ApplyStatus }, o?: RequestOptions) => http.post<ManagedFeedback>(cs('feedback/reply'), body, o),
    setStatus: (body: { ids: string[]; applyStatus: ApplyStatus }, o?: RequestOptions) => http.post<{ updated: number }>(cs('feedback/status'), body, o),
    saveArticle: (body: HelpArticleInput, o?: RequestOptions) => http.post<HelpArticle>(cs('help/articles/save'), body, o),
    deleteArticles: (ids: string[], o?: RequestOptions) => http.post<{ deleted: number }>(cs('help/articles/delete'), { ids }, o),
  };
}

export type HelpApi = ReturnType<typeof createHelpApi>;
export type HelpManageApi = ReturnType<typeof createHelpManageApi>;
