import { useCallback, useEffect, useState, type DependencyList } from 'react';

export type AsyncState<T> =
  | { status: 'loading'; data: T | null }
  | { status: 'ready'; data: T }
  | { status: 'failed'; data: T | null; message: string };

/**
 * Runs a load whenever its inputs change and keeps the last answer on screen while the next one comes,
 * so paging and filtering do not flash an empty list. An answer that arrives after newer inputs is dropped.
 */
export function useAsync<T>(load: () => Promise<T>, deps: DependencyList): AsyncState<T> & { reload: () => void } {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading', data: null });
  const [round, setRound] = useState(0);
  // New inputs load again, keeping the last answer (set while rendering, so no frame shows it as current).
  const inputs = [...deps, round];
  const [asked, setAsked] = useState(inputs);
  if (asked.length !== inputs.length || asked.some((value, i) => !Object.is(value, inputs[i]))) {
    setAsked(inputs);
    setState((prev) => ({ status: 'loading', data: prev.data }));
  }
  useEffect(() => {
    let current = true;
    load().then(
      (data) => current && setState({ status: 'ready', data }),
      (error: unknown) =>
        current && setState((prev) => ({ status: 'failed', data: prev.data, message: error instanceof Error ? error.message : String(error) })),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps stand for `load`, which is a new function every render
  }, [...deps, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload };
}

/** The same load seen through a projection (a page's rows), so one call feeds a list and its total. */
export function mapAsync<T, U>(state: AsyncState<T> & { reload: () => void }, f: (data: T) => U): AsyncState<U> & { reload: () => void } {
  const data = state.data === null ? null : f(state.data);
  if (state.status === 'ready') return { status: 'ready', data: data as U, reload: state.reload };
  if (state.status === 'failed') return { status: 'failed', data, message: state.message, reload: state.reload };
  return { status: 'loading', data, reload: state.reload };
}
