import { useCallback, useEffect, useState } from 'react';
import { fromHistoryNode, toHistoryNode, type HistoryLabels, type LearnChoice } from './learnFilter';
import { useLessonsApi } from './useLessonsApi';

export interface LearnHistory {
  /** True while the saved position is being read. */
  pending: boolean;
  /** The saved position to open, once read (null when there is none). */
  saved: LearnChoice | null;
  /** Keeps a new position for the next visit; a failure only means the screen will not reopen there. */
  save: (choice: LearnChoice, labels?: HistoryLabels) => void;
}

/**
 * The viewer's last curriculum position on a screen (`/lessonHistoryNode`, one per user and business
 * type). Only a signed-in viewer has one; `restore` says whether to read it now (a bare /learn).
 */
export function useLearnHistory(businessType: string, { signedIn, restore }: { signedIn: boolean; restore: boolean }): LearnHistory {
  restore &&= signedIn;
  const api = useLessonsApi();
  const [state, setState] = useState<{ pending: boolean; saved: LearnChoice | null }>({ pending: restore, saved: null });
  // Another screen or viewer starts over (set while rendering, so no frame shows the previous position).
  const [asked, setAsked] = useState({ api, businessType, restore });
  if (asked.api !== api || asked.businessType !== businessType || asked.restore !== restore) {
    setAsked({ api, businessType, restore });
    setState({ pending: restore, saved: null });
  }
  useEffect(() => {
    if (!restore) return;
    let current = true;
    api.historyNode(businessType).then(
      (node) => current && setState({ pending: false, saved: fromHistoryNode(node) }),
      () => current && setState({ pending: false, saved: null }),
    );
    return () => {
      current = false;
    };
  }, [api, businessType, restore]);
  const save = useCallback(
    (choice: LearnChoice, labels?: HistoryLabels) => {
      if (!signedIn) return;
      api.saveHistoryNode(businessType, toHistoryNode(choice, labels)).catch(() => undefined);
    },
    [api, businessType, signedIn],
  );
  return { ...state, pending: restore && state.pending, save };
}
