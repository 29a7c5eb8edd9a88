import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dateTime } from './format';
import { chinaDayRange, fromChinaPicker, toChinaPicker } from './chinaPicker';

describe('pickers in China time', () => {
  it('what is picked is what the tables show, in any device zone', () => {
    const picked = dayjs(new Date(2026, 10, 26, 10, 0));
    const ms = fromChinaPicker(picked);
    expect(dateTime(ms)).toBe('2026-11-26 10:00');
    expect(toChinaPicker(ms).format('YYYY-MM-DD HH:mm')).toBe('2026-11-26 10:00');
  });

  it('a day range covers whole China days', () => {
    const [from, to] = chinaDayRange(dayjs(new Date(2026, 10, 26, 15)), dayjs(new Date(2026, 10, 27, 9)));
    expect(dateTime(from)).toBe('2026-11-26 00:00');
    expect(dateTime(to)).toBe('2026-11-27 23:59');
    expect(to - from).toBe(2 * 86_400_000 - 1);
  });
});
