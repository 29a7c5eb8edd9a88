import { useEffect, useState } from 'react';
import type { Clock } from '@dscloud/sdk';

/** The system clock, without loading the SDK's root (the platform core is a lazy part). */
export const browserClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * The time the countdowns show, moved on at each whole second while `ticking` (some countdown runs).
 * Only the clock moves: no request goes out, the phases are worked out again from the windows.
 * Tests hand in a fake clock and move it; nothing here waits on real time then.
 */
export function useNow(clock: Clock, ticking: boolean, shown: unknown): number {
  const [now, setNow] = useState(() => clock.now());
  // Another clock, or another page on screen: read the time again (it may have stood still while nothing ticked).
  const [seen, setSeen] = useState({ clock, shown });
  if (seen.clock !== clock || seen.shown !== shown) {
    setSeen({ clock, shown });
    setNow(clock.now());
  }
  useEffect(() => {
    if (!ticking) return undefined;
    let live = true;
    void (async () => {
      while (live) {
        await clock.sleep(1000 - (clock.now() % 1000));
        if (live) setNow(clock.now());
      }
    })();
    return () => void (live = false);
  }, [clock, ticking]);
  return now;
}
