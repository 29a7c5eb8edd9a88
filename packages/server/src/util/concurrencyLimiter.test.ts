import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConcurrencyLimiter, NoPlace, type Release } from './concurrencyLimiter.js';

const PLACES = { running: 2, waiting: 3, waitMs: 10_000 };
const reason = (p: Promise<unknown>) => p.then(() => 'admitted', (e: unknown) => (e instanceof NoPlace ? e.reason : String(e)));

afterEach(() => {
  vi.useRealTimers();
});

describe('ConcurrencyLimiter', () => {
  it('admits `running` at once, lines up `waiting`, refuses the rest at once', async () => {
    const limiter = new ConcurrencyLimiter();
    const asks = Array.from({ length: 8 }, () => limiter.acquire('u1', PLACES));
    const outcomes = asks.map(reason);
    // The refusals settle without anyone releasing.
    expect(await Promise.all(outcomes.slice(5))).toEqual(['full', 'full', 'full']);
    expect(limiter.of('u1')).toEqual({ running: 2, waiting: 3 });
    const [a, b] = (await Promise.all(asks.slice(0, 2))) as Release[];
    a!();
    a!(); // twice: one place given back, not two
    expect(limiter.of('u1')).toEqual({ running: 2, waiting: 2 });
    b!();
    const [c, d] = (await Promise.all(asks.slice(2, 4))) as Release[];
    c!();
    d!();
    (await asks[4]!)();
    expect(limiter.of('u1')).toEqual({ running: 0, waiting: 0 });
    expect(limiter.size).toBe(0);
  });

  it('keeps keys apart', async () => {
    const limiter = new ConcurrencyLimiter();
    const one = { ...PLACES, waiting: 0 };
    await limiter.acquire('u1', one);
    await limiter.acquire('u1', one);
    expect(await reason(limiter.acquire('u1', one))).toBe('full');
    expect(await reason(limiter.acquire('u2', one))).toBe('admitted');
  });

  it('gives a freed place to the first in line, never to a newcomer', async () => {
    const limiter = new ConcurrencyLimiter();
    const places = { running: 1, waiting: 1, waitMs: 10_000 };
    const first = await limiter.acquire('u', places);
    const waiting = limiter.acquire('u', places);
    first();
    // The place went to the waiter synchronously: a newcomer finds the key full.
    expect(await reason(limiter.acquire('u', { ...places, waiting: 0 }))).toBe('full');
    (await waiting)();
    expect(limiter.size).toBe(0);
  });

  it('refuses a waiter whose wait runs out, and one whose caller went away', async () => {
    vi.useFakeTimers();
    const limiter = new ConcurrencyLimiter();
    const places = { running: 1, waiting: 2, waitMs: 5_000 };
    const holder = await limiter.acquire('u', places);
    const late = reason(limiter.acquire('u', places));
    const gone = new AbortController();
    const leaving = reason(limiter.acquire('u', places, gone.signal));
    gone.abort();
    expect(await leaving).toBe('aborted');
    vi.advanceTimersByTime(5_000);
    expect(await late).toBe('timeout');
    expect(limiter.of('u')).toEqual({ running: 1, waiting: 0 });
    holder();
    expect(limiter.size).toBe(0);
  });

  it('lets a waiter wait as long as it takes when no wait is set', async () => {
    vi.useFakeTimers();
    const limiter = new ConcurrencyLimiter();
    const places = { running: 1, waiting: 1 };
    const holder = await limiter.acquire('u', places);
    let admitted = false;
    const waiting = limiter.acquire('u', places).then((release) => {
      admitted = true;
      return release;
    });
    vi.advanceTimersByTime(24 * 3600_000);
    await Promise.resolve();
    expect([admitted, limiter.of('u')]).toEqual([false, { running: 1, waiting: 1 }]);
    holder();
    (await waiting)();
    expect(limiter.size).toBe(0);
  });
});
