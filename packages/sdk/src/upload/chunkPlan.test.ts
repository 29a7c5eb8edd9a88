import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkCount, DEFAULT_CHUNK_SIZE, planChunks } from './chunkPlan.js';

const TWO_GB = 2048 * 1024 * 1024;

describe('chunk plan', () => {
  it('covers any file of up to 2 GB exactly once, in order, with no gap or overlap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: TWO_GB }), fc.integer({ min: 1, max: TWO_GB }), (size, chunkSize) => {
        // Tiny chunk sizes on huge files make millions of ranges; keep the run fast but the sizes free.
        fc.pre(size / chunkSize <= 20_000);
        const plan = planChunks(size, chunkSize);
        expect(plan[0]!.start).toBe(0);
        expect(plan[plan.length - 1]!.end).toBe(size);
        plan.forEach((range, index) => {
          expect(range.index).toBe(index);
          expect(range.end).toBeGreaterThan(range.start);
          expect(range.end - range.start).toBeLessThanOrEqual(chunkSize);
          if (index > 0) expect(range.start).toBe(plan[index - 1]!.end);
        });
        expect(plan.length).toBe(chunkCount(size, chunkSize));
      }),
      { numRuns: 400 },
    );
  });

  it('cuts a 25 MB video into two full 10 MB chunks and a short last one by default', () => {
    const plan = planChunks(25 * 1024 * 1024, DEFAULT_CHUNK_SIZE);
    expect(plan.map((range) => range.end - range.start)).toEqual([DEFAULT_CHUNK_SIZE, DEFAULT_CHUNK_SIZE, 5 * 1024 * 1024]);
  });

  it('refuses nonsense sizes instead of looping', () => {
    expect(() => planChunks(10, 0)).toThrow(RangeError);
    expect(() => planChunks(-1, 10)).toThrow(RangeError);
  });
});
