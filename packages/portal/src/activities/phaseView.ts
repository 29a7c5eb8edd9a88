/**
 * What the activity screens say about time: the windows in China time, the phase now, the countdown to
 * the running window's end and the one thing the teacher should do next. Pure: the screens pass `now`.
 */
import { activityPhase, type ActivityDetail, type ActivityWindows, type PhaseInfo, type SignUpNode, type SignUpSummary } from '@dscloud/sdk/activities';
import { SignUpStatus } from '@dscloud/sdk/activities';

export type WindowKey = 'signUp' | 'upload' | 'audit';

export interface WindowRow {
  key: WindowKey;
  start: number | null;
  end: number | null;
  /** now lies inside it */
  open: boolean;
}

export function windowRows(activity: ActivityWindows & { status: number }, now: number): WindowRow[] {
  const info = activityPhase(activity, now);
  return [
    { key: 'signUp', start: activity.signUpStartTime, end: activity.signUpEndTime, open: info.signUpOpen },
    { key: 'upload', start: activity.uploadStartTime, end: activity.uploadEndTime, open: info.uploadOpen },
    { key: 'audit', start: activity.auditStartTime, end: activity.auditEndTime, open: info.auditOpen },
  ];
}

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Time left until `endsAt`; null when there is no running window or it has passed. */
export function countdown(endsAt: number | null, now: number): Countdown | null {
  if (endsAt === null || endsAt <= now) return null;
  const s = Math.floor((endsAt - now) / 1000);
  return { days: Math.floor(s / 86400), hours: Math.floor((s % 86400) / 3600), minutes: Math.floor((s % 3600) / 60), seconds: s % 60 };
}

/** 「2天3小时5分」 / "2 d 3 h 5 min"; under an hour the seconds show too. */
export function countdownText(left: Countdown, en: boolean): string {
  const parts: string[] = [];
  if (left.days) parts.push(en ? `${left.days} d` : `${left.days}天`);
  if (left.days || left.hours) parts.push(en ? `${left.hours} h` : `${left.hours}小时`);
  parts.push(en ? `${left.minutes} min` : `${left.minutes}分`);
  if (!left.days && !left.hours) parts.push(en ? `${left.seconds} s` : `${left.seconds}秒`);
  return parts.join(en ? ' ' : '');
}

/** The sign-up counts while it is active and holds nodes or not. */
export function activeSignUp(signUp: SignUpSummary | null | undefined): SignUpSummary | null {
  return signUp && signUp.status === SignUpStatus.ACTIVE ? signUp : null;
}

export type NextAction =
  | { kind: 'signUp' }
  | { kind: 'claimNodes' }
  | { kind: 'uploadWorks' }
  | { kind: 'manage' }
  | { kind: 'waitSignUp'; opensAt: number | null }
  | { kind: 'signUpClosed' }
  | { kind: 'ended' }
  | { kind: 'unavailable' };

/**
 * The one thing the detail page offers next: sign up while the window is open, then claim nodes, then
 * upload works while uploading runs; a signed-up teacher can always open their management page.
 */
export function nextAction(detail: ActivityDetail, now: number, info: PhaseInfo = activityPhase(detail, now)): NextAction {
  const mine = activeSignUp(detail.mySignUp);
  if (info.phase === 'draft' || info.phase === 'withdrawn') return { kind: 'unavailable' };
  if (mine) {
    const claimed = mine.nodes.some((n) => n.status === SignUpStatus.ACTIVE);
    if (!claimed && info.signUpOpen) return { kind: 'claimNodes' };
    if (claimed && info.uploadOpen) return { kind: 'uploadWorks' };
    return { kind: 'manage' };
  }
  if (info.signUpOpen) return { kind: 'signUp' };
  if (info.phase === 'notStarted' || (detail.signUpStartTime !== null && now < detail.signUpStartTime))
    return { kind: 'waitSignUp', opensAt: detail.signUpStartTime };
  if (info.phase === 'ended') return { kind: 'ended' };
  return { kind: 'signUpClosed' };
}

/** Current activities first (running or about to), then past ones; each keeps the server's order. */
export function splitCurrentPast<T extends { phase: PhaseInfo['phase'] }>(rows: readonly T[]): { current: T[]; past: T[] } {
  return { current: rows.filter((r) => r.phase !== 'ended'), past: rows.filter((r) => r.phase === 'ended') };
}

/** 「七年级上册 / 第一章 有理数 / 1.1 正数和负数」: the node under its book and chapters. */
export function nodeLabel(node: Pick<SignUpNode, 'pathNames' | 'nodeName'>): string {
  return [...node.pathNames.filter((p) => p !== node.nodeName), node.nodeName].join(' / ');
}
