/**
 * A learner's own pages — the notes page (`lessonNote/getNotesPage`) and the study record
 * (`lessonOperation/getPage`) — are asked for again and again while the learner reads them; each
 * answer costs a page query, a count and (study record) the lessons' summaries. Their serialized
 * answers are kept per user, page and filter for LEARNER_PAGE_CACHE_MS, and dropped:
 * - at once by the user's own writes (a note saved or deleted, watch time reported, a score): the
 *   user's entries only (`dropUser`), on every server over the same database (topic `learner`);
 * - by any lesson, topic or teacher write (topic `lessons`): everything, since titles, covers,
 *   teachers and publication show on these pages.
 * A load that started before a drop of its user is answered to its own caller but never kept (a
 * generation count, as in the session cache). While the invalidation bus is not live nothing is read
 * from or kept here. What other users change (a lesson's learner count) or the clock changes (a live
 * lesson's state) shows within the time limit.
 */
import { LRUCache } from 'lru-cache';
import type { InvalidationBus } from '../cache/invalidationBus.js';
import { sharedDrop, type SharedDrop } from '../cache/sharedDrop.js';
import { keyBytes, lruStats, type CacheStats, type MeasuredCache } from '../util/cacheStats.js';

export const LEARNER_PAGE_CACHE_MS = 5_000;
export const LEARNER_PAGE_TOPIC = 'learner';
export const JSON_TYPE = 'application/json; charset=utf-8';

const SEP = '\n';

export class LearnerPageCache implements MeasuredCache {
  private readonly entries: LRUCache<string, Buffer>;
  /** Bumped by every drop of everyone, and of a user who has no count below. */
  private generation = 0;
  /** Per user that has kept pages: bumped by each drop of that user. */
  private readonly userGenerations: LRUCache<string, number>;
  /** Drops the user's pages here and on every other server (await it before the write's answer leaves). */
  readonly dropUser: SharedDrop;

  constructor(
    private readonly bus: InvalidationBus,
    private readonly maxEntries: number,
    private readonly maxBytes: number,
    ttlMs = LEARNER_PAGE_CACHE_MS,
  ) {
    this.entries = new LRUCache<string, Buffer>({
      max: maxEntries,
      maxSize: maxBytes,
      sizeCalculation: (bytes, key) => keyBytes(key) + bytes.length,
      ttl: ttlMs,
    });
    // A user whose count was pushed out reads as `none`: a load that saw a number is then not kept.
    this.userGenerations = new LRUCache<string, number>({ max: maxEntries });
    this.dropUser = sharedDrop(bus, LEARNER_PAGE_TOPIC, (userId) => (userId === '*' ? this.clear() : this.drop(userId)));
    bus.subscribe('lessons', () => this.clear());
  }

  /** The serialized answer of `load` for this user and key, from memory when it is there. */
  async get(userId: string, key: string, load: () => Promise<unknown>): Promise<Buffer> {
    const live = this.bus.live;
    const fullKey = `${userId}${SEP}${key}`;
    const hit = live ? this.entries.get(fullKey) : undefined;
    if (hit) return hit;
    const seen = this.seen(userId);
    const bytes = Buffer.from(JSON.stringify(await load()));
    if (live && this.bus.live && this.seen(userId) === seen) {
      this.userGenerations.set(userId, this.userGenerations.get(userId) ?? 0);
      this.entries.set(fullKey, bytes);
    }
    return bytes;
  }

  stats(): CacheStats {
    return lruStats(this.entries, this.maxEntries, this.maxBytes);
  }

  /** What a load must see unchanged to be kept: drops of everyone, and of this user. */
  private seen(userId: string): string {
    return `${this.generation}:${this.userGenerations.get(userId) ?? 'none'}`;
  }

  private drop(userId: string): void {
    // A user without entries may still have a load under way: their generation moves all the same.
    const had = this.userGenerations.get(userId);
    if (had === undefined) {
      this.generation++;
      return;
    }
    this.userGenerations.set(userId, had + 1);
    const prefix = `${userId}${SEP}`;
    const doomed = [...this.entries.keys()].filter((k) => k.startsWith(prefix));
    for (const key of doomed) this.entries.delete(key);
  }

  private clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
