import type { UploadClock } from '../clock.js';

export interface FakeUploadClock extends UploadClock {
  /** Every sleep asked for, in order (retry spacing, restart delay). */
  readonly sleeps: number[];
  advance(ms: number): void;
}

/** A clock whose sleeps end at once while time jumps ahead, so retry spacing costs no real time. */
export function createFakeUploadClock(start = 1_700_000_000_000): FakeUploadClock {
  let now = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    advance(ms) {
      now += ms;
    },
    async sleep(ms) {
      sleeps.push(ms);
      now += ms;
      await new Promise<void>((resolve) => setTimeout(resolve, 0));
    },
  };
}
