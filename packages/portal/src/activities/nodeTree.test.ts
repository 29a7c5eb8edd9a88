import { describe, expect, it } from 'vitest';
import type { OccupancyNode } from '@dscloud/sdk/activities';
import { filterTree, mineCount, nodeBlock, occupancyTotals } from './nodeTree';

const node = (nodeId: string, over: Partial<OccupancyNode> = {}, children: OccupancyNode[] = []): OccupancyNode => ({
  nodeId,
  parentId: null,
  name: nodeId,
  kind: 'chapter',
  level: 1,
  taken: 0,
  limit: 2,
  claimable: true,
  mine: false,
  children,
  ...over,
});

describe('node blocks', () => {
  it('gives each disabled node its reason', () => {
    expect(nodeBlock(node('a', { mine: true, taken: 2 }), 'open', 1, false)).toBe('mine');
    expect(nodeBlock(node('a', { taken: 2, claimable: false }), 'open', 1, false)).toBe('full');
    expect(nodeBlock(node('a'), 'closed', 1, false)).toBe('closed');
    expect(nodeBlock(node('a', { taken: 2 }), 'signUpFirst', 1, false)).toBe('full');
    expect(nodeBlock(node('a'), 'signUpFirst', 1, false)).toBe('signUpFirst');
    expect(nodeBlock(node('a'), 'open', 0, false)).toBe('limitReached');
    expect(nodeBlock(node('a', { claimable: false }), 'open', 1, false)).toBe('limitReached');
    expect(nodeBlock(node('a', { taken: 1 }), 'open', 1, false)).toBeNull();
  });

  it('keeps a ticked node tickable when the limit is reached by ticking it', () => {
    expect(nodeBlock(node('a'), 'open', 0, true)).toBeNull();
  });
});

describe('tree', () => {
  const tree = [
    node('第一章 有理数', {}, [node('1.1 正数和负数', { taken: 2 }), node('1.2 有理数', { mine: true, taken: 1 })]),
    node('第二章 整式', {}, [node('2.1 整式', { taken: 1 })]),
  ];

  it('filters to matching nodes and the chapters that lead to them', () => {
    const found = filterTree(tree, '正数');
    expect(found.map((n) => n.name)).toEqual(['第一章 有理数']);
    expect(found[0]!.children.map((n) => n.name)).toEqual(['1.1 正数和负数']);
    expect(filterTree(tree, '  ')).toHaveLength(2);
  });

  it('counts my nodes, full nodes and free places over the leaves (chapters are not claimed)', () => {
    expect(mineCount(tree)).toBe(1);
    expect(occupancyTotals(tree)).toEqual({ nodes: 3, full: 1, freePlaces: 0 + 1 + 1 });
  });
});
