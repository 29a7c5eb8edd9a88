/**
 * How many teachers hold each node of an activity (`activity_node_occupancy`), kept for at most a
 * second per activity: the sign-up page of a whole district asks for the tree again after every claim,
 * and one read of the occupancy serves every answer within that second. A claim or a give-up through
 * this server drops the activity's entry at once (signUpRepo.ts), so its own teachers see it on the next
 * tree; another server over the same PostgreSQL sees it within `OCCUPANCY_TTL_MS`. The claim itself
 * stays an atomic update in the database — this is only what the tree shows.
 *
 * One cache per database handle (a server or a test has one), so two servers in one process never
 * share entries. Concurrent misses of one activity share one read; a read started before a change
 * through this server is not stored.
 */
import { eq } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { activityNodeOccupancy } from '../db/schema.js';
import type { CacheStats, MeasuredCache } from '../util/cacheStats.js';

export const OCCUPANCY_TTL_MS = 1_000;
const MAX_ENTRIES = 500;

interface Entry {
  at: number;
  taken: ReadonlyMap<string, number>;
}

export class OccupancyCache implements MeasuredCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<ReadonlyMap<string, number>>>();
  /** Bumped by every change, so a read that began before it is not kept. */
  private readonly generation = new Map<string, number>();

  constructor(
    private readonly db: Orm,
    private readonly clock: () => number = Date.now,
  ) {}

  async get(activityId: string): Promise<ReadonlyMap<string, number>> {
    const hit = this.entries.get(activityId);
    if (hit && this.clock() - hit.at < OCCUPANCY_TTL_MS) return hit.taken;
    const running = this.pending.get(activityId);
    if (running) return running;
    const started = this.clock();
    const generation = this.generation.get(activityId) ?? 0;
    const loading = this.db
      .select({ nodeId: activityNodeOccupancy.nodeId, taken: activityNodeOccupancy.taken })
      .from(activityNodeOccupancy)
      .where(eq(activityNodeOccupancy.activityId, activityId))
      .then((found) => {
        const taken = new Map(found.map((o) => [o.nodeId, o.taken]));
        if ((this.generation.get(activityId) ?? 0) === generation) {
          if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
          this.entries.set(activityId, { at: started, taken });
        }
        return taken;
      })
      .finally(() => {
        if (this.pending.get(activityId) === loading) this.pending.delete(activityId);
      });
    this.pending.set(activityId, loading);
    return loading;
  }

  /** The activity's occupancy changed through this server: the next tree reads it again. */
  changed(activityId: string): void {
    this.generation.set(activityId, (this.generation.get(activityId) ?? 0) + 1);
    this.entries.delete(activityId);
    this.pending.delete(activityId);
  }

  clear(): void {
    this.entries.clear();
    this.pending.clear();
    this.generation.clear();
  }

  stats(): CacheStats {
    let bytes = 0;
    for (const [key, e] of this.entries) bytes += key.length * 2 + 64 + e.taken.size * 64;
    return { entries: this.entries.size, bytes, maxEntries: MAX_ENTRIES, maxBytes: MAX_ENTRIES * 2_000 * 64 };
  }
}

const perDatabase = new WeakMap<Orm, OccupancyCache>();

/** The occupancy cache of this database handle. */
export function occupancyCache(db: Orm): OccupancyCache {
  let cache = perDatabase.get(db);
  if (!cache) {
    cache = new OccupancyCache(db);
    perDatabase.set(db, cache);
  }
  return cache;
}
