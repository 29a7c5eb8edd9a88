/** SQL for the platform-wide key/value configuration (keys listed in docs/contracts.md). */
import { asc, inArray } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { globalConfig } from '../db/schema.js';

export interface ConfigRow {
  configKey: string;
  configValue: string;
}

export async function listConfig(db: Orm): Promise<ConfigRow[]> {
  return db
    .select({ configKey: globalConfig.configKey, configValue: globalConfig.configValue })
    .from(globalConfig)
    .orderBy(asc(globalConfig.sort), asc(globalConfig.configKey));
}

/** Rows for the asked keys, in the order asked; keys without a row are left out. */
export async function configByKeys(db: Orm, keys: string[]): Promise<ConfigRow[]> {
  const rows = await db
    .select({ configKey: globalConfig.configKey, configValue: globalConfig.configValue })
    .from(globalConfig)
    .where(inArray(globalConfig.configKey, keys));
  const byKey = new Map(rows.map((r) => [r.configKey, r]));
  return [...new Set(keys)].flatMap((k) => (byKey.has(k) ? [byKey.get(k)!] : []));
}

/** Inserts or updates each key's value in one transaction; a new key gets `description(key)`. */
export async function saveConfig(db: Orm, items: readonly ConfigRow[], description: (key: string) => string): Promise<void> {
  await db.transaction(async (tx) => {
    for (const item of items) {
      await tx
        .insert(globalConfig)
        .values({ configKey: item.configKey, configValue: item.configValue, description: description(item.configKey), sort: 1000 })
        .onConflictDoUpdate({ target: globalConfig.configKey, set: { configValue: item.configValue } });
    }
  });
}
