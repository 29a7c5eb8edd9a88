import { describe, expect, it } from 'vitest';
import { createSpeedMeter, estimateEta } from './speedMeter.js';

describe('speed and ETA', () => {
  it('measures speed over the recent window, not since the start', () => {
    const meter = createSpeedMeter(5000);
    meter.sample(0, 0);
    meter.sample(10_000, 1_000_000); // 100 KB/s for ten seconds
    for (let t = 11_000; t <= 20_000; t += 1000) meter.sample(t, 1_000_000 + (t - 10_000) * 1000); // then 1 MB/s
    expect(meter.speed()).toBeCloseTo(1_000_000, -3);
  });

  it('estimates the seconds left, unknown while nothing moves', () => {
    expect(estimateEta(10_000_000, 1_000_000)).toBe(10);
    expect(estimateEta(10, 0)).toBeUndefined();
    expect(estimateEta(0, 0)).toBe(0);
  });
});
