/**
 * The scope's nodes of an activity change only when the organiser edits the scope (which bumps the
 * activity's version) or the curriculum grows, yet the sign-up page asks for the tree again on every
 * claim; reading and serializing ~2 000 nodes costs far more than the occupancy overlaid on them. So
 * the serialized tree (treeTemplate.ts) is kept per activity version and filter for a minute (several
 * instances over one PostgreSQL see a new curriculum within that), bounded by entries and bytes;
 * concurrent misses share one read.
 */
import { LRUCache } from 'lru-cache';
import { keyBytes, lruStats, type CacheStats, type MeasuredCache } from '../util/cacheStats.js';
import type { TreeTemplate } from './treeTemplate.js';

const MAX_ENTRIES = 200;
const MAX_BYTES = 32 * 1024 * 1024;

export class ScopeNodeCache implements MeasuredCache {
  private readonly entries = new LRUCache<string, TreeTemplate>({
    max: MAX_ENTRIES,
    maxSize: MAX_BYTES,
    ttl: 60_000,
    sizeCalculation: (template, key) => keyBytes(key) + template.bytes,
  });
  private readonly pending = new Map<string, Promise<TreeTemplate>>();

  async get(key: string, load: () => Promise<TreeTemplate>): Promise<TreeTemplate> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const running = this.pending.get(key);
    if (running) return running;
    const loading = load()
      .then((template) => {
        this.entries.set(key, template);
        return template;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, loading);
    return loading;
  }

  clear(): void {
    this.entries.clear();
  }

  stats(): CacheStats {
    return lruStats(this.entries, MAX_ENTRIES, MAX_BYTES);
  }
}
