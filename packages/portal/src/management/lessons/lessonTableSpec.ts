import type { ManagedLessonFilter } from '../../api/manageLessons';
import type { LessonOrder } from '../../api/lessons';
import type { Filters, TableSpec, TableState } from '../kit';

const FILTERS = { keyword: 'text', stage: 'int', subjectCode: 'int', grade: 'int', teacher: 'text', time: 'range', status: 'int' } as const;
export type LessonFilterSpec = typeof FILTERS;
export type LessonFilters = Filters<LessonFilterSpec>;

/** 直播课管理: sorted by the live start, latest first unless the user says otherwise. */
export const LIVE_SPEC = {
  filters: FILTERS,
  sortFields: ['liveStartTime'],
  defaultSort: { field: 'liveStartTime', order: 'descend' },
} as const satisfies TableSpec<LessonFilterSpec>;

/** 点播课管理: newest first; the excellent and hottest orders are the server's other sorts. */
export const BROADCAST_SPEC = {
  filters: FILTERS,
  sortFields: ['createTime', 'downloadCount', 'excellentFlag'],
  defaultSort: { field: 'createTime', order: 'descend' },
} as const satisfies TableSpec<LessonFilterSpec>;

function orderOf(state: TableState<LessonFilterSpec>): LessonOrder {
  const sort = state.sort;
  if (sort?.field === 'liveStartTime') return sort.order === 'ascend' ? 'liveStart' : 'liveStartDesc';
  if (sort?.field === 'downloadCount') return 'hottest';
  if (sort?.field === 'excellentFlag') return 'excellent';
  return 'newest';
}

/** The manager view's body for a table state (the URL's filters, page and sort). */
export function toLessonFilter(state: TableState<LessonFilterSpec>): ManagedLessonFilter {
  const f = state.filters;
  return {
    pageNum: state.page,
    pageSize: state.pageSize,
    orderBy: orderOf(state),
    ...(f.keyword ? { keyword: f.keyword } : {}),
    ...(f.stage !== undefined ? { stage: f.stage } : {}),
    ...(f.subjectCode !== undefined ? { subjectCode: f.subjectCode } : {}),
    ...(f.grade !== undefined ? { grade: f.grade } : {}),
    ...(f.teacher ? { teacherName: f.teacher } : {}),
    ...(f.time ? { startTime: f.time[0], endTime: f.time[1] } : {}),
    ...(f.status === 0 || f.status === 1 ? { publishStatus: f.status } : {}),
  };
}
