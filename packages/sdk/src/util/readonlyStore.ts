import type { StoreApi } from 'zustand/vanilla';

/**
 * The reading half of a zustand store. Services hand this out so that state only changes through their
 * own transitions (hooks need nothing more than getState and subscribe).
 */
export type ReadonlyStore<T> = Pick<StoreApi<T>, 'getState' | 'getInitialState' | 'subscribe'>;

export function readonly<T>(store: StoreApi<T>): ReadonlyStore<T> {
  return { getState: store.getState, getInitialState: store.getInitialState, subscribe: store.subscribe };
}
