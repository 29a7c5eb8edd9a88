/**
 * The platform's key/value configuration as the server reads it: the public list every page load asks
 * for (kept 10 s, so a database read is not paid per page) and single values other domains need (the
 * login mode, the area logos). A save drops the cache at once on this instance and, through the
 * invalidation bus, on every other instance over the same database (within the 10 s at worst, when the
 * bus is down).
 */
import type { InvalidationBus } from '../cache/invalidationBus.js';
import { sharedDrop, type SharedDrop } from '../cache/sharedDrop.js';
import type { Orm } from '../db/database.js';
import { TtlCache } from '../util/ttlCache.js';
import { listConfig, saveConfig, type ConfigRow } from './globalConfigRepo.js';

export const CONFIG_CACHE_MS = 10_000;

export class PlatformConfig {
  readonly cache: TtlCache<ConfigRow[]>;
  private readonly drop: SharedDrop;

  constructor(
    private readonly db: Orm,
    now: () => number = Date.now,
    bus?: InvalidationBus,
  ) {
    const cache = (this.cache = new TtlCache<ConfigRow[]>(CONFIG_CACHE_MS, 1, now));
    this.drop = bus ? sharedDrop(bus, 'config', () => cache.invalidate()) : async () => cache.invalidate();
  }

  rows(): Promise<ConfigRow[]> {
    return this.cache.get('all', () => listConfig(this.db));
  }

  /** A value by key ('' when the key has no row). */
  async value(key: string): Promise<string> {
    return (await this.rows()).find((r) => r.configKey === key)?.configValue ?? '';
  }

  /** Stores the values (one transaction) and forgets the cached list. */
  async save(items: readonly ConfigRow[], descriptions: (key: string) => string): Promise<void> {
    try {
      await saveConfig(this.db, items, descriptions);
    } finally {
      await this.drop();
    }
  }
}
