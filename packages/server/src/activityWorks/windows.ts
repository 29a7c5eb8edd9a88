/**
 * The time windows a teacher's call must fall in, with the refusal naming the window and its bounds
 * in China time (Asia/Shanghai), whatever the server's own time zone: 「报名已于 2026-12-01 18:00 截止」.
 */
import { Codes } from '@dscloud/sdk/errors';
import { AppError } from '../http/appError.js';
import type { ActivityRow } from '../activities/activityAccess.js';

const CHINA = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `2026-12-01 18:00` in China time. */
export function chinaTime(ms: number): string {
  const parts = Object.fromEntries(CHINA.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

type WindowName = 'signUp' | 'upload';

const WINDOWS: Record<WindowName, { label: string; start: keyof ActivityRow; end: keyof ActivityRow; verbEnd: string }> = {
  signUp: { label: '报名', start: 'signUpStartAt', end: 'signUpEndAt', verbEnd: '截止' },
  upload: { label: '作品上传', start: 'uploadStartAt', end: 'uploadEndAt', verbEnd: '截止' },
};

/** Why the window is closed at `now` (Chinese), or null when it is open. */
export function windowClosedReason(row: ActivityRow, window: WindowName, now: number): string | null {
  const w = WINDOWS[window];
  const start = row[w.start] as number | null;
  const end = row[w.end] as number | null;
  if (start === null || end === null) return `活动未设置${w.label}时间`;
  if (now < start) return `${w.label}将于 ${chinaTime(start)} 开始（${w.label}时间 ${chinaTime(start)} 至 ${chinaTime(end)}）`;
  if (now >= end) return `${w.label}已于 ${chinaTime(end)} ${w.verbEnd}（${w.label}时间 ${chinaTime(start)} 至 ${chinaTime(end)}）`;
  return null;
}

/** Throws 409 naming the window and its bounds unless `now` lies inside it. */
export function assertWindowOpen(row: ActivityRow, window: WindowName, now: number): void {
  const reason = windowClosedReason(row, window, now);
  if (reason) throw new AppError(Codes.CONFLICT, reason);
}

/** Giving nodes up (and so withdrawing their works) is possible until the upload window closes. */
export function assertBeforeReview(row: ActivityRow, now: number): void {
  const end = row.uploadEndAt ?? row.signUpEndAt;
  if (end !== null && now >= end) throw new AppError(Codes.CONFLICT, `作品上传已于 ${chinaTime(end)} 截止，不能再取消报名或认领`);
}
