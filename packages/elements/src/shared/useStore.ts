import { useCallback, useRef, useSyncExternalStore } from 'react';

/** The part of a zustand vanilla store that React needs: read and subscribe. */
export interface ReadableStore<S> {
  getState(): S;
  subscribe(listener: (state: S, previous: S) => void): () => void;
}

/**
 * Reads a slice of an SDK store and re-renders only when that slice changes.
 * The selector result is cached per state so selectors that build objects do not loop.
 */
export function useStore<S, T>(store: ReadableStore<S>, selector: (state: S) => T): T {
  const cache = useRef<{ state: S; value: T } | null>(null);
  const getSnapshot = useCallback(() => {
    const state = store.getState();
    if (cache.current && Object.is(cache.current.state, state)) return cache.current.value;
    const value = selector(state);
    if (cache.current && Object.is(cache.current.value, value)) {
      cache.current = { state, value: cache.current.value };
    } else {
      cache.current = { state, value };
    }
    return cache.current.value;
  }, [store, selector]);
  const subscribe = useCallback((onChange: () => void) => store.subscribe(onChange), [store]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
