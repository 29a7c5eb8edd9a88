/** The rules of a help article, once for the back-office form and the server. */
import { Codes } from '../errors/catalogue.js';
import { charCount, type FeedbackProblem } from './feedbackRules.js';

export const ARTICLE_TOPIC_MAX = 20;
export const ARTICLE_TITLE_MAX = 60;
export const ARTICLE_SUMMARY_MAX = 200;
/** Of the cleaned HTML, tags included. */
export const ARTICLE_BODY_MAX = 50_000;
export const ARTICLE_VIDEO_URL_MAX = 500;

const problem = (field: string, message: string): FeedbackProblem => ({ field, message, code: Codes.HELP_ARTICLE_INVALID });

function text(value: unknown, field: string, label: string, max: number, required: boolean): FeedbackProblem | undefined {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    return required ? problem(field, `请填写${label}（${field}）`) : undefined;
  }
  if (typeof value !== 'string') return problem(field, `参数 ${field}（${label}）必须是文字`);
  if (charCount(value) > max) return problem(field, `参数 ${field}（${label}）不能超过 ${max} 个字，现在 ${charCount(value)} 个`);
  return undefined;
}

/** A video link must be http(s) or a site path (`/static/…`); anything else is refused, never rewritten. */
export function isVideoUrl(value: string): boolean {
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  return /^https?:\/\/[^\s/]+/i.test(value);
}

/** The first problem of a help article before its body is cleaned, or undefined. */
export function helpArticleProblem(input: unknown): FeedbackProblem | undefined {
  if (input === null || typeof input !== 'object') return problem('title', '请填写标题（title）');
  const a = input as Record<string, unknown>;
  const first =
    text(a.topic, 'topic', '分类', ARTICLE_TOPIC_MAX, true) ??
    text(a.title, 'title', '标题', ARTICLE_TITLE_MAX, true) ??
    text(a.summary, 'summary', '摘要', ARTICLE_SUMMARY_MAX, false) ??
    text(a.body, 'body', '正文', ARTICLE_BODY_MAX, true) ??
    text(a.videoUrl, 'videoUrl', '视频地址', ARTICLE_VIDEO_URL_MAX, false);
  if (first) return first;
  if (typeof a.videoUrl === 'string' && a.videoUrl.trim() !== '' && !isVideoUrl(a.videoUrl.trim())) {
    return problem('videoUrl', '参数 videoUrl（视频地址）必须以 http://、https:// 或 / 开头');
  }
  if (a.sort !== undefined && a.sort !== null && (!Number.isInteger(a.sort) || (a.sort as number) < 0 || (a.sort as number) > 9999)) {
    return problem('sort', '参数 sort（排序）必须是 0 到 9999 的整数');
  }
  return undefined;
}
