/**
 * Drizzle view of the tables created by `migrations/*.sql`. The SQL files are the authority; this file
 * only lets queries be typed. Times are epoch milliseconds in `bigint` columns read as numbers, so that
 * PGlite and node-postgres hand back the same JavaScript types.
 */
import { bigint, bigserial, boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

const epoch = (name: string) => bigint(name, { mode: 'number' });

export const organisations = pgTable('organisations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull().default(''),
  orgType: integer('org_type').notNull(),
  parentId: text('parent_id'),
  areaCode: text('area_code').notNull().default('dsideal'),
  stageCode: text('stage_code'),
  createdAt: epoch('created_at').notNull(),
});

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  username: text('username').notNull().unique(),
  displayName: text('display_name').notNull(),
  identityCode: integer('identity_code').notNull(),
  sex: text('sex').notNull().default('1'),
  orgId: text('org_id').notNull(),
  classId: text('class_id'),
  stageCode: text('stage_code'),
  avatarFileId: text('avatar_file_id'),
  passwordHash: text('password_hash').notNull(),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: epoch('created_at').notNull(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id').notNull(),
    roleCode: text('role_code').notNull(),
    level: integer('level').notNull(),
    orgId: text('org_id'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleCode] })],
);

export const auditPersons = pgTable(
  'audit_persons',
  {
    userId: text('user_id').notNull(),
    stageCode: text('stage_code').notNull(),
    subjectCode: text('subject_code').notNull(),
    auditLevel: integer('audit_level').notNull().default(1),
    createdAt: epoch('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.stageCode, t.subjectCode] })],
);

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
});

export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  username: text('username').notNull(),
  answerX: integer('answer_x').notNull(),
  state: text('state').$type<'open' | 'solved' | 'dead' | 'used'>().notNull().default('open'),
  expiresAt: epoch('expires_at').notNull(),
  tokenHash: text('token_hash'),
  tokenExpiresAt: epoch('token_expires_at'),
  createdAt: epoch('created_at').notNull(),
});

export const wechatStates = pgTable('wechat_states', {
  state: text('state').primaryKey(),
  areaCode: text('area_code').notNull(),
  expiresAt: epoch('expires_at').notNull(),
  usedAt: epoch('used_at'),
});

export const globalConfig = pgTable('global_config', {
  configKey: text('config_key').primaryKey(),
  configValue: text('config_value').notNull().default(''),
  description: text('description').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

export const schema = {
  organisations,
  users,
  userRoles,
  auditPersons,
  tokens,
  loginFailures,
  captchas,
  wechatStates,
  globalConfig,
};
