import type { Clock } from '../util/clock.js';

export interface FakeClock extends Clock {
  /** Moves time forward, waking every sleeper whose time has come, in order. */
  advance(ms: number): Promise<void>;
  set(now: number): void;
  /** Sleepers not yet woken. */
  pending(): number;
}

/** A clock that only moves when told to. */
export function createFakeClock(start = 1_700_000_000_000): FakeClock {
  let now = start;
  let timers: { at: number; wake: () => void }[] = [];
  // Lets work that is already under way (a fake request, a promise chain) reach its next sleep.
  const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
  return {
    now: () => now,
    sleep(ms) {
      return new Promise<void>((resolve) => {
        timers.push({ at: now + ms, wake: resolve });
      });
    },
    async advance(ms) {
      const target = now + ms;
      await flush();
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > target) break;
        timers = timers.slice(1);
        now = next.at;
        next.wake();
        await flush();
      }
      now = target;
      await flush();
    },
    set(value) {
      now = value;
    },
    pending: () => timers.length,
  };
}
