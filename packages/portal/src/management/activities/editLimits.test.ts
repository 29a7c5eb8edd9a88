import { ActivityStatus, type ActivityDetail } from '@dscloud/sdk/activities';
import { describe, expect, it } from 'vitest';
import { droppedScope, editLimits } from './editLimits';

const T = Date.UTC(2026, 11, 1);
const H = 3600_000;
const base = {
  status: ActivityStatus.PUBLISHED,
  signUpCount: 0,
  signUpStartTime: T,
  signUpEndTime: T + 48 * H,
  uploadStartTime: T + 24 * H,
  uploadEndTime: T + 96 * H,
  auditStartTime: T + 96 * H,
  auditEndTime: T + 200 * H,
} as ActivityDetail;

describe('what the form lets change', () => {
  it('lets a draft change everything', () => {
    expect(editLimits({ ...base, status: ActivityStatus.DRAFT }, 2, T)).toMatchObject({ readOnly: false, reason: null, settingsLocked: false, scopeRowsLocked: 0, windowsExtendOnly: false });
    expect(editLimits(null, 0, T).readOnly).toBe(false);
  });

  it('lets a published activity only extend its windows, keeping the starts of those that opened', () => {
    const now = T + 30 * H;
    expect(editLimits(base, 2, now)).toEqual({
      readOnly: false,
      reason: 'published',
      settingsLocked: false,
      rulesFloor: null,
      scopeRowsLocked: 0,
      windowStartLocked: { signUp: true, upload: true, audit: false },
      windowsExtendOnly: true,
    });
  });

  it('once anyone signed up, keeps the stored scope rows, the settings, and the rules as a floor', () => {
    const rules = { nodesPerTeacher: 2, teachersPerNode: 3, allowFormatWarnings: true };
    expect(editLimits({ ...base, signUpCount: 1, rules }, 2, T)).toMatchObject({ reason: 'signedUp', settingsLocked: true, scopeRowsLocked: 2, rulesFloor: rules });
  });

  it('makes a withdrawn activity read-only', () => {
    expect(editLimits({ ...base, status: ActivityStatus.WITHDRAWN }, 1, T)).toMatchObject({ readOnly: true, reason: 'withdrawn' });
  });

  it('names the stored scope entries a new scope would drop', () => {
    const a = { stage: 3, subjectCode: 2, editionId: 'e', bookId: 'b1' };
    const b = { stage: 3, subjectCode: 2, editionId: 'e', bookId: 'b2' };
    expect(droppedScope([a, b], [b, { ...a, bookId: 'b3' }])).toEqual([a]);
    expect(droppedScope([a], [a, b])).toEqual([]);
  });
});
