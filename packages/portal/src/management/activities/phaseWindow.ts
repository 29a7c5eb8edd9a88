import type { ActivitySummary } from '@dscloud/sdk/activities';

/** The time a table row shows beside its phase, and how it is worded (`actm.until`, `actm.startsAt`, `actm.endedAt`). */
export interface PhaseWindow {
  word: 'until' | 'startsAt' | 'endedAt';
  time: number;
}

type Row = Pick<ActivitySummary, 'phase' | 'phaseEndTime' | 'signUpStartTime' | 'uploadStartTime' | 'auditStartTime' | 'auditEndTime'>;

/**
 * A running window shows when it closes; before the first window, when sign-up opens; between two
 * windows, when the next one opens; an ended activity, when its review closed. Drafts and withdrawn
 * activities show no time.
 */
export function phaseWindow(row: Row): PhaseWindow | null {
  const at = (word: PhaseWindow['word'], time: number | null): PhaseWindow | null => (time === null ? null : { word, time });
  switch (row.phase) {
    case 'notStarted':
      return at('startsAt', row.signUpStartTime);
    case 'signUp':
      return at('until', row.phaseEndTime);
    case 'upload':
      return row.phaseEndTime !== null ? at('until', row.phaseEndTime) : at('startsAt', row.uploadStartTime);
    case 'review':
      return row.phaseEndTime !== null ? at('until', row.phaseEndTime) : at('startsAt', row.auditStartTime);
    case 'ended':
      return at('endedAt', row.auditEndTime);
    default:
      return null;
  }
}
