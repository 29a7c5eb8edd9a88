import { describe, expect, it } from 'vitest';
import { ActivityStatus, SignUpStatus, type ActivityDetail, type SignUpSummary } from '@dscloud/sdk/activities';
import { countdown, countdownText, nextAction, splitCurrentPast, windowRows } from './phaseView';

const H = 3600_000;
const D = 24 * H;
const t0 = Date.UTC(2026, 11, 1, 0, 0);

function activity(over: Partial<ActivityDetail> = {}): ActivityDetail {
  return {
    status: ActivityStatus.PUBLISHED,
    signUpStartTime: t0,
    signUpEndTime: t0 + 10 * D,
    uploadStartTime: t0 + 5 * D,
    uploadEndTime: t0 + 20 * D,
    auditStartTime: t0 + 21 * D,
    auditEndTime: t0 + 30 * D,
    mySignUp: null,
    ...over,
  } as ActivityDetail;
}

function signUp(nodes: number): SignUpSummary {
  return {
    status: SignUpStatus.ACTIVE,
    nodes: Array.from({ length: nodes }, (_, i) => ({ signUpNodeId: `n${i}`, status: SignUpStatus.ACTIVE })),
  } as SignUpSummary;
}

describe('windows and countdown', () => {
  it('marks the windows that run now (sign-up and upload overlap)', () => {
    expect(windowRows(activity(), t0 + 6 * D).map((w) => [w.key, w.open])).toEqual([
      ['signUp', true],
      ['upload', true],
      ['audit', false],
    ]);
  });

  it('counts down to the end, seconds only in the last hour; nothing once passed', () => {
    expect(countdownText(countdown(t0 + 2 * D + 3 * H + 5 * 60_000, t0)!, false)).toBe('2天3小时5分');
    expect(countdownText(countdown(t0 + 5 * 60_000 + 7_000, t0)!, false)).toBe('5分7秒');
    expect(countdownText(countdown(t0 + 2 * D + 3 * H + 5 * 60_000, t0)!, true)).toBe('2 d 3 h 5 min');
    expect(countdown(t0, t0)).toBeNull();
    expect(countdown(null, t0)).toBeNull();
  });
});

describe('next action of the detail page', () => {
  it('offers sign-up while the window runs, claiming nodes after signing up, upload once nodes are held', () => {
    expect(nextAction(activity(), t0 + D).kind).toBe('signUp');
    expect(nextAction(activity({ mySignUp: signUp(0) }), t0 + D).kind).toBe('claimNodes');
    expect(nextAction(activity({ mySignUp: signUp(1) }), t0 + D).kind).toBe('manage');
    expect(nextAction(activity({ mySignUp: signUp(1) }), t0 + 6 * D).kind).toBe('uploadWorks');
  });

  it('says when sign-up opens, that it closed, or that the activity ended', () => {
    expect(nextAction(activity(), t0 - D)).toEqual({ kind: 'waitSignUp', opensAt: t0 });
    expect(nextAction(activity(), t0 + 12 * D).kind).toBe('signUpClosed');
    expect(nextAction(activity(), t0 + 40 * D).kind).toBe('ended');
    expect(nextAction(activity({ mySignUp: signUp(1) }), t0 + 40 * D).kind).toBe('manage');
  });

  it('a cancelled sign-up counts as none; withdrawn activities offer nothing', () => {
    const cancelled = { ...signUp(1), status: SignUpStatus.CANCELLED };
    expect(nextAction(activity({ mySignUp: cancelled }), t0 + D).kind).toBe('signUp');
    expect(nextAction(activity({ status: ActivityStatus.WITHDRAWN }), t0 + D).kind).toBe('unavailable');
  });
});

it('splits current from past activities keeping the order', () => {
  const rows = [{ phase: 'ended', n: 1 }, { phase: 'signUp', n: 2 }, { phase: 'notStarted', n: 3 }] as const;
  const { current, past } = splitCurrentPast(rows);
  expect(current.map((r) => r.n)).toEqual([2, 3]);
  expect(past.map((r) => r.n)).toEqual([1]);
});
