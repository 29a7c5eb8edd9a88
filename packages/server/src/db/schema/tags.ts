/** Special-topic types and lesson tags (migrations/0040_topic_types_and_tags.sql). */
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { epoch } from './columns.js';

export const specialSubjectTypes = pgTable('special_subject_types', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  sort: integer('sort').notNull().default(0),
  createdBy: text('created_by'),
  createdAt: epoch('created_at').notNull(),
  updatedAt: epoch('updated_at').notNull(),
});

export const lessonTags = pgTable('lesson_tags', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  sort: integer('sort').notNull().default(0),
  createdBy: text('created_by'),
  createdAt: epoch('created_at').notNull(),
  updatedAt: epoch('updated_at').notNull(),
});

export const lessonTagLinks = pgTable(
  'lesson_tag_links',
  {
    lessonId: text('lesson_id').notNull(),
    tagId: text('tag_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.tagId] })],
);
