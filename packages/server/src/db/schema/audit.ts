/** The append-only audit log of administrative actions (migrations/0030_audit_log.sql). */
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { epoch } from './columns.js';

import type { FieldChange } from '@dscloud/sdk/audit';

export type { FieldChange };

export const auditLog = pgTable('audit_log', {
  id: text('id').primaryKey(),
  at: epoch('at').notNull(),
  actorUserId: text('actor_user_id'),
  actorName: text('actor_name').notNull().default(''),
  actorRoles: jsonb('actor_roles').$type<string[]>().notNull().default([]),
  ip: text('ip').notNull().default(''),
  action: text('action').notNull(),
  entity: text('entity').notNull(),
  entityId: text('entity_id').notNull().default(''),
  changes: jsonb('changes').$type<Record<string, FieldChange>>().notNull().default({}),
});
