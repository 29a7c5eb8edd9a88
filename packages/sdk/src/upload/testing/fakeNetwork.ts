import type { NetworkMonitor } from '../network.js';

export interface FakeNetwork extends NetworkMonitor {
  /** Whether requests get through at all (the cable). */
  readonly reachable: boolean;
  /** Requests that never reached the server, by kind of call. */
  readonly lost: string[];
  /** Pulls the cable; the browser notices (`navigator.onLine` false) unless told otherwise. */
  drop(options?: { browserNotices?: boolean }): void;
  /** Puts the cable back; fires `online` unless the network is one that never says so. */
  restore(options?: { announce?: boolean }): void;
}

/** A line the test plugs and unplugs; the fake file service refuses every request while it is down. */
export function createFakeNetwork(): FakeNetwork {
  let reachable = true;
  let browserOnline = true;
  const listeners = new Set<() => void>();
  const lost: string[] = [];
  return {
    get reachable() {
      return reachable;
    },
    lost,
    online: () => browserOnline,
    onOnline(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    drop({ browserNotices = true } = {}) {
      reachable = false;
      if (browserNotices) browserOnline = false;
    },
    restore({ announce = true } = {}) {
      reachable = true;
      browserOnline = true;
      if (announce) [...listeners].forEach((listener) => listener());
    },
  };
}
