/**
 * Totals of very large lists (tens of thousands of lessons, e.g. "all published on-demand lessons")
 * cost a scan of that many index entries on every page turn. Such totals are kept for a few seconds
 * per distinct query (the public lists keep them longer and drop them on every write through this
 * server, see lessonBrowseRoutes.ts); small totals, which are cheap and which people check exactly
 * after an edit, are never cached. Bounded by entries and by the bytes of their keys.
 */
import { LRUCache } from 'lru-cache';
import { keyBytes, lruStats, type CacheStats, type MeasuredCache } from '../util/cacheStats.js';

export const CACHE_MIN_TOTAL = 10_000;
export const CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 500;
const MAX_BYTES = 2 * 1024 * 1024;

export class CountCache implements MeasuredCache {
  private readonly entries = new LRUCache<string, { total: number; at: number }>({
    max: MAX_ENTRIES,
    maxSize: MAX_BYTES,
    sizeCalculation: (_entry, key) => keyBytes(key) + 16,
  });

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ttlMs = CACHE_TTL_MS,
  ) {}

  invalidate(): void {
    this.entries.clear();
  }

  async get(key: string, compute: () => Promise<number>): Promise<number> {
    const hit = this.entries.get(key);
    const now = this.now();
    if (hit && now - hit.at < this.ttlMs) return hit.total;
    const total = await compute();
    if (total >= CACHE_MIN_TOTAL) this.entries.set(key, { total, at: now });
    else if (hit) this.entries.delete(key);
    return total;
  }

  stats(): CacheStats {
    return lruStats(this.entries, MAX_ENTRIES, MAX_BYTES);
  }
}
