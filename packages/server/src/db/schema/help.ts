/** The help centre's articles and the users' feedback (migrations/0090_help_feedback.sql). */
import { integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { epoch } from './columns.js';

export const helpArticles = pgTable('help_articles', {
  id: text('id').primaryKey(),
  topic: text('topic').notNull(),
  title: text('title').notNull(),
  summary: text('summary').notNull().default(''),
  /** HTML cleaned by the server before it is stored. */
  body: text('body').notNull(),
  videoUrl: text('video_url'),
  sort: integer('sort').notNull().default(0),
  updatedBy: text('updated_by'),
  createdAt: epoch('created_at').notNull(),
  updatedAt: epoch('updated_at').notNull(),
});

/** What the author agreed to attach; the SDK's FeedbackContext. */
export interface StoredFeedbackContext {
  page: string;
  role: string;
  browser: string;
  errors: { code: number | string; message: string; at: string; url?: string }[];
}

export const feedback = pgTable('feedback', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  /** The author's organisation when it was sent: the back-office's reach. */
  orgId: text('org_id').notNull(),
  role: text('role').notNull().default(''),
  type: text('type').notNull(),
  content: text('content').notNull(),
  contact: text('contact').notNull().default(''),
  screenshotFileIds: jsonb('screenshot_file_ids').$type<string[]>().notNull().default([]),
  context: jsonb('context').$type<StoredFeedbackContext>(),
  /** 0 待处理, 1 已处理, 2 无需处理. */
  applyStatus: smallint('apply_status').notNull().default(0),
  reply: text('reply'),
  repliedBy: text('replied_by'),
  repliedAt: epoch('replied_at'),
  createdAt: epoch('created_at').notNull(),
  updatedAt: epoch('updated_at').notNull(),
});
