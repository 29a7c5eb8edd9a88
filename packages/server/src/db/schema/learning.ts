/** What learners and teachers add to a lesson: marks, notes, study time, scores, previews, history (migrations/0020_lessons.sql). */
import { bigserial, integer, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { bigNumber, epoch } from './columns.js';

export const lessonResourceMarks = pgTable('lesson_resource_marks', {
  id: text('id').primaryKey(),
  resourceId: text('resource_id').notNull(),
  markTime: integer('mark_time').notNull(),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
  createdBy: text('created_by'),
  createdAt: epoch('created_at').notNull(),
});

export const lessonNotes = pgTable('lesson_notes', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  lessonId: text('lesson_id').notNull(),
  resourceId: text('resource_id'),
  content: text('content').notNull(),
  videoTime: integer('video_time').notNull().default(0),
  createdAt: epoch('created_at').notNull(),
  updatedAt: epoch('updated_at').notNull(),
});

export const lessonLearning = pgTable(
  'lesson_learning',
  {
    userId: text('user_id').notNull(),
    lessonId: text('lesson_id').notNull(),
    resourceId: text('resource_id').notNull(),
    totalSeconds: integer('total_seconds').notNull().default(0),
    lastPosition: integer('last_position').notNull().default(0),
    createdAt: epoch('created_at').notNull(),
    updatedAt: epoch('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId, t.resourceId] })],
);

export const lessonScores = pgTable(
  'lesson_scores',
  {
    userId: text('user_id').notNull(),
    lessonId: text('lesson_id').notNull(),
    score: smallint('score').notNull(),
    createdAt: epoch('created_at').notNull(),
    updatedAt: epoch('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] })],
);

export const lessonPreviews = pgTable('lesson_previews', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  lessonId: text('lesson_id').notNull(),
  userId: text('user_id'),
  createdAt: epoch('created_at').notNull(),
  /** Who viewed (`u:<userId>`, or `ip:<digest>` for a visitor); one row per viewer, lesson and period (migrations/0033). */
  viewer: text('viewer').notNull().default(''),
  period: bigNumber('period').notNull().default(0),
});

/** Downloads counted once per user, lesson and period (migrations/0033). */
export const lessonDownloads = pgTable(
  'lesson_downloads',
  {
    lessonId: text('lesson_id').notNull(),
    userId: text('user_id').notNull(),
    period: bigNumber('period').notNull(),
    createdAt: epoch('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.userId, t.period] })],
);

export const lessonHistoryNodes = pgTable(
  'lesson_history_nodes',
  {
    userId: text('user_id').notNull(),
    businessType: text('business_type').notNull(),
    node: jsonb('node').$type<Record<string, unknown>>().notNull(),
    updatedAt: epoch('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.businessType] })],
);
