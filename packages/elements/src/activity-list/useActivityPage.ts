import { useCallback, useEffect, useReducer, useState } from 'react';
import type { ActivityPhase } from '@dscloud/sdk/activities';
import { useProvidedPlatform } from '../shared/providedPlatform.js';
import { initialListState, transition, type ListState } from './listState.js';
import type { Lang } from './messages.js';

type Core = typeof import('./activityListCore.js');
let loading: Promise<Core> | undefined;

/** Loads the lazy part once per page; a failed load (offline) is tried again by the next request. */
function loadCore(): Promise<Core> {
  loading ??= import('./activityListCore.js').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

export interface PageQuery {
  apiBase?: string;
  orgId?: string;
  phase?: ActivityPhase;
  pageSize: number;
  lang: Lang;
  /** The generic failure text, for a lazy part that could not be fetched. */
  fallbackMessage: string;
  /** Ask nothing (the filters are not valid; the list shows why). */
  skip: boolean;
}

/**
 * One page of published activities: asks again from page 1 when a filter changes, keeps the shown
 * page while the next one loads, drops answers nobody waits for (abort + the state machine's page check).
 */
export function useActivityPage(query: PageQuery): { state: ListState; goTo: (pageNum: number) => void; retry: () => void } {
  const provided = useProvidedPlatform();
  const [state, send] = useReducer(transition, initialListState);
  const [attempt, setAttempt] = useState(0);
  const { apiBase, orgId, phase, pageSize, lang, fallbackMessage, skip } = query;

  // Another filter starts again from page 1 (set while rendering: no frame shows the old filter's page as the new one's).
  const filterKey = `${apiBase ?? ''}|${orgId ?? ''}|${phase ?? ''}|${pageSize}|${skip}`;
  const [asked, setAsked] = useState({ filterKey, provided });
  if (asked.filterKey !== filterKey || asked.provided !== provided) {
    setAsked({ filterKey, provided });
    send({ type: 'request', pageNum: 1, keepShown: false });
  }

  const pageNum = state.pageNum;
  const wanted = state.status === 'loading' && !skip;
  useEffect(() => {
    if (!wanted) return undefined;
    const controller = new AbortController();
    loadCore()
      .then((core) => core.activitySource(provided ?? core.getPlatform(apiBase)).page({ pageNum, pageSize, orgId, phase }, controller.signal))
      .then(
        (page) => controller.signal.aborted || send({ type: 'loaded', pageNum, page }),
        async (error: unknown) => {
          if (controller.signal.aborted) return;
          const detail = await loadCore().then((core) => core.failureDetail(error, lang), () => '');
          if (!controller.signal.aborted) send({ type: 'failed', pageNum, message: detail || fallbackMessage });
        },
      );
    return () => controller.abort();
  }, [wanted, pageNum, attempt, provided, apiBase, orgId, phase, pageSize, lang, fallbackMessage]);

  const goTo = useCallback((next: number) => send({ type: 'request', pageNum: next, keepShown: true }), []);
  const retry = useCallback(() => {
    send({ type: 'request', pageNum, keepShown: false });
    setAttempt((n) => n + 1);
  }, [pageNum]);
  return { state, goTo, retry };
}
