/**
 * The activity a statistics call names, kept in memory so that an answer from the statistics cache
 * costs no query at all: the caller's roles come from the session cache, their subtree from
 * `management/orgScope.ts`, the activity from here, and the permission check (the activity's
 * organiser inside the caller's subtree) is made on every request from those three.
 *
 * - Any update or deletion of an activity row reaches every server at its commit (migration 0098,
 *   topic `activity`, key: the activity's id) and drops the entry; a load that began before such a
 *   message is answered to its own callers but not kept (a generation count).
 * - Concurrent misses of one activity share one load.
 * - While the bus is not live nothing is read from or kept here (every call queries, as before).
 * - An unknown or deleted activity is not kept (its 404 is asked again each time).
 * - Entries end after `ttlMs` whatever happens: the bound should the listening connection die
 *   without the server noticing.
 */
import { LRUCache } from 'lru-cache';
import type { InvalidationBus } from '../cache/invalidationBus.js';
import { keyBytes, lruStats, valueBytes, type CacheStats, type MeasuredCache } from '../util/cacheStats.js';
import type { ActivityRow } from '../activities/activityAccess.js';

export const ACTIVITY_CACHE_TTL_MS = 60_000;
const MAX_ENTRIES = 2_000;
const MAX_BYTES = 8 * 1024 * 1024;

export class ManagedActivities implements MeasuredCache {
  private readonly entries: LRUCache<string, ActivityRow>;
  private readonly loading = new Map<string, Promise<ActivityRow>>();
  private generation = 0;

  constructor(
    private readonly bus: InvalidationBus,
    private readonly load: (activityId: string) => Promise<ActivityRow>,
    ttlMs = ACTIVITY_CACHE_TTL_MS,
  ) {
    this.entries = new LRUCache<string, ActivityRow>({
      max: MAX_ENTRIES,
      maxSize: MAX_BYTES,
      sizeCalculation: (row, key) => Math.max(1, keyBytes(key) + valueBytes(row)),
      ttl: ttlMs,
    });
    bus.subscribe('activity', (id) => this.drop(id));
    bus.onReset(() => this.drop('*'));
  }

  get(activityId: string): Promise<ActivityRow> {
    if (!this.bus.live) return this.load(activityId);
    const hit = this.entries.get(activityId);
    if (hit) return Promise.resolve(hit);
    const joined = this.loading.get(activityId);
    if (joined) return joined;
    const generation = this.generation;
    const pending = this.load(activityId).then((row) => {
      if (generation === this.generation && this.bus.live) this.entries.set(activityId, row);
      return row;
    });
    this.loading.set(activityId, pending);
    const settle = () => {
      if (this.loading.get(activityId) === pending) this.loading.delete(activityId);
    };
    pending.then(settle, settle);
    return pending;
  }

  /** Forgets one activity (`*`: every one); a load under way is no longer joined nor kept. */
  drop(activityId: string): void {
    this.generation += 1;
    if (activityId === '*') {
      this.entries.clear();
      this.loading.clear();
      return;
    }
    this.entries.delete(activityId);
    this.loading.delete(activityId);
  }

  stats(): CacheStats {
    return lruStats(this.entries, MAX_ENTRIES, MAX_BYTES);
  }
}
