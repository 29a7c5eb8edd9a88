import { describe, expect, it } from 'vitest';
import { fromApiWindows, lockedWindowStarts, toApiWindows, windowEditProblems, windowProblems, type WindowsValue } from './activityWindows';

const H = 3600_000;
const T = Date.UTC(2026, 11, 1, 0, 0); // 2026-12-01 08:00 China time
const ordered: WindowsValue = { signUp: [T, T + 48 * H], upload: [T + 24 * H, T + 96 * H], audit: [T + 96 * H, T + 200 * H] };

describe('activity windows', () => {
  it('maps the three ranges to the six API times and back', () => {
    const api = toApiWindows(ordered);
    expect(api).toEqual({
      signUpStartTime: T,
      signUpEndTime: T + 48 * H,
      uploadStartTime: T + 24 * H,
      uploadEndTime: T + 96 * H,
      auditStartTime: T + 96 * H,
      auditEndTime: T + 200 * H,
    });
    expect(fromApiWindows(api)).toEqual(ordered);
    expect(fromApiWindows(toApiWindows({ signUp: undefined, upload: [T, null], audit: undefined }))).toEqual({ signUp: undefined, upload: [T, null], audit: undefined });
  });

  it('accepts ordered windows, overlapping sign-up and upload included', () => {
    expect(windowProblems(ordered, true)).toEqual({});
  });

  it('lets a draft leave windows empty but publishing asks for all six times', () => {
    const partial: WindowsValue = { signUp: [T, T + H], upload: undefined, audit: [T + 2 * H, null] };
    expect(windowProblems(partial, false)).toEqual({});
    expect(windowProblems(partial, true)).toEqual({ upload: 'missing', audit: 'missing' });
  });

  it('names the first broken rule of each window', () => {
    expect(windowProblems({ ...ordered, signUp: [T + H, T + H] }, false)).toEqual({ signUp: 'endNotAfterStart' });
    expect(windowProblems({ ...ordered, upload: [T - H, T + 96 * H] }, false)).toEqual({ upload: 'uploadStartsBeforeSignUp' });
    expect(windowProblems({ ...ordered, upload: [T + 24 * H, T + 40 * H] }, false)).toEqual({ upload: 'uploadEndsBeforeSignUp' });
    expect(windowProblems({ ...ordered, audit: [T + 12 * H, T + 200 * H] }, false)).toEqual({ audit: 'auditStartsBeforeUpload' });
    expect(windowProblems({ ...ordered, audit: [T + 96 * H, T + 90 * H] }, false)).toEqual({ audit: 'endNotAfterStart' });
    expect(windowProblems({ ...ordered, audit: [T + 30 * H, T + 90 * H] }, false)).toEqual({ audit: 'auditEndsBeforeUpload' });
  });

  it('judges the times given against each other even when a window in between is empty', () => {
    expect(windowProblems({ signUp: [T, T + 10 * H], upload: undefined, audit: [T + H, T + 5 * H] }, false)).toEqual({});
    expect(windowProblems({ signUp: [T, T + 10 * H], upload: [T + 2 * H, null], audit: [T + H, T + 5 * H] }, false)).toEqual({ audit: 'auditStartsBeforeUpload' });
  });

  it('lets a published activity extend its windows but not move a started start or an end earlier', () => {
    const saved = toApiWindows(ordered);
    const now = T + 30 * H; // sign-up and upload have opened, review not yet
    expect(lockedWindowStarts(saved, now)).toEqual({ signUp: true, upload: true, audit: false });
    expect(windowEditProblems(saved, { ...ordered, upload: [T + 24 * H, T + 120 * H], audit: [T + 100 * H, T + 220 * H] }, now)).toEqual({});
    expect(windowEditProblems(saved, { ...ordered, signUp: [T + H, T + 48 * H] }, now)).toEqual({ signUp: 'startedMoved' });
    expect(windowEditProblems(saved, { ...ordered, audit: [T + 96 * H, T + 150 * H] }, now)).toEqual({ audit: 'endMovedEarlier' });
    expect(windowEditProblems(saved, { ...ordered, audit: undefined }, now)).toEqual({ audit: 'endMovedEarlier' });
  });
});
