/**
 * The three windows of an activity (报名, 作品上传, 评审) as the step form holds them, and the order the
 * server asks before publishing (docs/activities.md): sign-up opens first and closes before the upload
 * closes; the upload opens no earlier than sign-up and closes before the review closes; the review opens
 * no earlier than the upload. A draft may leave windows empty; publishing needs all six times.
 */
import type { ActivityWindows } from '@dscloud/sdk/activities';

export const WINDOW_NAMES = ['signUp', 'upload', 'audit'] as const;
export type WindowName = (typeof WINDOW_NAMES)[number];

/** One window as a range picker holds it: either end may be empty in a draft. */
export type WindowValue = readonly [number | null, number | null];
export type WindowsValue = Record<WindowName, WindowValue | undefined>;

/** Why a window is refused; the screen words each rule (`actm.win.<rule>`). */
export type WindowRule =
  | 'missing'
  | 'endNotAfterStart'
  | 'uploadStartsBeforeSignUp'
  | 'uploadEndsBeforeSignUp'
  | 'auditStartsBeforeUpload'
  | 'auditEndsBeforeUpload'
  | 'endMovedEarlier'
  | 'startedMoved';

export type WindowProblems = Partial<Record<WindowName, WindowRule>>;

const startOf = (w: WindowValue | undefined) => w?.[0] ?? null;
const endOf = (w: WindowValue | undefined) => w?.[1] ?? null;

/** The windows in the API's six fields. */
export function toApiWindows(windows: WindowsValue): ActivityWindows {
  return {
    signUpStartTime: startOf(windows.signUp),
    signUpEndTime: endOf(windows.signUp),
    uploadStartTime: startOf(windows.upload),
    uploadEndTime: endOf(windows.upload),
    auditStartTime: startOf(windows.audit),
    auditEndTime: endOf(windows.audit),
  };
}

export function fromApiWindows(w: ActivityWindows): WindowsValue {
  const pair = (start: number | null, end: number | null): WindowValue | undefined => (start === null && end === null ? undefined : [start, end]);
  return {
    signUp: pair(w.signUpStartTime, w.signUpEndTime),
    upload: pair(w.uploadStartTime, w.uploadEndTime),
    audit: pair(w.auditStartTime, w.auditEndTime),
  };
}

/** Whether `a` comes strictly before `b`, or at most at the same time when `orEqual`; an empty side is not judged. */
const before = (a: number | null, b: number | null, orEqual: boolean) => a === null || b === null || (orEqual ? a <= b : a < b);

/**
 * The first problem of each window, in reading order. `complete` (publishing, or editing a published
 * activity) asks for all six times; otherwise only the times given are judged against each other.
 */
export function windowProblems(windows: WindowsValue, complete: boolean): WindowProblems {
  const w = toApiWindows(windows);
  const problems: WindowProblems = {};
  const flag = (name: WindowName, rule: WindowRule) => {
    problems[name] ??= rule;
  };
  if (complete) {
    for (const name of WINDOW_NAMES) if (startOf(windows[name]) === null || endOf(windows[name]) === null) flag(name, 'missing');
  }
  if (!before(w.signUpStartTime, w.signUpEndTime, false)) flag('signUp', 'endNotAfterStart');
  if (!before(w.uploadStartTime, w.uploadEndTime, false)) flag('upload', 'endNotAfterStart');
  if (!before(w.auditStartTime, w.auditEndTime, false)) flag('audit', 'endNotAfterStart');
  if (!before(w.signUpStartTime, w.uploadStartTime, true)) flag('upload', 'uploadStartsBeforeSignUp');
  if (!before(w.signUpEndTime, w.uploadEndTime, true)) flag('upload', 'uploadEndsBeforeSignUp');
  if (!before(w.uploadStartTime, w.auditStartTime, true)) flag('audit', 'auditStartsBeforeUpload');
  if (!before(w.uploadEndTime, w.auditEndTime, true)) flag('audit', 'auditEndsBeforeUpload');
  return problems;
}

/**
 * What a published activity's windows may not do (docs/activities.md): a window may be extended — its
 * end moved later —, but no end moved earlier, and a window that has opened keeps its start.
 */
export function windowEditProblems(saved: ActivityWindows, windows: WindowsValue, now: number): WindowProblems {
  const problems: WindowProblems = {};
  for (const name of WINDOW_NAMES) {
    const oldStart = saved[`${name}StartTime`];
    const oldEnd = saved[`${name}EndTime`];
    const value = windows[name];
    if (oldStart !== null && oldStart <= now && startOf(value) !== oldStart) problems[name] = 'startedMoved';
    else if (oldEnd !== null && (endOf(value) === null || endOf(value)! < oldEnd)) problems[name] = 'endMovedEarlier';
  }
  return problems;
}

/** Which ends of each window a published activity's form keeps fixed: a start that has passed. */
export function lockedWindowStarts(saved: ActivityWindows, now: number): Record<WindowName, boolean> {
  const started = (start: number | null) => start !== null && start <= now;
  return {
    signUp: started(saved.signUpStartTime),
    upload: started(saved.uploadStartTime),
    audit: started(saved.auditStartTime),
  };
}
