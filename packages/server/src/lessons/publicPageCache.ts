/**
 * The public lesson lists answer the same bytes to everyone, and the busiest pages (a stage and
 * subject, first pages) are asked for by a whole school at once. Their answers are kept *serialized*
 * (the JSON envelope as a Buffer) per list, normalised filter and locale, so a hit costs neither a
 * query nor a `JSON.stringify` of twenty lessons.
 *
 * - Concurrent misses of one key share one load.
 * - After `ttlMs` an entry is refreshed, and until the refresh lands the previous bytes are still
 *   answered: nobody waits for the database because a timer ran out. Each entry lives 80–100 % of
 *   `ttlMs`, so pages loaded together are not all refreshed together: on PGlite a query blocks the
 *   event loop, and eight back-to-back refreshes would hold every request for their sum.
 * - `invalidate()` (a write through this server) drops everything at once; a load that started before
 *   it is answered to its own callers but never kept.
 * - Bounded by entries and by bytes (keys plus serialized pages): the least recently used page goes
 *   first, so no sequence of requests can make the cache outgrow `maxBytes`.
 */
import { LRUCache } from 'lru-cache';
import { keyBytes, lruStats, type CacheStats, type MeasuredCache } from '../util/cacheStats.js';

export const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;

export class PublicPageCache implements MeasuredCache {
  private readonly entries: LRUCache<string, Entry>;
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2_000,
    private readonly now: () => number = Date.now,
    private readonly random: () => number = Math.random,
    private readonly maxBytes = PAGE_CACHE_MAX_BYTES,
  ) {
    this.entries = new LRUCache<string, Entry>({
      max: maxEntries,
      maxSize: maxBytes,
      sizeCalculation: (entry, key) => keyBytes(key) + (entry.ready?.length ?? 0),
    });
  }

  stats(): CacheStats {
    return lruStats(this.entries, this.maxEntries, this.maxBytes);
  }

  get(key: string, load: () => Promise<unknown>): Promise<Buffer> {
    const entry = this.entries.get(key);
    if (!entry) return this.refresh(key, load).pending!;
    if (entry.until <= this.now() && !entry.pending) this.refresh(key, load, entry).pending!.catch(() => undefined);
    return entry.ready ? Promise.resolve(entry.ready) : entry.pending!;
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  private refresh(key: string, load: () => Promise<unknown>, stale?: Entry): Entry {
    const entry: Entry = stale ?? { ready: undefined, pending: undefined, until: 0 };
    const generation = this.generation;
    const pending = load().then((value) => Buffer.from(JSON.stringify(value)));
    entry.pending = pending;
    this.entries.set(key, entry);
    pending.then(
      (bytes) => {
        if (this.generation !== generation || this.entries.peek(key) !== entry) return;
        entry.ready = bytes;
        entry.until = this.now() + this.ttlMs * (0.8 + 0.2 * this.random());
        entry.pending = undefined;
        // Put back so that the byte bound counts the page (a page larger than the bound is not kept).
        this.entries.delete(key);
        this.entries.set(key, entry);
      },
      () => {
        // A failed load is not kept; a stale answer, if any, stays until the next try.
        if (this.entries.peek(key) !== entry) return;
        if (entry.ready) entry.pending = undefined;
        else this.entries.delete(key);
      },
    );
    return entry;
  }
}

interface Entry {
  ready: Buffer | undefined;
  pending: Promise<Buffer> | undefined;
  until: number;
}

/**
 * A cache key that is the same for filters that mean the same: the `known` fields only, in name order,
 * empty ones left out, the keyword trimmed (the query trims it too). Only scalar values count: the
 * schema admits nothing else, and a key is never built from what a request merely brought along.
 */
export function filterKey(parts: readonly unknown[], filter: object | null | undefined, known: readonly string[]): string {
  const source = (filter ?? {}) as Record<string, unknown>;
  const named = [...known]
    .sort()
    .filter((k) => Object.prototype.hasOwnProperty.call(source, k))
    .map((k) => [k, typeof source[k] === 'string' && k === 'keyword' ? (source[k] as string).trim() : source[k]] as const)
    .filter(([, v]) => v !== undefined && v !== null && v !== '' && (typeof v !== 'object'));
  return JSON.stringify([...parts, named]);
}
