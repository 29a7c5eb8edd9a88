/** Organisations, accounts and their roles (migrations/0001_init.sql). */
import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { epoch } from './columns.js';

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
