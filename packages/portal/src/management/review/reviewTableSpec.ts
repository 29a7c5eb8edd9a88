/** The reviewer's work list in the URL (activity, filters, page) and as the `getAuditWorkPage` body. */
import type { AuditFilter } from '../../api/review';
import type { Filters, TableSpec, TableState } from '../kit';

export const REVIEW_SPEC = {
  filters: { activity: 'text', level: 'int', stage: 'int', subject: 'int', edition: 'text', book: 'text', chapter: 'text', state: 'text', keyword: 'text' },
} as const satisfies TableSpec<Record<string, 'text' | 'int'>>;

export type ReviewFilters = Filters<typeof REVIEW_SPEC.filters>;

/** The list's filters as the server takes them (the activity apart). */
export function toAuditFilter(activityId: string, f: ReviewFilters): AuditFilter {
  const state = f.state === 'pending' || f.state === 'decided' ? f.state : undefined;
  return {
    activityId,
    ...(f.level !== undefined ? { level: f.level } : {}),
    ...(f.stage !== undefined ? { stage: f.stage } : {}),
    ...(f.subject !== undefined ? { subjectCode: f.subject } : {}),
    ...(f.edition ? { editionId: f.edition } : {}),
    ...(f.book ? { bookId: f.book } : {}),
    ...(f.chapter ? { chapterId: f.chapter } : {}),
    ...(state ? { state } : {}),
    ...(f.keyword?.trim() ? { keyword: f.keyword.trim() } : {}),
  };
}

export function toWorkPageBody(state: TableState<typeof REVIEW_SPEC.filters>): (AuditFilter & { pageNum: number; pageSize: number }) | null {
  const activityId = state.filters.activity;
  if (!activityId) return null;
  return { ...toAuditFilter(activityId, state.filters), pageNum: state.page, pageSize: state.pageSize };
}
