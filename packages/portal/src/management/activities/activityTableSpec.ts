import { ACTIVITY_PHASES, ActivityStatus, type ActivityPhase } from '@dscloud/sdk/activities';
import type { ActivityPageBody } from '../../api/activityManage';
import type { Filters, TableSpec, TableState } from '../kit';

const FILTERS = { keyword: 'text', system: 'int', phase: 'text' } as const;
export type ActivityFilterSpec = typeof FILTERS;
export type ActivityFilters = Filters<ActivityFilterSpec>;

/** 征集活动管理: the server's order (newest first); filters and page in the URL. */
export const ACTIVITY_SPEC = { filters: FILTERS } as const satisfies TableSpec<ActivityFilterSpec>;

const isPhase = (value: string | undefined): value is ActivityPhase => (ACTIVITY_PHASES as readonly string[]).includes(value ?? '');

/**
 * The page body for a table state. Draft and withdrawn are stored statuses; the other phases follow
 * from a published activity's windows, so they go as `phase`. A phase the URL spells wrong is ignored.
 */
export function toActivityPageBody(state: TableState<ActivityFilterSpec>): ActivityPageBody {
  const f = state.filters;
  const phase = isPhase(f.phase) ? f.phase : undefined;
  return {
    pageNum: state.page,
    pageSize: state.pageSize,
    ...(f.keyword?.trim() ? { keyword: f.keyword.trim() } : {}),
    ...(f.system !== undefined ? { activitySystem: f.system } : {}),
    ...(phase === 'draft' ? { status: ActivityStatus.DRAFT } : {}),
    ...(phase === 'withdrawn' ? { status: ActivityStatus.WITHDRAWN } : {}),
    ...(phase && phase !== 'draft' && phase !== 'withdrawn' ? { status: ActivityStatus.PUBLISHED, phase } : {}),
  };
}
