import { abortError } from '../http/abort.js';

/**
 * Time as a seam (same shape as the platform's clock), so retry spacing, the 50 ms restart and
 * speed/ETA can be driven by a fake clock in tests.
 */
export interface UploadClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemUploadClock: UploadClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** A sleep that ends early, with an AbortError, when the upload is paused or cancelled. */
export function sleepUnlessAborted(clock: UploadClock, ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(abortError());
  if (!signal) return clock.sleep(ms);
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    clock.sleep(ms).then(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
