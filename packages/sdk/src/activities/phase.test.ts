import { describe, expect, it } from 'vitest';
import { activityPhase } from './phase.js';
import { ActivityStatus } from './codes.js';

const H = 3600_000;
const windows = {
  signUpStartTime: 10 * H,
  signUpEndTime: 20 * H,
  uploadStartTime: 15 * H,
  uploadEndTime: 30 * H,
  auditStartTime: 35 * H,
  auditEndTime: 40 * H,
};
const published = { ...windows, status: ActivityStatus.PUBLISHED };

describe('activityPhase', () => {
  it('follows the windows of a published activity', () => {
    expect(activityPhase(published, 5 * H).phase).toBe('notStarted');
    expect(activityPhase(published, 12 * H)).toMatchObject({ phase: 'signUp', endsAt: 20 * H, signUpOpen: true, uploadOpen: false });
    // Upload opened while sign-up is still open: the later window wins, both flags are set.
    expect(activityPhase(published, 16 * H)).toMatchObject({ phase: 'upload', endsAt: 30 * H, signUpOpen: true, uploadOpen: true });
    expect(activityPhase(published, 32 * H)).toMatchObject({ phase: 'review', endsAt: null, auditOpen: false });
    expect(activityPhase(published, 36 * H)).toMatchObject({ phase: 'review', endsAt: 40 * H, auditOpen: true });
    expect(activityPhase(published, 40 * H).phase).toBe('ended');
  });

  it('keeps drafts and withdrawn activities closed whatever the time', () => {
    expect(activityPhase({ ...windows, status: ActivityStatus.DRAFT }, 12 * H)).toMatchObject({ phase: 'draft', signUpOpen: false });
    expect(activityPhase({ ...windows, status: ActivityStatus.WITHDRAWN }, 16 * H)).toMatchObject({ phase: 'withdrawn', uploadOpen: false });
  });

  it('treats a window end as closed (half-open windows)', () => {
    expect(activityPhase(published, 20 * H - 1).signUpOpen).toBe(true);
    expect(activityPhase(published, 20 * H).signUpOpen).toBe(false);
  });
});
