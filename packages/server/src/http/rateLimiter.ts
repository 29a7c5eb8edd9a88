/**
 * In-memory sliding-window counter per key (per client IP). Memory is enough here: an IP limit only
 * has to slow one process down; the per-account limit, which must survive restarts and hold across
 * servers, lives in the database (`auth/loginFailures.ts`).
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt for `key`; false when the key already used up its window. */
  attempt(key: string): boolean {
    const now = this.now();
    const since = now - this.windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (list.length >= this.limit) {
      this.hits.set(key, list);
      return false;
    }
    list.push(now);
    this.hits.set(key, list);
    if (this.hits.size > 50_000) this.sweep(since);
    return true;
  }

  private sweep(since: number): void {
    for (const [key, list] of this.hits) {
      if (!list.some((t) => t > since)) this.hits.delete(key);
    }
  }
}
