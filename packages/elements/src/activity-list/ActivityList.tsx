import { useCallback, useEffect, useRef } from 'react';
import type { Clock } from '@dscloud/sdk';
import type { ActivityPhase, ActivitySummary } from '@dscloud/sdk/activities';
import css from './activity-list.css?inline';
import { useStyles } from '../shared/adoptStyles.js';
import { useBackOnline } from '../uploader/useBackOnline.js';
import { ActivityCard } from './ActivityCard.js';
import { cardTiming } from './cardTiming.js';
import { pageCount } from './listState.js';
import { activityListMessages, toLang } from './messages.js';
import { Pager } from './Pager.js';
import { useActivityPage } from './useActivityPage.js';
import { browserClock, useNow } from './useNow.js';

export interface ActivitySelectDetail {
  activityId: string;
  activity: ActivitySummary;
}

export interface ActivityListProps {
  /** Platform origin; default: the provided platform, else the origin the element script came from. */
  apiBase?: string;
  /** Organisation id: its activities and those of its ancestors and descendants. Default: every published activity. */
  organisation?: string;
  /** Only activities in this phase: notStarted, signUp, upload, review or ended. */
  status?: string;
  /** Cards per page (1–50). Default 12. */
  pageSize?: number;
  /** The portal's address; the action then opens the activity's page there instead of firing `onSelect`. */
  portalUrl?: string;
  lang?: string;
  /** The clock the countdowns read (tests and stories hand in a fake one). Default: the browser's. */
  clock?: Clock;
  onSelect?: (detail: ActivitySelectDetail) => void;
}

/** The phases a visitor may filter the public list by (drafts and withdrawn activities are never public). */
export const PUBLIC_PHASES: readonly ActivityPhase[] = ['notStarted', 'signUp', 'upload', 'review', 'ended'];
const DEFAULT_PAGE_SIZE = 12;
const MAX_PAGE_SIZE = 50;

const pageSizeOf = (value: number | undefined) =>
  value !== undefined && Number.isFinite(value) && value >= 1 ? Math.min(MAX_PAGE_SIZE, Math.floor(value)) : DEFAULT_PAGE_SIZE;

/** The activity page in the portal (its hash route `…/activityList/:type/activityDetail/:activityId`). */
export function portalLink(portalUrl: string, activityId: string): string {
  const base = portalUrl.split('#')[0]!.replace(/\/+$/, '');
  return `${base}/#/resourcesCollect/activityList/all/activityDetail/${encodeURIComponent(activityId)}`;
}

/**
 * The published resource-collection activities of an organisation, as cards a bureau embeds on its
 * own site: phase and live countdown, counts, 报名/查看; paging; loading, empty and error states.
 */
export function ActivityList(props: ActivityListProps) {
  const lang = toLang(props.lang);
  const m = activityListMessages(lang);
  const root = useRef<HTMLElement>(null);
  const list = useRef<HTMLUListElement>(null);
  useStyles(root, 'ds-activity-list', css);

  const status = props.status?.trim() || undefined;
  const badStatus = status !== undefined && !PUBLIC_PHASES.includes(status as ActivityPhase);
  const pageSize = pageSizeOf(props.pageSize);
  const { state, goTo, retry } = useActivityPage({
    apiBase: props.apiBase,
    orgId: props.organisation?.trim() || undefined,
    phase: badStatus ? undefined : (status as ActivityPhase | undefined),
    pageSize,
    lang,
    fallbackMessage: m.failed,
    skip: badStatus,
  });
  // A list that failed offline (the lazy part or the page) is asked for again once the network is back.
  useBackOnline(state.status === 'failed', retry);
  const page = state.status === 'ready' ? state.page : state.status === 'loading' ? state.shown : null;
  const clock = props.clock ?? browserClock;
  const rows = badStatus ? [] : (page?.rows ?? []);
  const now = useNow(clock, rows.some((row) => cardTiming(row, clock.now()).target !== null), page);

  // After paging, a keyboard user starts at the top of the new page (the button they pressed may be disabled now).
  const paged = useRef(false);
  const onPage = useCallback(
    (next: number) => {
      paged.current = true;
      goTo(next);
    },
    [goTo],
  );
  useEffect(() => {
    if (state.status === 'ready' && paged.current) {
      paged.current = false;
      list.current?.focus();
    }
  }, [state]);

  const { onSelect } = props;
  const select = useCallback((activity: ActivitySummary) => onSelect?.({ activityId: activity.activityId, activity }), [onSelect]);
  const portalUrl = props.portalUrl?.trim();
  const busy = state.status === 'loading';
  const pages = page ? pageCount(page.total, pageSize) : 1;

  return (
    <section ref={root} className="ds-activities" data-ds-root="ds-activity-list" part="base" aria-label={m.list} aria-busy={busy}>
      {badStatus ? (
        <div className="ds-activities__problem" part="error" role="alert">
          <p className="ds-activities__problem-title">{m.failed}</p>
          <p>{m.badStatus(status, PUBLIC_PHASES.join(', '))}</p>
        </div>
      ) : state.status === 'failed' ? (
        <div className="ds-activities__problem" part="error" role="alert">
          <p className="ds-activities__problem-title">{m.failed}</p>
          {state.message !== m.failed ? <p>{state.message}</p> : null}
          <button type="button" className="ds-activities__retry" part="retry" onClick={retry}>
            {m.retry}
          </button>
        </div>
      ) : !page ? (
        <p className="ds-activities__loading" part="loading" role="status">
          {m.loading}
        </p>
      ) : page.rows.length === 0 && !busy ? (
        <div className="ds-activities__empty" part="empty">
          <p className="ds-activities__empty-title">{m.empty}</p>
          <p>{m.emptyHint}</p>
        </div>
      ) : (
        <>
          <ul ref={list} className="ds-activities__list" part="list" tabIndex={-1} aria-label={m.list} data-busy={busy || undefined}>
            {rows.map((activity) => (
              <ActivityCard
                key={activity.activityId}
                activity={activity}
                now={now}
                lang={lang}
                messages={m}
                href={portalUrl ? portalLink(portalUrl, activity.activityId) : null}
                onSelect={select}
              />
            ))}
          </ul>
          {pages > 1 ? <Pager pageNum={state.pageNum} pages={pages} total={page.total} busy={busy} messages={m} onPage={onPage} /> : null}
        </>
      )}
    </section>
  );
}
