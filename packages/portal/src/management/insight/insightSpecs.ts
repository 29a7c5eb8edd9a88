/**
 * The statistics tables' URL state (filters, page) and the query each sends. Pure: a hand-edited link
 * with a value the server does not know is dropped here instead of failing the screen.
 */
import { AuditLevels } from '@dscloud/sdk/activities';
import type { AuditLevelCode } from '@dscloud/sdk/activities';
import type { CoverNodeQuery, CoverState, HighQualityWorkQuery, ReviewerStatQuery, SignUpPersonQuery } from '@dscloud/sdk/review';
import type { TableSpec, TableState } from '../kit';
import { COVER_STATES } from './charts/chartOptions';

const text = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
const defined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

const APPLICANT_FILTERS = { keyword: 'text', stage: 'int', subject: 'int', district: 'text' } as const;
/** 报名人员: newest first (the server's order). */
export const APPLICANT_SPEC = { filters: APPLICANT_FILTERS } as const satisfies TableSpec<typeof APPLICANT_FILTERS>;

export function toSignUpPersonQuery(activityId: string, state: TableState<typeof APPLICANT_FILTERS>): SignUpPersonQuery {
  const f = state.filters;
  return defined({
    activityId,
    pageNum: state.page,
    pageSize: state.pageSize,
    keyword: text(f.keyword),
    stage: f.stage,
    subjectCode: f.subject,
    districtId: text(f.district),
  });
}

const REVIEWER_FILTERS = { keyword: 'text', level: 'int', stage: 'int', subject: 'int' } as const;
/** 教师评审详情: one row per reviewer of the activity. */
export const REVIEWER_SPEC = { filters: REVIEWER_FILTERS } as const satisfies TableSpec<typeof REVIEWER_FILTERS>;

export function toReviewerQuery(activityId: string, state: TableState<typeof REVIEWER_FILTERS>): ReviewerStatQuery {
  const f = state.filters;
  const level = AuditLevels.entries.some((l) => l.value === f.level) ? (f.level as AuditLevelCode) : undefined;
  return defined({ activityId, pageNum: state.page, pageSize: state.pageSize, keyword: text(f.keyword), level, stage: f.stage, subjectCode: f.subject });
}

const COVER_FILTERS = { stage: 'int', subject: 'int', state: 'text' } as const;
/** 作品统计's node table: curriculum order (the server's), filtered by stage, subject and coverage. */
export const COVER_NODE_SPEC = { filters: COVER_FILTERS } as const satisfies TableSpec<typeof COVER_FILTERS>;

export const isCoverState = (value: string | undefined): value is CoverState => (COVER_STATES as readonly string[]).includes(value ?? '');

export function toCoverNodeQuery(activityId: string, state: TableState<typeof COVER_FILTERS>): CoverNodeQuery {
  const f = state.filters;
  return defined({
    activityId,
    pageNum: state.page,
    pageSize: state.pageSize,
    stage: f.stage,
    subjectCode: f.subject,
    state: isCoverState(f.state) ? f.state : undefined,
  });
}

const QUALITY_FILTERS = { keyword: 'text', stage: 'int', subject: 'int', edition: 'text', book: 'text' } as const;
export type QualityFilterSpec = typeof QUALITY_FILTERS;
/** 优秀作品管理 (one activity). */
export const QUALITY_SPEC = { filters: QUALITY_FILTERS } as const satisfies TableSpec<QualityFilterSpec>;
/** The public 优秀作品 cards: pages of a card grid. */
export const GOOD_WORK_SPEC = { filters: QUALITY_FILTERS, pageSizes: [12, 24, 48] } as const satisfies TableSpec<QualityFilterSpec>;

/**
 * The high-quality query of a table state. Subject, edition and book only make sense under what is
 * chosen before them, so a subject without a stage (a link cut short) is left out, and so on down.
 */
export function toHighQualityQuery(state: TableState<QualityFilterSpec>, activityId?: string): HighQualityWorkQuery {
  const f = state.filters;
  const stage = f.stage;
  const subjectCode = stage !== undefined ? f.subject : undefined;
  const editionId = subjectCode !== undefined ? text(f.edition) : undefined;
  const bookId = editionId !== undefined ? text(f.book) : undefined;
  return defined({ pageNum: state.page, pageSize: state.pageSize, activityId, keyword: text(f.keyword), stage, subjectCode, editionId, bookId });
}

/** The export takes the table's filters without paging. */
export function withoutPaging<T extends { pageNum: number; pageSize: number }>(query: T): Omit<T, 'pageNum' | 'pageSize'> {
  const { pageNum: _p, pageSize: _s, ...rest } = query;
  return rest;
}

const MY_REVIEW_FILTERS = { keyword: 'text', open: 'int' } as const;
/** 我的作品评审概况: the reviewer's activities (one short list, paged and filtered here). */
export const MY_REVIEW_SPEC = { filters: MY_REVIEW_FILTERS } as const satisfies TableSpec<typeof MY_REVIEW_FILTERS>;

/** One page of a list the server answers whole: activities matching the name, open (1) or closed (0) for review. */
export function myReviewPage<T extends { activityName: string; auditOpen: boolean }>(rows: readonly T[], state: TableState<typeof MY_REVIEW_FILTERS>): { rows: T[]; total: number } {
  const keyword = text(state.filters.keyword)?.toLowerCase();
  const open = state.filters.open;
  const kept = rows.filter((r) => (!keyword || r.activityName.toLowerCase().includes(keyword)) && (open === undefined || r.auditOpen === (open === 1)));
  const from = (state.page - 1) * state.pageSize;
  return { rows: kept.slice(from, from + state.pageSize), total: kept.length };
}
