import { describe, expect, it } from 'vitest';
import { readTableState, writeTableState } from '../kit';
import { REVIEW_SPEC, toWorkPageBody } from './reviewTableSpec';

describe('the reviewer list in the URL', () => {
  it('reads activity, filters and page from the address and sends them as the server names them', () => {
    const state = readTableState(new URLSearchParams('activity=a9&level=2&stage=3&subject=5&book=b1&chapter=c7&state=pending&keyword=%20分数%20&page=2&size=20'), REVIEW_SPEC);
    expect(toWorkPageBody(state)).toEqual({ activityId: 'a9', level: 2, stage: 3, subjectCode: 5, bookId: 'b1', chapterId: 'c7', state: 'pending', keyword: '分数', pageNum: 2, pageSize: 20 });
    expect(writeTableState(state, REVIEW_SPEC).toString()).toContain('activity=a9');
  });

  it('asks nothing before an activity is chosen, and ignores an unknown state', () => {
    expect(toWorkPageBody(readTableState(new URLSearchParams('level=1'), REVIEW_SPEC))).toBeNull();
    expect(toWorkPageBody(readTableState(new URLSearchParams('activity=a&state=everything'), REVIEW_SPEC))).toEqual({ activityId: 'a', pageNum: 1, pageSize: 10 });
  });
});
