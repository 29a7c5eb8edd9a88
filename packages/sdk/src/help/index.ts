/**
 * The help centre and feedback, once for every client (portal, `<ds-help-widget>`) and the server:
 * the shapes, the limits and the rules both sides check, the calls, and the context a feedback may
 * carry (page, role, browser, the SDK's recent errors) with the user's consent.
 */
export * from './types.js';
export {
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_CONTACT_MAX,
  FEEDBACK_SCREENSHOTS_MAX,
  FEEDBACK_REPLY_MAX,
  CONTEXT_PAGE_MAX,
  CONTEXT_ROLE_MAX,
  CONTEXT_BROWSER_MAX,
  CONTEXT_ERRORS_MAX,
  charCount,
  feedbackProblem,
  replyProblem,
  applyStatusProblem,
  isApplyStatus,
  type FeedbackProblem,
} from './feedbackRules.js';
export {
  ARTICLE_TOPIC_MAX,
  ARTICLE_TITLE_MAX,
  ARTICLE_SUMMARY_MAX,
  ARTICLE_BODY_MAX,
  ARTICLE_VIDEO_URL_MAX,
  helpArticleProblem,
  isVideoUrl,
} from './articleRules.js';
export { feedbackContext, redactUrl, type ContextSources } from './feedbackContext.js';
export { recentErrors, clearRecentErrors, RECENT_ERRORS_MAX } from '../http/recentErrors.js';
export { createHelpApi, createHelpManageApi, type HelpApi, type HelpManageApi } from './helpApi.js';
