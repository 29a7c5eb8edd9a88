import { describe, expect, it } from 'vitest';
import { chinaDate, toFeedbackQuery } from './feedbackTable';

const state = (filters: Record<string, unknown>) => ({ page: 2, pageSize: 20, sort: null, filters }) as never;

describe('feedback table filter', () => {
  it('sends only known statuses and types, a trimmed keyword and China dates', () => {
    const from = Date.UTC(2026, 10, 23, 16, 0); // 2026-11-24 00:00 in China
    const to = Date.UTC(2026, 10, 24, 15, 59);
    expect(toFeedbackQuery(state({ applyStatus: 1, type: 'bug', keyword: ' 上传 ', time: [from, to] }))).toEqual({
      pageNum: 2,
      pageSize: 20,
      applyStatus: 1,
      type: 'bug',
      keyword: '上传',
      from: '2026-11-24',
      to: '2026-11-24',
    });
    expect(toFeedbackQuery(state({ applyStatus: 9, type: 'praise', keyword: ' ' }))).toEqual({ pageNum: 2, pageSize: 20 });
    expect(chinaDate(Date.UTC(2026, 0, 1, 16))).toBe('2026-01-02');
  });
});
