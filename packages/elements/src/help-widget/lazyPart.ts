import { useCallback, useEffect, useState } from 'react';
import { useBackOnline } from '../uploader/useBackOnline.js';

/** A lazy part fetched once per page; a failed fetch (offline) is tried again by the next caller. */
export function lazyPart<T>(load: () => Promise<T>): { get(): Promise<T>; loaded(): T | undefined } {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    get() {
      loading ??= load().then(
        (part) => (value = part),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => value,
  };
}

/**
 * A lazy part once `wanted`: `undefined` while it loads, `failed` when it could not be fetched. A
 * failed part is asked for again when the network is back, or at once with `retry()`.
 */
export function usePart<T>(part: ReturnType<typeof lazyPart<T>>, wanted: boolean): { part: T | undefined; failed: boolean; retry: () => void } {
  const [value, setValue] = useState(part.loaded);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (value || !wanted) return undefined;
    let live = true;
    part.get().then(
      (loaded) => live && setValue(() => loaded),
      () => live && setFailed(true),
    );
    return () => void (live = false);
  }, [part, value, wanted, attempt]);
  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((count) => count + 1);
  }, []);
  useBackOnline(failed && wanted, retry);
  return { part: value, failed, retry };
}
