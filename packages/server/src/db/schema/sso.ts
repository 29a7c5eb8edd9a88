/** Nonces of single sign-on tickets already checked (migrations/0091_sso_tickets.sql; its index on expires_at is the sweeper's). */
import { pgTable, text } from 'drizzle-orm/pg-core';
import { epoch } from './columns.js';

export const ssoUsedTickets = pgTable('sso_used_tickets', {
  nonce: text('nonce').primaryKey(),
  userId: text('user_id').notNull(),
  target: text('target').notNull(),
  expiresAt: epoch('expires_at').notNull(),
  usedAt: epoch('used_at').notNull(),
});
