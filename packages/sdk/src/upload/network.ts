import { sleepUnlessAborted, type UploadClock } from './clock.js';
import { HttpError } from '../errors/HttpError.js';
import { abortError } from '../http/abort.js';

/**
 * The browser's idea of the network, as a seam. `online()` is false only when the browser is sure it
 * is offline (`navigator.onLine === false`); `onOnline` reports the window's `online` event.
 */
export interface NetworkMonitor {
  online(): boolean;
  /** Calls `listener` each time the browser says it is back online; returns the unsubscribe. */
  onOnline(listener: () => void): () => void;
}

/** `navigator.onLine` and the window's `online` event; where neither exists (Node) always online. */
export const browserNetworkMonitor: NetworkMonitor = {
  online: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  onOnline(listener) {
    const target = globalThis as Partial<Pick<Window, 'addEventListener' | 'removeEventListener'>>;
    if (typeof target.addEventListener !== 'function') return () => undefined;
    target.addEventListener('online', listener);
    return () => target.removeEventListener?.('online', listener);
  },
};

/**
 * Spacing of the checks while waiting for the network: the `online` event does not fire on every
 * network (captive portals, some VPNs and school proxies), so a cheap call asks; the last entry repeats.
 */
export const DEFAULT_NETWORK_PROBE_DELAYS: readonly number[] = [5000, 7000, 10_000];

/** No answer arrived at all (offline, DNS, connection refused): the line's fault, not the server's. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof HttpError && error.httpStatus === 0;
}

export interface NetworkWait {
  network: NetworkMonitor;
  clock: UploadClock;
  /** One cheap call; resolves true once anything answered (even an error status). */
  probe: (signal: AbortSignal) => Promise<boolean>;
  probeDelays: readonly number[];
  /** Pause and cancel end the wait with an AbortError. */
  signal: AbortSignal;
}

/** Resolves when the network is back: on the `online` event or on the first probe that gets an answer. */
export function waitForNetwork({ network, clock, probe, probeDelays, signal }: NetworkWait): Promise<void> {
  if (signal.aborted) return Promise.reject(abortError());
  const ended = new AbortController();
  return new Promise<void>((resolve, reject) => {
    let unsubscribe: () => void = () => undefined;
    const settle = (outcome: () => void) => {
      if (ended.signal.aborted) return;
      ended.abort();
      unsubscribe();
      signal.removeEventListener('abort', onAbort);
      outcome();
    };
    const onAbort = () => settle(() => reject(abortError()));
    signal.addEventListener('abort', onAbort, { once: true });
    unsubscribe = network.onOnline(() => settle(resolve));
    const probing = async () => {
      for (let attempt = 0; !ended.signal.aborted; attempt++) {
        const delay = probeDelays[Math.min(attempt, probeDelays.length - 1)] ?? DEFAULT_NETWORK_PROBE_DELAYS.at(-1)!;
        await sleepUnlessAborted(clock, delay, ended.signal);
        if (await probe(ended.signal)) settle(resolve);
      }
    };
    // Ends with an AbortError once the wait is over; nothing to report.
    probing().catch(() => undefined);
  });
}
