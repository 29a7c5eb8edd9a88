/**
 * Where an activity stands at a moment, from its status and windows (docs/activities.md). The
 * windows may overlap (uploading often opens with sign-up): the phase is the latest window that has
 * opened and not closed, so an activity whose upload window opened is "upload" even while sign-up is
 * still open. In a gap between two windows the phase is the one that comes next (with `endsAt` null
 * and its flag false), before the first window it is notStarted, after the last ended.
 */
import { ActivityStatus, type ActivityPhase } from './codes.js';
import type { ActivityWindows } from './types.js';

export interface PhaseInfo {
  phase: ActivityPhase;
  /** When the current phase's window closes (null when none is running). */
  endsAt: number | null;
  signUpOpen: boolean;
  uploadOpen: boolean;
  auditOpen: boolean;
}

const within = (now: number, start: number | null, end: number | null) =>
  start !== null && end !== null && now >= start && now < end;

export function activityPhase(activity: ActivityWindows & { status: number }, now: number): PhaseInfo {
  const signUpOpen = within(now, activity.signUpStartTime, activity.signUpEndTime);
  const uploadOpen = within(now, activity.uploadStartTime, activity.uploadEndTime);
  const auditOpen = within(now, activity.auditStartTime, activity.auditEndTime);
  const open = { signUpOpen, uploadOpen, auditOpen };
  if (activity.status === ActivityStatus.DRAFT) return { phase: 'draft', endsAt: null, signUpOpen: false, uploadOpen: false, auditOpen: false };
  if (activity.status === ActivityStatus.WITHDRAWN) return { phase: 'withdrawn', endsAt: null, signUpOpen: false, uploadOpen: false, auditOpen: false };
  if (auditOpen) return { phase: 'review', endsAt: activity.auditEndTime, ...open };
  if (uploadOpen) return { phase: 'upload', endsAt: activity.uploadEndTime, ...open };
  if (signUpOpen) return { phase: 'signUp', endsAt: activity.signUpEndTime, ...open };
  const starts = [activity.signUpStartTime, activity.uploadStartTime, activity.auditStartTime].filter((t): t is number => t !== null);
  const ends = [activity.signUpEndTime, activity.uploadEndTime, activity.auditEndTime].filter((t): t is number => t !== null);
  if (starts.length === 0 || now < Math.min(...starts)) return { phase: 'notStarted', endsAt: null, ...open };
  if (ends.length > 0 && now >= Math.max(...ends)) return { phase: 'ended', endsAt: null, ...open };
  // Between two windows: the one that comes next.
  if (activity.uploadStartTime !== null && now < activity.uploadStartTime) return { phase: 'upload', endsAt: null, ...open };
  return { phase: 'review', endsAt: null, ...open };
}
