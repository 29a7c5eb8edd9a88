/**
 * ECharts options built from the statistics answers (docs/api.md "Statistics"). Pure: only echarts'
 * option types are imported, so these run in unit tests without a canvas and the chart library stays
 * in the lazy chart part (`echartsSetup.ts`). Words come in as arguments, colours from the theme.
 */
import type { BarSeriesOption, HeatmapSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption, VisualMapComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { chartColors } from '../../../app/theme';

export type ChartOption = ComposeOption<
  BarSeriesOption | HeatmapSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption | VisualMapComponentOption
>;

/** The counts every statistics row carries (`WorkCounts` of @dscloud/sdk/review). */
export interface WorkCountsLike {
  works: number;
  submitted: number;
  pending: number;
  returned: number;
  passed: number;
  rejected: number;
  excellent: number;
}

/** The parts a work count is stacked from, in the order the bars stack them. */
export const WORK_PARTS = ['notSubmitted', 'pending', 'returned', 'passed', 'excellent', 'rejected'] as const;
export type WorkPart = (typeof WORK_PARTS)[number];

/** How many works of a row stand in each part; drafts are the works not submitted. */
export function workParts(c: WorkCountsLike): Record<WorkPart, number> {
  return {
    notSubmitted: Math.max(0, c.works - c.submitted),
    pending: c.pending,
    returned: c.returned,
    passed: c.passed,
    excellent: c.excellent,
    rejected: c.rejected,
  };
}

const axisText = { color: chartColors.axis };
const splitLine = { lineStyle: { color: chartColors.grid } };

/** Category labels stay readable: long names are cut with an ellipsis, the tooltip shows them whole. */
function categoryAxis(names: string[]) {
  return {
    type: 'category' as const,
    data: names,
    axisLabel: { ...axisText, interval: 0, rotate: names.length > 6 ? 30 : 0, width: 96, overflow: 'truncate' as const },
  };
}

/**
 * Stacked bars of works by state, one bar per row (a subject, a district or a school). Rows without
 * any work still get their (empty) bar, so a unit that took no part is seen.
 */
export function workStateBars(rows: { name: string; counts: WorkCountsLike }[], words: Record<WorkPart, string>): ChartOption {
  const parts = rows.map((r) => workParts(r.counts));
  return {
    color: WORK_PARTS.map((p) => chartColors[p]),
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, textStyle: { color: chartColors.text } },
    grid: { left: 48, right: 16, top: 40, bottom: 64 },
    xAxis: categoryAxis(rows.map((r) => r.name)),
    yAxis: { type: 'value', minInterval: 1, axisLabel: axisText, splitLine },
    series: WORK_PARTS.map((part) => ({
      type: 'bar' as const,
      name: words[part],
      stack: 'works',
      barMaxWidth: 48,
      data: parts.map((p) => p[part]),
    })),
  };
}

/** One bar per row: sign-up persons of each subject, district or school. */
export function countBars(rows: { name: string; value: number }[], seriesName: string, color: string = chartColors.signUps): ChartOption {
  return {
    color: [color],
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 48, right: 16, top: 24, bottom: 64 },
    xAxis: categoryAxis(rows.map((r) => r.name)),
    yAxis: { type: 'value', minInterval: 1, axisLabel: axisText, splitLine },
    series: [{ type: 'bar', name: seriesName, barMaxWidth: 48, data: rows.map((r) => r.value), label: { show: rows.length <= 12, position: 'top', color: chartColors.text } }],
  };
}

/** Grouped bars per day (sign-ups, submissions, decisions), for the overview's trend. */
export function dailyBars(rows: { day: string; signUps: number; submitted: number; decisions: number }[], words: { signUps: string; submitted: string; decisions: string }): ChartOption {
  return {
    color: [chartColors.signUps, chartColors.pending, chartColors.decisions],
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, textStyle: { color: chartColors.text } },
    grid: { left: 48, right: 16, top: 40, bottom: 48 },
    xAxis: { type: 'category', data: rows.map((r) => r.day.slice(5)), axisLabel: axisText },
    yAxis: { type: 'value', minInterval: 1, axisLabel: axisText, splitLine },
    series: (['signUps', 'submitted', 'decisions'] as const).map((key) => ({
      type: 'bar' as const,
      name: words[key],
      barMaxWidth: 24,
      data: rows.map((r) => r[key]),
    })),
  };
}

/** Where a node stands (`CoverState` of @dscloud/sdk/review), in the heat map's column order. */
export const COVER_STATES = ['none', 'works', 'passed', 'excellent'] as const;
export type CoverStateName = (typeof COVER_STATES)[number];

export interface CoverNodeLike {
  /** Chapter names above the node, `「第一章 有理数 / 1.1 正数和负数」`; empty for a top-level node. */
  path: string;
  nodeName: string;
  state: CoverStateName;
}

export interface CoverageGrid {
  /** Chapters (rows of the heat map), in the order they were first met. */
  chapters: string[];
  /** `[stateIndex, chapterIndex, nodes]` for every cell, zeros included (an empty cell is a finding). */
  cells: [number, number, number][];
  max: number;
}

/** The chapter a node belongs to: the first name of its path, or the node itself at the top. */
export function chapterOf(node: Pick<CoverNodeLike, 'path' | 'nodeName'>): string {
  const first = node.path.split('/')[0]?.trim();
  return first || node.nodeName;
}

/** Nodes counted per chapter and coverage state. */
export function coverageGrid(nodes: readonly CoverNodeLike[]): CoverageGrid {
  const chapters: string[] = [];
  const counts = new Map<string, number[]>();
  for (const node of nodes) {
    const chapter = chapterOf(node);
    let row = counts.get(chapter);
    if (!row) {
      row = COVER_STATES.map(() => 0);
      counts.set(chapter, row);
      chapters.push(chapter);
    }
    const column = COVER_STATES.indexOf(node.state);
    if (column >= 0) row[column]! += 1;
  }
  const cells: [number, number, number][] = [];
  chapters.forEach((chapter, y) => counts.get(chapter)!.forEach((n, x) => cells.push([x, y, n])));
  return { chapters, cells, max: cells.reduce((m, c) => Math.max(m, c[2]), 0) };
}

/** The heat map: chapters down, coverage states across, the number of nodes in each cell. */
export function coverageHeatmap(grid: CoverageGrid, words: Record<CoverStateName, string>, seriesName: string): ChartOption {
  return {
    tooltip: { position: 'top' },
    grid: { left: 160, right: 24, top: 16, bottom: 72 },
    xAxis: { type: 'category', data: COVER_STATES.map((s) => words[s]), splitArea: { show: true }, axisLabel: axisText },
    yAxis: {
      type: 'category',
      data: grid.chapters,
      inverse: true,
      splitArea: { show: true },
      axisLabel: { ...axisText, width: 140, overflow: 'truncate' },
    },
    visualMap: {
      min: 0,
      max: Math.max(1, grid.max),
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 8,
      inRange: { color: [chartColors.heatLow, chartColors.heatHigh] },
      textStyle: { color: chartColors.text },
    },
    series: [{ type: 'heatmap', name: seriesName, data: grid.cells, label: { show: true }, emphasis: { itemStyle: { borderColor: chartColors.text, borderWidth: 1 } } }],
  };
}

/** Height that gives each heat-map row room (28 px a chapter, within reason). */
export function heatmapHeight(chapters: number): number {
  return Math.min(1200, Math.max(200, 100 + chapters * 28));
}
