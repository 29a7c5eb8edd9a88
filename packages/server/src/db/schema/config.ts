/** Platform settings shown to every client (migrations/0001_init.sql). */
import { integer, pgTable, text } from 'drizzle-orm/pg-core';

export const globalConfig = pgTable('global_config', {
  configKey: text('config_key').primaryKey(),
  configValue: text('config_value').notNull().default(''),
  description: text('description').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});
