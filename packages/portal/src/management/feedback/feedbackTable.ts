/** The feedback table's URL state and the filter the server takes (pure, unit-tested). */
import type { ApplyStatus, FeedbackListQuery, FeedbackType } from '@dscloud/sdk/help';
import { APPLY_STATUSES, FEEDBACK_TYPES } from '@dscloud/sdk/help';
import type { TableSpec, TableState } from '../kit';

export const FEEDBACK_SPEC = {
  filters: { applyStatus: 'int', type: 'text', keyword: 'text', time: 'range' },
} as const satisfies TableSpec<{ applyStatus: 'int'; type: 'text'; keyword: 'text'; time: 'range' }>;

export type FeedbackFilters = typeof FEEDBACK_SPEC.filters;

/** A day in China time (the server's `from`/`to` are dates there). */
export function chinaDate(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
}

export function toFeedbackQuery(state: TableState<FeedbackFilters>): FeedbackListQuery {
  const { applyStatus, type, keyword, time } = state.filters;
  return {
    pageNum: state.page,
    pageSize: state.pageSize,
    ...(applyStatus !== undefined && (APPLY_STATUSES as readonly number[]).includes(applyStatus) ? { applyStatus: applyStatus as ApplyStatus } : {}),
    ...(type && (FEEDBACK_TYPES as readonly string[]).includes(type) ? { type: type as FeedbackType } : {}),
    ...(keyword?.trim() ? { keyword: keyword.trim() } : {}),
    ...(time ? { from: chinaDate(time[0]), to: chinaDate(time[1]) } : {}),
  };
}
