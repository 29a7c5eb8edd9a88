import { createStore } from 'zustand/vanilla';
import { DsError } from '../errors/DsError.js';
import { retryPolicy, withRetry, type RetryPolicy } from '../http/retryPolicy.js';
import { systemClock, type Clock } from '../util/clock.js';
import { deepFreeze } from '../util/deepFreeze.js';
import { readonly, type ReadonlyStore } from '../util/readonlyStore.js';

/** Spec §4: not started, started, done, failed. */
export type LoaderStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface LoaderState<T> {
  status: LoaderStatus;
  /** Deep-frozen: loaded data cannot be changed outside the loader (a write throws). */
  value: Readonly<T> | null;
  error?: DsError;
  /** Requests made by the current (or last) load. */
  attempts: number;
}

export type LoaderEvent<T> =
  | { type: 'start' }
  | { type: 'attempt' }
  | { type: 'succeeded'; value: T }
  | { type: 'failed'; error: DsError }
  | { type: 'reset' };

export function loaderTransition<T>(state: LoaderState<T>, event: LoaderEvent<T>): LoaderState<T> | null {
  switch (event.type) {
    case 'start':
      return state.status === 'idle' || state.status === 'failed' ? { status: 'loading', value: null, attempts: 0 } : null;
    case 'attempt':
      return state.status === 'loading' ? { ...state, attempts: state.attempts + 1 } : null;
    case 'succeeded':
      return state.status === 'loading' ? { status: 'ready', value: deepFreeze(event.value), attempts: state.attempts } : null;
    case 'failed':
      return state.status === 'loading' ? { status: 'failed', value: null, error: event.error, attempts: state.attempts } : null;
    case 'reset':
      return { status: 'idle', value: null, attempts: 0 };
  }
}

export interface LoaderOptions<T> {
  fetch: () => Promise<T>;
  /** When to ask again; by default three retries 100 ms apart (spec §9) for failures that may pass. */
  retry?: RetryPolicy;
  clock?: Clock;
  /** The code a failure is reported under, unless the failure is one of `keepCodes`. */
  failureCode: number;
  keepCodes?: readonly number[];
  /** Told once per failed load (not once per waiting caller), e.g. to raise a notice. */
  onFailure?: (error: DsError) => void;
}

export interface Loader<T> extends ReadonlyStore<LoaderState<T>> {
  transition(event: LoaderEvent<T>): boolean;
  /** Starts a load unless one is running or done; resolves with the value, rejects with a DsError. */
  ready(): Promise<Readonly<T>>;
  /** Calls back once the value is there (now, if it already is); returns an unsubscribe. */
  whenReady(callback: (value: Readonly<T>) => void): () => void;
  reset(): void;
}

/** Spec §9: three more tries, 100 ms apart. */
export const LOADER_RETRY: RetryPolicy = retryPolicy([100, 100, 100]);

export function createLoader<T>(options: LoaderOptions<T>): Loader<T> {
  const clock = options.clock ?? systemClock;
  const policy = options.retry ?? LOADER_RETRY;
  const store = createStore<LoaderState<T>>(() => ({ status: 'idle', value: null, attempts: 0 }));
  let running: Promise<Readonly<T>> | null = null;

  const transition = (event: LoaderEvent<T>): boolean => {
    const next = loaderTransition(store.getState(), event);
    if (next) store.setState(next, true);
    return next !== null;
  };

  const asFailure = (error: unknown): DsError =>
    error instanceof DsError && (options.keepCodes ?? []).includes(error.code)
      ? error
      : new DsError(options.failureCode, { cause: error });

  async function run(): Promise<Readonly<T>> {
    try {
      const attempt = () => {
        transition({ type: 'attempt' });
        return options.fetch();
      };
      const value = await withRetry(attempt, policy, (ms) => clock.sleep(ms));
      transition({ type: 'succeeded', value });
      return store.getState().value as Readonly<T>;
    } catch (error) {
      const failure = asFailure(error);
      transition({ type: 'failed', error: failure });
      options.onFailure?.(failure);
      throw failure;
    }
  }

  function ready(): Promise<Readonly<T>> {
    const state = store.getState();
    if (state.status === 'ready') return Promise.resolve(state.value as Readonly<T>);
    if (running) return running;
    transition({ type: 'start' });
    running = run().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    ...readonly(store),
    transition,
    ready,
    whenReady(callback) {
      const now = store.getState();
      if (now.status === 'ready') {
        callback(now.value as Readonly<T>);
        return () => undefined;
      }
      const unsubscribe = store.subscribe((state) => {
        if (state.status !== 'ready') return;
        unsubscribe();
        callback(state.value as Readonly<T>);
      });
      return unsubscribe;
    },
    reset: () => void transition({ type: 'reset' }),
  };
}
