import { HttpError } from '../errors/HttpError.js';
import { isAbort } from './abort.js';

/**
 * When to ask again, as one object the upload engine and the config loader share: `delays` has one
 * entry per retry (how long to wait before it; `[]` means no retry) and `shouldRetry` decides for each
 * failure. The default decision is the error's own (`HttpError.retryable`, see `isRetryableStatus`).
 */
export interface RetryPolicy {
  readonly delays: readonly number[];
  shouldRetry(error: unknown, retryAttempt: number): boolean;
}

/** Whether asking again may help: only an HTTP failure that says so (no answer, 408, 429, 5xx but 501). */
export function isRetryable(error: unknown): boolean {
  return error instanceof HttpError && error.retryable;
}

export function retryPolicy(delays: readonly number[], shouldRetry: RetryPolicy['shouldRetry'] = isRetryable): RetryPolicy {
  return { delays, shouldRetry };
}

export const NO_RETRY: RetryPolicy = retryPolicy([]);

/**
 * Runs `attempt` until it succeeds, the policy gives up, or the call is aborted (never retried).
 * `sleep` is the caller's clock, so tests wait on a fake one.
 */
export async function withRetry<T>(
  attempt: () => Promise<T>,
  policy: RetryPolicy,
  sleep: (ms: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<T> {
  for (let retryAttempt = 0; ; retryAttempt++) {
    try {
      return await attempt();
    } catch (error) {
      if (isAbort(error) || signal?.aborted) throw error;
      const delay = policy.delays[retryAttempt];
      if (delay === undefined || !policy.shouldRetry(error, retryAttempt)) throw error;
      await sleep(delay);
    }
  }
}
