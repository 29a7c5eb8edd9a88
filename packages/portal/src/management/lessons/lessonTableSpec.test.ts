import { describe, expect, it } from 'vitest';
import { readTableState } from '../kit/tableState';
import { BROADCAST_SPEC, LIVE_SPEC, toLessonFilter } from './lessonTableSpec';

describe('the lesson tables’ URL as a manager-view request', () => {
  it('a bare live table asks for the latest live lessons first', () => {
    expect(toLessonFilter(readTableState(new URLSearchParams(''), LIVE_SPEC))).toEqual({ pageNum: 1, pageSize: 10, orderBy: 'liveStartDesc' });
  });

  it('sends every filter the URL holds under the server’s names', () => {
    const query = 'page=2&size=20&sort=liveStartTime&order=asc&keyword=分数&stage=2&subjectCode=214&grade=3&teacher=王&time=1,2&status=0';
    expect(toLessonFilter(readTableState(new URLSearchParams(query), LIVE_SPEC))).toEqual({
      pageNum: 2,
      pageSize: 20,
      orderBy: 'liveStart',
      keyword: '分数',
      stage: 2,
      subjectCode: 214,
      grade: 3,
      teacherName: '王',
      startTime: 1,
      endTime: 2,
      publishStatus: 0,
    });
  });

  it('maps the on-demand table’s sorts to the server’s orders', () => {
    const order = (query: string) => toLessonFilter(readTableState(new URLSearchParams(query), BROADCAST_SPEC)).orderBy;
    expect(order('')).toBe('newest');
    expect(order('sort=downloadCount&order=desc')).toBe('hottest');
    expect(order('sort=excellentFlag&order=desc')).toBe('excellent');
  });
});
