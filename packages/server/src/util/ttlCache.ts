/**
 * A small read-through cache with a time limit, for reference data that changes rarely and is read on
 * almost every request (organisations, the public configuration). Each server instance keeps its own
 * copy, so a change made by another instance or directly in the database shows within `ttlMs`.
 * Concurrent misses for one key share one load.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = load();
    this.entries.set(key, { value, until: now + this.ttlMs });
    // A failed load is not kept: the next call tries again.
    value.catch(() => this.entries.delete(key));
    return value;
  }

  /** Forget one key (after a write through this instance) or everything. */
  invalidate(key?: string): void {
    if (key === undefined) this.entries.clear();
    else this.entries.delete(key);
  }
}
