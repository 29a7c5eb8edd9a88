import { sleepUnlessAborted, type UploadClock } from './clock.js';
import { isNetworkFailure, type NetworkMonitor } from './network.js';
import { isAbort, UploadError } from './uploadError.js';

/** Three retries, spaced out so that a flaky school network has time to come back. */
export const DEFAULT_RETRY_DELAYS: readonly number[] = [1000, 3000, 5000];

export interface RetryPolicy {
  /** One entry per retry: how long to wait before it. `[]` means no retry. */
  retryDelays: readonly number[];
  /** Overrides the default decision (`isRetryable`); `retryAttempt` counts from 0. */
  onShouldRetry?: (error: UploadError, retryAttempt: number) => boolean;
  /** When the browser knows it is offline, a failure without an answer is handed back at once, unretried. */
  network?: Pick<NetworkMonitor, 'online'>;
}

/**
 * Whether trying again may help: no answer at all, a timeout, throttling or a server fault.
 * Any other 4xx is a refusal that will not change by asking again.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof UploadError)) return false;
  const status = error.httpStatus;
  if (status === undefined) return false;
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/**
 * Runs `attempt` until it succeeds, the policy gives up, or the signal aborts (never retried). Retries
 * are kept for failures while the network is up: offline, the caller waits for the network instead.
 */
export async function withRetry<T>(
  attempt: () => Promise<T>,
  policy: RetryPolicy,
  clock: UploadClock,
  signal?: AbortSignal,
): Promise<T> {
  for (let retryAttempt = 0; ; retryAttempt++) {
    try {
      return await attempt();
    } catch (error) {
      if (isAbort(error) || signal?.aborted) throw error;
      if (isNetworkFailure(error) && policy.network?.online() === false) throw error;
      const delay = policy.retryDelays[retryAttempt];
      if (delay === undefined || !(error instanceof UploadError)) throw error;
      const retry = policy.onShouldRetry ? policy.onShouldRetry(error, retryAttempt) : isRetryable(error);
      if (!retry) throw error;
      await sleepUnlessAborted(clock, delay, signal);
    }
  }
}
