import { describe, expect, it } from 'vitest';
import { chartColors } from '../../../app/theme';
import { chapterOf, countBars, coverageGrid, coverageHeatmap, workParts, workStateBars, type CoverNodeLike } from './chartOptions';

const counts = (c: Partial<Parameters<typeof workParts>[0]>) => ({ works: 0, submitted: 0, pending: 0, returned: 0, passed: 0, rejected: 0, excellent: 0, ...c });
const WORDS = { notSubmitted: '未提交', pending: '待评审', returned: '退回', passed: '通过', excellent: '优秀', rejected: '未通过' };

describe('work state bars (by subject, by area)', () => {
  it('stacks each row by state, drafts being the works not submitted', () => {
    const option = workStateBars(
      [
        { name: '初中数学', counts: counts({ works: 10, submitted: 8, pending: 3, returned: 1, passed: 2, excellent: 1, rejected: 1 }) },
        { name: '初中语文', counts: counts({}) },
      ],
      WORDS,
    );
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['初中数学', '初中语文'] });
    const series = option.series as { name: string; stack: string; data: number[] }[];
    expect(series.map((s) => s.name)).toEqual(['未提交', '待评审', '退回', '通过', '优秀', '未通过']);
    expect(series.every((s) => s.stack === 'works')).toBe(true);
    expect(series.map((s) => s.data[0])).toEqual([2, 3, 1, 2, 1, 1]);
    // A subject without works keeps its (empty) bar.
    expect(series.map((s) => s.data[1])).toEqual([0, 0, 0, 0, 0, 0]);
    expect(option.color).toEqual([chartColors.notSubmitted, chartColors.pending, chartColors.returned, chartColors.passed, chartColors.excellent, chartColors.rejected]);
  });

  it('never draws a negative draft count', () => {
    expect(workParts(counts({ works: 1, submitted: 3 })).notSubmitted).toBe(0);
  });

  it('one bar per area with its number', () => {
    const option = countBars([{ name: '南湖区', value: 12 }, { name: '北城区', value: 0 }], '报名人数');
    const [series] = option.series as { name: string; data: number[] }[];
    expect(series).toMatchObject({ name: '报名人数', data: [12, 0] });
  });
});

describe('node coverage heat map (chapters × state)', () => {
  const nodes: CoverNodeLike[] = [
    { path: '第一章 有理数 / 1.1 正数和负数', nodeName: '1.1.1 正数', state: 'none' },
    { path: '第一章 有理数', nodeName: '1.2 数轴', state: 'passed' },
    { path: '第一章 有理数', nodeName: '1.3 相反数', state: 'passed' },
    { path: '第二章 整式', nodeName: '2.1 单项式', state: 'excellent' },
    { path: '', nodeName: '复习', state: 'works' },
  ];

  it('counts nodes per chapter and state, zero cells included', () => {
    const grid = coverageGrid(nodes);
    expect(grid.chapters).toEqual(['第一章 有理数', '第二章 整式', '复习']);
    expect(grid.cells).toHaveLength(3 * 4);
    expect(grid.cells).toContainEqual([0, 0, 1]);
    expect(grid.cells).toContainEqual([2, 0, 2]);
    expect(grid.cells).toContainEqual([3, 1, 1]);
    expect(grid.cells).toContainEqual([1, 2, 1]);
    expect(grid.cells).toContainEqual([0, 1, 0]);
    expect(grid.max).toBe(2);
    expect(grid.cells.reduce((n, c) => n + c[2], 0)).toBe(nodes.length);
  });

  it('a top-level node is its own chapter', () => {
    expect(chapterOf({ path: '  ', nodeName: '绪论' })).toBe('绪论');
  });

  it('builds the heat map with the states across and a scale from zero to the fullest cell', () => {
    const option = coverageHeatmap(coverageGrid(nodes), { none: '无作品', works: '有作品', passed: '已通过', excellent: '优秀' }, '节点数');
    expect(option.xAxis).toMatchObject({ data: ['无作品', '有作品', '已通过', '优秀'] });
    expect(option.yAxis).toMatchObject({ data: ['第一章 有理数', '第二章 整式', '复习'] });
    expect(option.visualMap).toMatchObject({ min: 0, max: 2 });
    const [series] = option.series as { type: string; data: unknown[] }[];
    expect(series).toMatchObject({ type: 'heatmap' });
    expect(series!.data).toHaveLength(12);
  });

  it('an activity without nodes still has a scale', () => {
    const option = coverageHeatmap(coverageGrid([]), { none: 'a', works: 'b', passed: 'c', excellent: 'd' }, 'n');
    expect(option.visualMap).toMatchObject({ min: 0, max: 1 });
  });
});
