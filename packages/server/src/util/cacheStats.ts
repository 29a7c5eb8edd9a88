/**
 * What every in-memory cache of the server reports about itself, so that tests (and an operator's
 * debugging session) can see that requests of strangers do not grow it. Sizes are estimates in bytes:
 * keys count two bytes a character, serialized pages their exact length, other values their JSON.
 */
export interface CacheStats {
  entries: number;
  bytes: number;
  maxEntries: number;
  maxBytes: number;
}

export interface MeasuredCache {
  stats(): CacheStats;
}

/** Fixed cost of one entry (map slot, timestamps) on top of its key and value. */
export const ENTRY_OVERHEAD = 64;

export const keyBytes = (key: string): number => key.length * 2 + ENTRY_OVERHEAD;

/** An estimate of a loaded value's size; values come from the database, never from a request. */
export function valueBytes(value: unknown): number {
  if (value === undefined || value === null) return 8;
  if (Buffer.isBuffer(value)) return value.length;
  try {
    return Buffer.byteLength(JSON.stringify(value) ?? '');
  } catch {
    return 1024;
  }
}

/**
 * The stats of a cache kept in an lru-cache with a time to live: its `size` counts entries past their
 * time until they are purged (they are never answered), so they are purged first.
 */
export function lruStats(entries: { purgeStale(): boolean; readonly size: number; readonly calculatedSize: number }, maxEntries: number, maxBytes: number): CacheStats {
  entries.purgeStale();
  return { entries: entries.size, bytes: entries.calculatedSize, maxEntries, maxBytes };
}
