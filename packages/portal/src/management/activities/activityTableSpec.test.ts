import { ActivityStatus } from '@dscloud/sdk/activities';
import { describe, expect, it } from 'vitest';
import { toActivityPageBody } from './activityTableSpec';

const state = (filters: Record<string, unknown>) => ({ page: 2, pageSize: 20, sort: null, filters });

describe('the activity table body', () => {
  it('sends the page, the trimmed keyword and the activity system', () => {
    expect(toActivityPageBody(state({ keyword: ' 精品 ', system: 1 }))).toEqual({ pageNum: 2, pageSize: 20, keyword: '精品', activitySystem: 1 });
  });

  it('sends draft and withdrawn as stored statuses and the running phases of published activities as phase', () => {
    expect(toActivityPageBody(state({ phase: 'draft' }))).toEqual({ pageNum: 2, pageSize: 20, status: ActivityStatus.DRAFT });
    expect(toActivityPageBody(state({ phase: 'withdrawn' }))).toEqual({ pageNum: 2, pageSize: 20, status: ActivityStatus.WITHDRAWN });
    expect(toActivityPageBody(state({ phase: 'signUp' }))).toEqual({ pageNum: 2, pageSize: 20, status: ActivityStatus.PUBLISHED, phase: 'signUp' });
  });

  it('ignores a phase the link spells wrong', () => {
    expect(toActivityPageBody(state({ phase: 'nonsense' }))).toEqual({ pageNum: 2, pageSize: 20 });
  });
});
