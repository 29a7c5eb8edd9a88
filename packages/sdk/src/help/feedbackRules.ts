/**
 * The rules of a feedback and of a reply, once for the form, the widget and the server: the server
 * answers a refusal with the same words and field, plus the code, so a form marks the same field.
 * Lengths are counted in characters (code points), as the form's counter shows them.
 */
import { Codes } from '../errors/catalogue.js';
import { APPLY_STATUSES, FEEDBACK_TYPES, type ApplyStatus } from './types.js';

export const FEEDBACK_CONTENT_MAX = 1000;
export const FEEDBACK_CONTACT_MAX = 50;
export const FEEDBACK_SCREENSHOTS_MAX = 3;
export const FEEDBACK_REPLY_MAX = 1000;
export const CONTEXT_PAGE_MAX = 500;
export const CONTEXT_ROLE_MAX = 30;
export const CONTEXT_BROWSER_MAX = 300;
export const CONTEXT_ERRORS_MAX = 10;
export const CONTEXT_ERROR_MESSAGE_MAX = 300;

/** What is wrong with one input: the field (request path), a Chinese sentence naming it, the catalogue code. */
export interface FeedbackProblem {
  field: string;
  message: string;
  code: number;
}

/** Characters as a person counts them (an emoji or a rare hanzi is one). */
export function charCount(text: string): number {
  return [...text].length;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const problem = (field: string, message: string, code: number): FeedbackProblem => ({ field, message, code });

function textProblem(value: unknown, field: string, label: string, max: number, code: number, required: boolean): FeedbackProblem | undefined {
  if (value === undefined || value === null) return required ? problem(field, `请填写${label}（${field}）`, code) : undefined;
  if (typeof value !== 'string') return problem(field, `参数 ${field}（${label}）必须是文字`, code);
  if (required && value.trim() === '') return problem(field, `请填写${label}（${field}）`, code);
  if (charCount(value) > max) return problem(field, `参数 ${field}（${label}）不能超过 ${max} 个字，现在 ${charCount(value)} 个`, code);
  return undefined;
}

function contextProblem(context: unknown): FeedbackProblem | undefined {
  const code = Codes.FEEDBACK_CONTEXT_INVALID;
  if (context === undefined || context === null) return undefined;
  if (!isObject(context)) return problem('context', '参数 context（附带信息）格式不正确', code);
  const texts: [string, string, number][] = [
    ['page', '页面', CONTEXT_PAGE_MAX],
    ['role', '角色', CONTEXT_ROLE_MAX],
    ['browser', '浏览器', CONTEXT_BROWSER_MAX],
  ];
  for (const [key, label, max] of texts) {
    const found = textProblem(context[key], `context.${key}`, `附带的${label}`, max, code, false);
    if (found) return found;
  }
  const errors = context.errors;
  if (errors === undefined || errors === null) return undefined;
  if (!Array.isArray(errors)) return problem('context.errors', '参数 context.errors（最近的错误）必须是列表', code);
  if (errors.length > CONTEXT_ERRORS_MAX) return problem('context.errors', `参数 context.errors（最近的错误）最多 ${CONTEXT_ERRORS_MAX} 条，收到 ${errors.length} 条`, code);
  for (const [i, entry] of errors.entries()) {
    const at = `context.errors[${i}]`;
    if (!isObject(entry)) return problem(at, `参数 ${at}（错误记录）格式不正确`, code);
    if (typeof entry.code !== 'number' && typeof entry.code !== 'string') return problem(`${at}.code`, `参数 ${at}.code（错误码）必须是数字或文字`, code);
    const message = textProblem(entry.message, `${at}.message`, '错误信息', CONTEXT_ERROR_MESSAGE_MAX, code, false);
    if (message) return message;
    if (typeof entry.at !== 'string' || Number.isNaN(Date.parse(entry.at))) return problem(`${at}.at`, `参数 ${at}.at（出错时间）不是有效的时间`, code);
    const url = textProblem(entry.url, `${at}.url`, '出错的地址', CONTEXT_PAGE_MAX, code, false);
    if (url) return url;
  }
  return undefined;
}

/**
 * The first problem of a feedback, or undefined when it may be sent. `input` is what a client would
 * send (possibly anything: the server runs this on the request body).
 */
export function feedbackProblem(input: unknown): FeedbackProblem | undefined {
  if (!isObject(input)) return problem('type', '请选择反馈类型（type）', Codes.FEEDBACK_TYPE_INVALID);
  if (!(FEEDBACK_TYPES as readonly unknown[]).includes(input.type)) {
    return problem('type', `参数 type（反馈类型）只能是 ${FEEDBACK_TYPES.join('、')} 之一`, Codes.FEEDBACK_TYPE_INVALID);
  }
  const content = textProblem(input.content, 'content', '反馈内容', FEEDBACK_CONTENT_MAX, Codes.FEEDBACK_CONTENT_INVALID, true);
  if (content) return content;
  const contact = textProblem(input.contact, 'contact', '联系方式', FEEDBACK_CONTACT_MAX, Codes.FEEDBACK_CONTACT_INVALID, false);
  if (contact) return contact;
  const shots = input.screenshotFileIds;
  if (shots !== undefined && shots !== null) {
    const code = Codes.FEEDBACK_SCREENSHOT_INVALID;
    if (!Array.isArray(shots)) return problem('screenshotFileIds', '参数 screenshotFileIds（截图）必须是列表', code);
    if (shots.length > FEEDBACK_SCREENSHOTS_MAX) {
      return problem('screenshotFileIds', `参数 screenshotFileIds（截图）最多 ${FEEDBACK_SCREENSHOTS_MAX} 张，收到 ${shots.length} 张`, code);
    }
    const bad = shots.findIndex((id) => typeof id !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(id));
    if (bad >= 0) return problem(`screenshotFileIds[${bad}]`, `参数 screenshotFileIds[${bad}]（截图）不是有效的文件编号`, code);
    if (new Set(shots).size !== shots.length) return problem('screenshotFileIds', '参数 screenshotFileIds（截图）有重复的图片', code);
  }
  return contextProblem(input.context);
}

/** The first problem of a reply, or undefined. */
export function replyProblem(reply: unknown): FeedbackProblem | undefined {
  return textProblem(reply, 'reply', '回复内容', FEEDBACK_REPLY_MAX, Codes.FEEDBACK_REPLY_INVALID, true);
}

export function isApplyStatus(value: unknown): value is ApplyStatus {
  return (APPLY_STATUSES as readonly unknown[]).includes(value);
}

/** The first problem of an apply status, or undefined. */
export function applyStatusProblem(value: unknown, field = 'applyStatus'): FeedbackProblem | undefined {
  return isApplyStatus(value) ? undefined : problem(field, `参数 ${field}（处理状态）只能是 0（待处理）、1（已处理）或 2（无需处理）`, Codes.FEEDBACK_STATUS_INVALID);
}
