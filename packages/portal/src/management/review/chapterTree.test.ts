import { describe, expect, it } from 'vitest';
import { chapterTree } from './chapterTree';

describe('chapter tree', () => {
  it('nests a flat list by parent; an orphan stays at the top', () => {
    expect(
      chapterTree([
        { nodeId: 'c1', nodeName: '第一章', parentId: null },
        { nodeId: 's1', nodeName: '1.1', parentId: 'c1' },
        { nodeId: 's2', nodeName: '1.2', parentId: 'c1' },
        { nodeId: 'x', nodeName: '孤立', parentId: 'gone' },
      ]),
    ).toEqual([
      { value: 'c1', title: '第一章', children: [{ value: 's1', title: '1.1' }, { value: 's2', title: '1.2' }] },
      { value: 'x', title: '孤立' },
    ]);
  });
});
