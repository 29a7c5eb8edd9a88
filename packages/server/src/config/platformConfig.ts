/**
 * The platform's key/value configuration as the server reads it: the public list every page load asks
 * for (kept 10 s, so a database read is not paid per page) and single values other domains need (the
 * login mode, the area logos). A save through this instance drops the cache at once, so the next page
 * load sees it; another instance over the same PostgreSQL sees it within the 10 s.
 */
import type { Orm } from '../db/database.js';
import { TtlCache } from '../util/ttlCache.js';
import { listConfig, saveConfig, type ConfigRow } from './globalConfigRepo.js';

export const CONFIG_CACHE_MS = 10_000;

export class PlatformConfig {
  readonly cache: TtlCache<ConfigRow[]>;

  constructor(
    private readonly db: Orm,
    now: () => number = Date.now,
  ) {
    this.cache = new TtlCache<ConfigRow[]>(CONFIG_CACHE_MS, 1, now);
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
      this.cache.invalidate();
    }
  }
}
