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
 */
export class PublicPageCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2_000,
    private readonly now: () => number = Date.now,
    private readonly random: () => number = Math.random,
  ) {}

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
    if (!stale && this.entries.size >= this.maxEntries) this.entries.clear();
    const entry: Entry = stale ?? { ready: undefined, pending: undefined, until: 0 };
    const generation = this.generation;
    const pending = load().then((value) => Buffer.from(JSON.stringify(value)));
    entry.pending = pending;
    this.entries.set(key, entry);
    pending.then(
      (bytes) => {
        if (this.generation !== generation || this.entries.get(key) !== entry) return;
        entry.ready = bytes;
        entry.until = this.now() + this.ttlMs * (0.8 + 0.2 * this.random());
        entry.pending = undefined;
      },
      () => {
        // A failed load is not kept; a stale answer, if any, stays until the next try.
        if (this.entries.get(key) !== entry) return;
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
 * A cache key that is the same for filters that mean the same: properties in name order, empty ones
 * left out, the keyword trimmed (the query trims it too).
 */
export function filterKey(parts: readonly unknown[], filter: object | null | undefined): string {
  const named = Object.entries(filter ?? {})
    .map(([k, v]) => [k, typeof v === 'string' && k === 'keyword' ? v.trim() : v] as const)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([...parts, named]);
}
