import { HttpError } from '../errors/HttpError.js';
import { isRetryable, retryPolicy, withRetry, type RetryPolicy } from '../http/retryPolicy.js';
import { sleepUnlessAborted, type UploadClock } from './clock.js';
import { isNetworkFailure, type NetworkMonitor } from './network.js';

/** Three retries, spaced out so that a flaky school network has time to come back. */
export const DEFAULT_RETRY_DELAYS: readonly number[] = [1000, 3000, 5000];

export interface UploadRetrySettings {
  /** One entry per retry: how long to wait before it. `[]` means no retry. */
  retryDelays: readonly number[];
  /** Overrides the default decision (`isRetryable`); `retryAttempt` counts from 0. */
  onShouldRetry?: (error: HttpError, retryAttempt: number) => boolean;
  /** When the browser knows it is offline, a failure without an answer is handed back at once, unretried. */
  network: Pick<NetworkMonitor, 'online'>;
}

/**
 * The platform's retry policy with the uploader's settings. Retries are kept for failures while the
 * network is up: offline, the file waits for the network instead (no retry spent).
 */
export function uploadRetryPolicy({ retryDelays, onShouldRetry, network }: UploadRetrySettings): RetryPolicy {
  return retryPolicy(retryDelays, (error, retryAttempt) => {
    if (isNetworkFailure(error) && network.online() === false) return false;
    if (!onShouldRetry) return isRetryable(error);
    return error instanceof HttpError && onShouldRetry(error, retryAttempt);
  });
}

/** Runs one call of a file's upload under the uploader's policy; waits on the uploader's clock, aborts with the file. */
export function withUploadRetry<T>(
  attempt: () => Promise<T>,
  options: { retry: RetryPolicy; clock: UploadClock },
  signal?: AbortSignal,
): Promise<T> {
  return withRetry(attempt, options.retry, (ms) => sleepUnlessAborted(options.clock, ms, signal), signal);
}
