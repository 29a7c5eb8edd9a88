import type { CoverNodeQuery, CoverNodeRow } from '@dscloud/sdk/review';
import { describe, expect, it } from 'vitest';
import { allCoverNodes, COVER_PAGE } from './coverNodes';

const node = (i: number): CoverNodeRow => ({
  nodeId: `n${i}`, nodeName: `节点${i}`, path: `第${Math.floor(i / 10) + 1}章`, bookId: 'b', bookName: '七年级上册',
  stage: 3, subjectCode: 314, signUps: 0, works: 0, passed: 0, excellent: 0, state: 'none',
});

function server(count: number) {
  const asked: CoverNodeQuery[] = [];
  const load = async (q: CoverNodeQuery) => {
    asked.push(q);
    const from = (q.pageNum - 1) * q.pageSize;
    return { rows: Array.from({ length: Math.max(0, Math.min(q.pageSize, count - from)) }, (_, i) => node(from + i)), total: count };
  };
  return { load, asked };
}

describe('allCoverNodes (the heat map reads every node)', () => {
  it('reads page after page until the total, keeping the filters', async () => {
    const { load, asked } = server(250);
    const all = await allCoverNodes(load, { activityId: 'a1', stage: 3, subjectCode: 314 });
    expect(all.rows).toHaveLength(250);
    expect(all.truncated).toBe(false);
    expect(asked.map((q) => q.pageNum)).toEqual([1, 2, 3]);
    expect(asked.every((q) => q.pageSize === COVER_PAGE && q.activityId === 'a1' && q.stage === 3 && q.subjectCode === 314)).toBe(true);
  });

  it('stops at the cap and says the map is cut', async () => {
    const { load, asked } = server(1000);
    const all = await allCoverNodes(load, { activityId: 'a1' }, 300);
    expect(all.rows).toHaveLength(300);
    expect(all).toMatchObject({ total: 1000, truncated: true });
    expect(asked).toHaveLength(3);
  });

  it('asks once for an activity without nodes', async () => {
    const { load, asked } = server(0);
    expect(await allCoverNodes(load, { activityId: 'a1' })).toEqual({ rows: [], total: 0, truncated: false });
    expect(asked).toHaveLength(1);
  });
});
