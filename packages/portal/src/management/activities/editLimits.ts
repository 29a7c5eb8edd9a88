/**
 * What the form lets the organiser change, by the activity's status (docs/activities.md): a draft
 * everything; a published activity its name, description, cover and attachments at any time and its
 * windows only extended (a started window keeps its start, no end moves earlier); once anyone signed
 * up, its scope only grows, its rules only loosen and its type, review levels, package and video rules
 * stay; a withdrawn activity nothing (back to draft or published first). The server enforces the
 * same; the form disables what cannot change and says why.
 */
import { ActivityStatus, type ActivityDetail, type ActivityRules, type ActivityScopeEntry } from '@dscloud/sdk/activities';
import { lockedWindowStarts, type WindowName } from './activityWindows';

/** Why something is locked; the screen words each (`actm.lock.<reason>`). */
export type LockReason = 'published' | 'withdrawn' | 'signedUp';

export interface EditLimits {
  /** Nothing can be saved (withdrawn): the form is read-only. */
  readOnly: boolean;
  /** Why the form or its locked parts are locked; null for a draft. */
  reason: LockReason | null;
  /** Sections that cannot change (activity system, review levels, package template, video rules). */
  settingsLocked: boolean;
  /** The rules may only loosen: no fewer nodes per teacher or teachers per node, warnings stay allowed. */
  rulesFloor: ActivityRules | null;
  /** The first `scopeRowsLocked` scope rows (those stored) cannot change or go; new rows may be added. */
  scopeRowsLocked: number;
  /** Whether each window's start is fixed (it has opened). */
  windowStartLocked: Record<WindowName, boolean>;
  /** Windows may only be extended: no end earlier than the stored one. */
  windowsExtendOnly: boolean;
}

const OPEN: Record<WindowName, boolean> = { signUp: false, upload: false, audit: false };

export function editLimits(detail: ActivityDetail | null, storedScopeRows: number, now: number): EditLimits {
  if (!detail || detail.status === ActivityStatus.DRAFT) {
    return { readOnly: false, reason: null, settingsLocked: false, rulesFloor: null, scopeRowsLocked: 0, windowStartLocked: OPEN, windowsExtendOnly: false };
  }
  if (detail.status === ActivityStatus.WITHDRAWN) {
    return {
      readOnly: true,
      reason: 'withdrawn',
      settingsLocked: true,
      rulesFloor: null,
      scopeRowsLocked: storedScopeRows,
      windowStartLocked: { signUp: true, upload: true, audit: true },
      windowsExtendOnly: true,
    };
  }
  const signedUp = detail.signUpCount > 0;
  return {
    readOnly: false,
    reason: signedUp ? 'signedUp' : 'published',
    settingsLocked: signedUp,
    rulesFloor: signedUp ? { ...detail.rules } : null,
    scopeRowsLocked: signedUp ? storedScopeRows : 0,
    windowStartLocked: lockedWindowStarts(detail, now),
    windowsExtendOnly: true,
  };
}

const key = (e: ActivityScopeEntry) => `${e.stage}|${e.subjectCode}|${e.editionId ?? ''}|${e.bookId ?? ''}`;

/** Stored scope entries missing from the new scope (what a shrink would drop). */
export function droppedScope(stored: readonly ActivityScopeEntry[], next: readonly ActivityScopeEntry[]): ActivityScopeEntry[] {
  const kept = new Set(next.map(key));
  return stored.filter((e) => !kept.has(key(e)));
}
