/** Shapes of the help centre and feedback calls, shared by the portal, `<ds-help-widget>` and the server. */

export type FeedbackType = 'bug' | 'suggestion' | 'account' | 'content' | 'other';

export const FEEDBACK_TYPES: readonly FeedbackType[] = Object.freeze(['bug', 'suggestion', 'account', 'content', 'other'] as const);

/** Labels of the feedback types, zh-CN first. */
export const FEEDBACK_TYPE_LABELS: Readonly<Record<FeedbackType, { 'zh-CN': string; en: string }>> = Object.freeze({
  bug: { 'zh-CN': '功能异常', en: 'Something is broken' },
  suggestion: { 'zh-CN': '功能建议', en: 'Suggestion' },
  account: { 'zh-CN': '账号问题', en: 'Account' },
  content: { 'zh-CN': '内容问题', en: 'Content' },
  other: { 'zh-CN': '其他', en: 'Other' },
});

/** Apply status of a feedback: 0 待处理, 1 已处理, 2 无需处理 (spec §4). */
export type ApplyStatus = 0 | 1 | 2;
export const APPLY_STATUSES: readonly ApplyStatus[] = Object.freeze([0, 1, 2] as const);
export const APPLY_STATUS_LABELS: Readonly<Record<ApplyStatus, { 'zh-CN': string; en: string }>> = Object.freeze({
  0: { 'zh-CN': '待处理', en: 'Pending' },
  1: { 'zh-CN': '已处理', en: 'Handled' },
  2: { 'zh-CN': '无需处理', en: 'No action needed' },
});

/** One failed call the SDK's HTTP layer saw: no token, no body, the path without its query. */
export interface RecentError {
  code: number | string;
  message: string;
  /** ISO 8601 instant. */
  at: string;
  url?: string;
}

/** What a feedback carries about where it was written, attached only with the user's consent. */
export interface FeedbackContext {
  page: string;
  role: string;
  browser: string;
  errors: RecentError[];
}

export interface FeedbackInput {
  type: FeedbackType;
  content: string;
  contact?: string;
  /** Stored files of the caller (`fileInfoId` of an upload), at most FEEDBACK_SCREENSHOTS_MAX. */
  screenshotFileIds?: string[];
  context?: FeedbackContext;
}

export interface FeedbackScreenshot {
  fileId: string;
  /** A signed link an `<img>` can load without the token. */
  url: string;
  thumbUrl?: string;
}

/** A feedback as its author sees it (`feedback/mine`). */
export interface MyFeedback {
  id: string;
  type: FeedbackType;
  content: string;
  contact: string;
  screenshots: FeedbackScreenshot[];
  applyStatus: ApplyStatus;
  reply?: string;
  repliedAt?: string;
  createdAt: string;
}

/** A feedback as the back-office sees it (`feedback/list`). */
export interface ManagedFeedback extends MyFeedback {
  userId: string;
  userName: string;
  role: string;
  orgName: string;
  context: FeedbackContext | null;
  repliedBy?: string;
}

export interface FeedbackListQuery {
  pageNum: number;
  pageSize: number;
  applyStatus?: ApplyStatus;
  type?: FeedbackType;
  keyword?: string;
  /** Dates `YYYY-MM-DD` (China time), both ends included. */
  from?: string;
  to?: string;
}

export type FeedbackCounts = Record<ApplyStatus, number>;

export interface HelpArticleSummary {
  id: string;
  topic: string;
  title: string;
  summary: string;
  videoUrl?: string;
  /** The video's poster picture, when the server has one (the platform's own operation videos). */
  posterUrl?: string;
  sort: number;
  updatedAt: string;
}

export interface HelpArticle extends HelpArticleSummary {
  /** Sanitised HTML. */
  body: string;
  updatedBy?: string;
}

export interface HelpArticleInput {
  id?: string;
  topic: string;
  title: string;
  summary?: string;
  body: string;
  videoUrl?: string | null;
  sort?: number;
}

export interface Page<T> {
  rows: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}
