import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttlCache.js';

describe('TtlCache', () => {
  it('serves a value until its time is up, then loads again', async () => {
    let now = 0;
    let loads = 0;
    const cache = new TtlCache<number>(1000, 10, () => now);
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    now = 999;
    expect(await cache.get('k', load)).toBe(1);
    now = 1000;
    expect(await cache.get('k', load)).toBe(2);
  });

  it('shares one load between concurrent misses and forgets failed loads', async () => {
    let loads = 0;
    const cache = new TtlCache<number>(1000);
    const slow = () => new Promise<number>((r) => setTimeout(() => r(++loads), 10));
    expect(await Promise.all([cache.get('k', slow), cache.get('k', slow), cache.get('k', slow)])).toEqual([1, 1, 1]);
    const failing = () => Promise.reject(new Error('数据库暂不可用'));
    await expect(cache.get('bad', failing)).rejects.toThrow('数据库暂不可用');
    expect(await cache.get('bad', async () => 7)).toBe(7);
  });
});

describe('TtlCache bounds', () => {
  it('never holds more bytes than its bound, however many keys are asked for', async () => {
    const cache = new TtlCache<string>(60_000, 10_000, Date.now, 32 * 1024);
    for (let i = 0; i < 100; i++) await cache.get(`key-${i}`, async () => 'v'.repeat(2_000));
    await Promise.resolve();
    const { entries, bytes } = cache.stats();
    expect(bytes).toBeLessThanOrEqual(32 * 1024);
    expect(entries).toBeLessThan(20);
  });
});
