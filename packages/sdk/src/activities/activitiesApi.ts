import type { JsonClient, RequestOptions } from '../http/calls.js';
import type { ActivityPhase } from './codes.js';
import type { ActivitySummary, Page } from './types.js';

/** Query of `resourceCollectActivity/publish/list` (docs/api.md "Activities"). */
export interface PublishedActivityQuery {
  pageNum: number;
  pageSize: number;
  /**
   * An organisation: its activities and those of its ancestors and descendants (what its teachers
   * may join and what its schools run). Left out: every published activity.
   */
  orgId?: string;
  /** Only activities in this phase now. */
  phase?: ActivityPhase;
  keyword?: string;
}

/** Leaves out empty values, so a query never carries `orgId=` or `phase=undefined`. */
function compact<T extends object>(query: T): Partial<T> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== '')) as Partial<T>;
}

/**
 * The public activity calls (no token, no session refresh): what a visitor, a bureau's page and
 * `<ds-activity-list>` may read. Request options come last (`silent` for a screen that shows its own
 * message, `signal` to abandon a page nobody waits for any more).
 */
export function createActivitiesApi(http: JsonClient) {
  const cs = (path: string) => http.paths.cloudSchool(`/v1/${path}`);
  const pub = (o?: RequestOptions): RequestOptions => ({ ...o, public: true });
  return {
    /** Published activities, newest first, one page (Page<ActivitySummary>). */
    publishedPage: (query: PublishedActivityQuery, o?: RequestOptions) =>
      http.get<Page<ActivitySummary>>(cs('resourceCollectActivity/publish/list'), compact(query), pub(o)),
  };
}

export type ActivitiesApi = ReturnType<typeof createActivitiesApi>;
