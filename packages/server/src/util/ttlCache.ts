/**
 * A small read-through cache with a time limit, for reference data that changes rarely and is read on
 * almost every request (organisations, the public configuration). Each server instance keeps its own
 * copy, so a change made by another instance or directly in the database shows within `ttlMs`.
 * Concurrent misses for one key share one load. Bounded by entries and by bytes (least recently used
 * entries go first).
 */
import { LRUCache } from 'lru-cache';
import { keyBytes, lruStats, valueBytes, type CacheStats, type MeasuredCache } from './cacheStats.js';

interface Entry<V> {
  value: Promise<V>;
  until: number;
  bytes: number;
}

export const TTL_CACHE_MAX_BYTES = 8 * 1024 * 1024;

export class TtlCache<V> implements MeasuredCache {
  private readonly entries: LRUCache<string, Entry<V>>;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
    private readonly maxBytes = TTL_CACHE_MAX_BYTES,
  ) {
    this.entries = new LRUCache<string, Entry<V>>({
      max: maxEntries,
      maxSize: maxBytes,
      sizeCalculation: (entry, key) => Math.max(1, keyBytes(key) + entry.bytes),
    });
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    const value = load();
    const entry: Entry<V> = { value, until: now + this.ttlMs, bytes: 0 };
    this.entries.set(key, entry);
    value.then(
      (loaded) => {
        // Measured once loaded: put back so the byte bound sees the real size.
        if (this.entries.peek(key) !== entry) return;
        entry.bytes = valueBytes(loaded);
        this.entries.delete(key);
        this.entries.set(key, entry);
      },
      // A failed load is not kept: the next call tries again.
      () => {
        if (this.entries.peek(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  /** Forget one key (after a write through this instance) or everything. */
  invalidate(key?: string): void {
    if (key === undefined) this.entries.clear();
    else this.entries.delete(key);
  }

  stats(): CacheStats {
    return lruStats(this.entries, this.maxEntries, this.maxBytes);
  }
}
