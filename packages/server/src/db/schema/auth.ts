/** Tokens, login failures, captchas and WeChat login states (migrations/0001_init.sql). */
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
});

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
