import { describe, expect, it } from 'vitest';
import { phaseWindow } from './phaseWindow';

const T = Date.UTC(2026, 11, 1);
const times = { signUpStartTime: T, uploadStartTime: T + 10, auditStartTime: T + 20, auditEndTime: T + 30 };

describe('the time beside a phase', () => {
  it('shows when a running window closes', () => {
    expect(phaseWindow({ ...times, phase: 'signUp', phaseEndTime: T + 5 })).toEqual({ word: 'until', time: T + 5 });
    expect(phaseWindow({ ...times, phase: 'review', phaseEndTime: T + 30 })).toEqual({ word: 'until', time: T + 30 });
  });

  it('shows when the next window opens before and between windows', () => {
    expect(phaseWindow({ ...times, phase: 'notStarted', phaseEndTime: null })).toEqual({ word: 'startsAt', time: T });
    expect(phaseWindow({ ...times, phase: 'upload', phaseEndTime: null })).toEqual({ word: 'startsAt', time: T + 10 });
    expect(phaseWindow({ ...times, phase: 'review', phaseEndTime: null })).toEqual({ word: 'startsAt', time: T + 20 });
  });

  it('shows when an ended activity closed and nothing for drafts', () => {
    expect(phaseWindow({ ...times, phase: 'ended', phaseEndTime: null })).toEqual({ word: 'endedAt', time: T + 30 });
    expect(phaseWindow({ ...times, phase: 'draft', phaseEndTime: null })).toBeNull();
    expect(phaseWindow({ ...times, signUpStartTime: null, phase: 'notStarted', phaseEndTime: null })).toBeNull();
  });
});
