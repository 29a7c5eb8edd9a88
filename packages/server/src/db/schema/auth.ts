/** Tokens, login failures, known devices, captchas and WeChat login states (migrations/0001_init.sql). */
import { boolean, bigserial, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { epoch } from './columns.js';

export const tokens = pgTable('tokens', {
  tokenHash: text('token_hash').primaryKey(),
  familyId: text('family_id').notNull(),
  userId: text('user_id').notNull(),
  ua: text('ua').notNull().default(''),
  createdAt: epoch('created_at').notNull(),
  expiresAt: epoch('expires_at').notNull(),
  revokedAt: epoch('revoked_at'),
  successorHash: text('successor_hash'),
  rotatedAt: epoch('rotated_at'),
});

export const loginFailures = pgTable('login_failures', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  username: text('username').notNull(),
  ip: text('ip').notNull().default(''),
  failedAt: epoch('failed_at').notNull(),
  /** False while the attempt's password is being checked (migrations/0031). */
  settled: boolean('settled').notNull().default(true),
  /** The known device the attempt came from ('' for none; migration 0103). */
  device: text('device').notNull().default(''),
});

/** Devices an account signed in on with the right password (migrations/0103, auth/loginDevices.ts). */
export const loginDevices = pgTable(
  'login_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id').notNull(),
    createdAt: epoch('created_at').notNull(),
    lastUsedAt: epoch('last_used_at').notNull(),
    expiresAt: epoch('expires_at').notNull(),
  },
  (t) => [index('login_devices_user').on(t.userId, t.lastUsedAt)],
);

export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  username: text('username').notNull(),
  answerX: integer('answer_x').notNull(),
  state: text('state').$type<'open' | 'solved' | 'dead' | 'used'>().notNull().default('open'),
  expiresAt: epoch('expires_at').notNull(),
  tokenHash: text('token_hash').unique(),
  tokenExpiresAt: epoch('token_expires_at'),
  createdAt: epoch('created_at').notNull(),
  /** The client address that asked for the puzzle (migration 0035). */
  client: text('client').notNull().default(''),
});

export const wechatStates = pgTable('wechat_states', {
  state: text('state').primaryKey(),
  areaCode: text('area_code').notNull(),
  expiresAt: epoch('expires_at').notNull(),
  usedAt: epoch('used_at'),
});

/** Per-client request budgets: one row per request let through (migrations/0096). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    at: epoch('at').notNull(),
  },
  (t) => [index('rate_limit_hits_key_at').on(t.key, t.at)],
);
