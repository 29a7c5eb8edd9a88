/** The serialized page cache on its own: one load per key, no waiting on expiry, writes win. */
import { describe, expect, it } from 'vitest';
import { filterKey, PublicPageCache } from '../src/lessons/publicPageCache.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}
const text = async (bytes: Promise<Buffer>) => JSON.parse((await bytes).toString('utf8'));

describe('PublicPageCache', () => {
  it('loads once for fifty callers that miss at the same time, and answers the JSON bytes', async () => {
    const cache = new PublicPageCache(1_000);
    let loads = 0;
    const gate = deferred<unknown>();
    const answers = Array.from({ length: 50 }, () => cache.get('k', () => (loads++, gate.promise)));
    gate.resolve({ status: 200, data: ['中文'] });
    const bytes = await Promise.all(answers);
    expect(loads).toBe(1);
    expect(new Set(bytes).size).toBe(1);
    expect(bytes[0]!.toString('utf8')).toBe('{"status":200,"data":["中文"]}');
  });

  it('answers the previous page while an expired one is being refreshed', async () => {
    let now = 0;
    const cache = new PublicPageCache(1_000, 10, () => now);
    expect(await text(cache.get('k', async () => 'v1'))).toBe('v1');
    now = 1_500;
    const refresh = deferred<unknown>();
    let loads = 0;
    expect(await text(cache.get('k', () => (loads++, refresh.promise)))).toBe('v1');
    expect(await text(cache.get('k', () => (loads++, refresh.promise)))).toBe('v1');
    expect(loads).toBe(1);
    refresh.resolve('v2');
    await refresh.promise;
    await Promise.resolve();
    expect(await text(cache.get('k', async () => 'v3'))).toBe('v2');
  });

  it('drops everything on invalidate, and never keeps a load that started before it', async () => {
    const cache = new PublicPageCache(60_000);
    await cache.get('k', async () => 'old');
    const slow = deferred<unknown>();
    const inFlight = cache.get('other', () => slow.promise);
    cache.invalidate();
    slow.resolve('read before the write');
    expect(await text(inFlight)).toBe('read before the write');
    expect(await text(cache.get('k', async () => 'new'))).toBe('new');
    expect(await text(cache.get('other', async () => 'fresh'))).toBe('fresh');
  });

  it('stays within its byte bound however many distinct pages are asked for', async () => {
    const cache = new PublicPageCache(60_000, 2_000, Date.now, Math.random, 64 * 1024);
    for (let i = 0; i < 200; i++) await cache.get(`k${i}`, async () => 'x'.repeat(4_000));
    const { entries, bytes } = cache.stats();
    expect(bytes).toBeLessThanOrEqual(64 * 1024);
    expect(entries).toBeGreaterThan(5);
    expect(entries).toBeLessThan(20);
    // A page larger than the whole bound is answered but not kept.
    expect((await cache.get('huge', async () => 'y'.repeat(100_000))).length).toBeGreaterThan(100_000);
    expect(cache.stats().bytes).toBeLessThanOrEqual(64 * 1024);
  });

  it('keeps no failed load: the next caller tries again', async () => {
    const cache = new PublicPageCache(60_000);
    await expect(cache.get('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await text(cache.get('k', async () => 'ok'))).toBe('ok');
  });
});

const FIELDS = ['stage', 'subjectCode', 'keyword', 'bookId'];

describe('filterKey', () => {
  it('is the same for filters that mean the same, and differs otherwise', () => {
    const a = filterKey([0, 'newest', 'zh-CN'], { stage: 2, subjectCode: 214, keyword: ' 分数 ', bookId: undefined }, FIELDS);
    expect(filterKey([0, 'newest', 'zh-CN'], { keyword: '分数', subjectCode: 214, stage: 2 }, FIELDS)).toBe(a);
    expect(filterKey([0, 'newest', 'en'], { keyword: '分数', subjectCode: 214, stage: 2 }, FIELDS)).not.toBe(a);
    expect(filterKey([0, 'newest', 'zh-CN'], { keyword: '分数', subjectCode: 213, stage: 2 }, FIELDS)).not.toBe(a);
    expect(filterKey([0, 'newest', 'zh-CN'], null, FIELDS)).toBe(filterKey([0, 'newest', 'zh-CN'], { keyword: '' }, FIELDS));
  });

  it('is built from the known fields only', () => {
    const a = filterKey([0, 'newest', 'zh-CN'], { stage: 2 }, FIELDS);
    expect(filterKey([0, 'newest', 'zh-CN'], { stage: 2, junk1: 'x'.repeat(900_000) }, FIELDS)).toBe(a);
    expect(filterKey([0, 'newest', 'zh-CN'], { stage: 2, keyword: { deep: [1] } }, FIELDS)).toBe(a);
  });
});
