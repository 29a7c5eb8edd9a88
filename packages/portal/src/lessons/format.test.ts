import { describe, expect, it } from 'vitest';
import { addDays, clock, mondayOf, spentTime } from './format';

describe('lesson formats', () => {
  it('writes video moments as mm:ss', () => {
    expect(clock(0)).toBe('00:00');
    expect(clock(123.9)).toBe('02:03');
    expect(clock(3725)).toBe('1:02:05');
  });
  it('writes study time in words', () => {
    expect(spentTime(42, false)).toBe('42秒');
    expect(spentTime(3900, false)).toBe('1小时5分');
    expect(spentTime(600, true)).toBe('10 min');
  });
  it('finds the China-time Monday of a week', () => {
    // 2026-11-22 20:00 UTC is already Monday 23rd in China.
    expect(mondayOf(Date.UTC(2026, 10, 22, 20))).toBe('2026-11-23');
    expect(mondayOf(Date.UTC(2026, 10, 21, 4))).toBe('2026-11-16');
    expect(mondayOf(Date.UTC(2026, 10, 21, 4), 1)).toBe('2026-11-23');
    expect(addDays('2026-11-30', 6)).toBe('2026-12-06');
  });
});
