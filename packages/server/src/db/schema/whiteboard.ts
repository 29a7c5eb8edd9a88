/** Tool documents of <ds-tool-editor> (migrations/0093_whiteboard_resources.sql). */
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bigNumber, epoch } from './columns.js';

export const whiteboardResources = pgTable('whiteboard_resources', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id').notNull(),
  tool: text('tool').notNull(),
  businessType: text('business_type').notNull(),
  title: text('title').notNull(),
  fileInfoId: bigNumber('file_info_id').notNull(),
  dataSize: integer('data_size').notNull(),
  businessEditionId: text('business_edition_id'),
  businessBookId: text('business_book_id'),
  businessBookLabel: text('business_book_label'),
  nodeLabel: text('node_label'),
  nodeId: text('node_id'),
  version: integer('version').notNull().default(1),
  createdAt: epoch('created_at').notNull(),
  updatedAt: epoch('updated_at').notNull(),
});

/** A document's read-only link: the sha256 of its random token (migrations/0100_whiteboard_shares.sql). */
export const whiteboardShares = pgTable('whiteboard_shares', {
  resourceId: text('resource_id').primaryKey(),
  tokenSha256: text('token_sha256').notNull().unique(),
  createdAt: epoch('created_at').notNull(),
});
