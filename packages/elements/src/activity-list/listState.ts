import type { ActivitySummary, Page } from '@dscloud/sdk/activities';

/**
 * The list's one state: a page is being fetched (the previous page stays on screen, dimmed, so paging
 * does not jump), a page is shown (no rows: the empty state), or the fetch failed (with the message to
 * show and 重试). Never "loading and failed" at once.
 */
export type ListState =
  | { status: 'loading'; pageNum: number; shown: Page<ActivitySummary> | null }
  | { status: 'ready'; pageNum: number; page: Page<ActivitySummary> }
  | { status: 'failed'; pageNum: number; message: string };

export type ListEvent =
  /** Ask for a page (first load, paging, another filter, retry). */
  | { type: 'request'; pageNum: number; keepShown: boolean }
  | { type: 'loaded'; pageNum: number; page: Page<ActivitySummary> }
  | { type: 'failed'; pageNum: number; message: string };

export const initialListState: ListState = { status: 'loading', pageNum: 1, shown: null };

const shownOf = (state: ListState) => (state.status === 'ready' ? state.page : state.status === 'loading' ? state.shown : null);

export function transition(state: ListState, event: ListEvent): ListState {
  switch (event.type) {
    case 'request':
      return { status: 'loading', pageNum: event.pageNum, shown: event.keepShown ? shownOf(state) : null };
    case 'loaded':
      // An answer for a page nobody waits for any more (the user paged on) changes nothing.
      if (state.status !== 'loading' || state.pageNum !== event.pageNum) return state;
      return { status: 'ready', pageNum: event.pageNum, page: event.page };
    case 'failed':
      if (state.status !== 'loading' || state.pageNum !== event.pageNum) return state;
      return { status: 'failed', pageNum: event.pageNum, message: event.message };
  }
}

/** Pages of a total (at least one, so "第 1 / 1 页" shows for an empty list too). */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
