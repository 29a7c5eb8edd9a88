import { useCallback, useEffect, useState } from 'react';
import { useBackOnline } from './useBackOnline.js';

export type EngineCore = typeof import('./engineCore.js');

let loaded: EngineCore | undefined;
let loading: Promise<EngineCore> | undefined;

/** Starts loading the engine core (once per page); a failed load is tried again by the next caller. */
export function loadEngineCore(): Promise<EngineCore> {
  loading ??= import('./engineCore.js').then(
    (core) => (loaded = core),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The uploader's lazy part (platform core and upload engine): `undefined` while it loads, so the
 * element renders its drop zone first; `failed` when the part could not be fetched (offline). A failed
 * load is tried again when the network is back, or at once with `retry()` (the 重试 button).
 */
export function useEngineCore(): { core: EngineCore | undefined; failed: boolean; retry: () => void } {
  const [core, setCore] = useState(loaded);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (core) return undefined;
    let live = true;
    loadEngineCore().then(
      (value) => live && setCore(value),
      () => live && setFailed(true),
    );
    return () => void (live = false);
  }, [core, attempt]);
  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((count) => count + 1);
  }, []);
  useBackOnline(failed, retry);
  return { core, failed, retry };
}
