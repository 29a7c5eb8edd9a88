/** Speed over the last few seconds: steadier than "since start", quicker than an average over all. */
export const DEFAULT_SPEED_WINDOW_MS = 5000;

export interface SpeedMeter {
  /** Records the running byte total at time `now`. */
  sample(now: number, bytes: number): void;
  /** Bytes per second over the window; 0 until two samples exist. */
  speed(): number;
  reset(): void;
}

export function createSpeedMeter(windowMs = DEFAULT_SPEED_WINDOW_MS): SpeedMeter {
  let samples: Array<{ at: number; bytes: number }> = [];
  return {
    sample(now, bytes) {
      samples.push({ at: now, bytes });
      // Keep one sample older than the window so the window is always fully spanned.
      while (samples.length > 2 && samples[1]!.at <= now - windowMs) samples.shift();
    },
    speed() {
      const first = samples[0];
      const last = samples[samples.length - 1];
      if (!first || !last || last.at <= first.at) return 0;
      return Math.max(0, ((last.bytes - first.bytes) * 1000) / (last.at - first.at));
    },
    reset() {
      samples = [];
    },
  };
}

/** Seconds left at the given speed; undefined while the speed is unknown. */
export function estimateEta(remainingBytes: number, bytesPerSecond: number): number | undefined {
  if (remainingBytes <= 0) return 0;
  if (bytesPerSecond <= 0) return undefined;
  return Math.ceil(remainingBytes / bytesPerSecond);
}
