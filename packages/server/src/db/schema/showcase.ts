/** Special topics, collections and the home carousel (migrations/0020_lessons.sql). */
import { integer, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { epoch } from './columns.js';

export const specialSubjects = pgTable('special_subjects', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  coverUrl: text('cover_url').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  createdBy: text('created_by'),
  createdAt: epoch('created_at').notNull(),
  updatedAt: epoch('updated_at').notNull(),
  /** Its special-topic type (0040), if any. */
  typeId: text('type_id'),
  /** An uploaded cover (0040); served by a signed media link. */
  coverFileId: text('cover_file_id'),
});

export const specialSubjectLessons = pgTable(
  'special_subject_lessons',
  {
    specialSubjectId: text('special_subject_id').notNull(),
    lessonId: text('lesson_id').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.specialSubjectId, t.lessonId] })],
);

export const lessonCollections = pgTable(
  'lesson_collections',
  {
    userId: text('user_id').notNull(),
    lessonId: text('lesson_id').notNull(),
    createdAt: epoch('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] })],
);

export type SlideVisibility = 'all' | 'loggedIn' | 'loggedInNotStudent';

export const carouselImages = pgTable('carousel_images', {
  id: text('id').primaryKey(),
  groupId: text('group_id').notNull().default('home'),
  slideKey: text('slide_key').notNull().default(''),
  title: text('title').notNull(),
  titleByIdentity: jsonb('title_by_identity').$type<Record<string, string>>().notNull().default({}),
  subtitle: text('subtitle').notNull().default(''),
  imageUrl: text('image_url').notNull().default(''),
  imageFileId: text('image_file_id'),
  target: jsonb('target').$type<Record<string, unknown>>().notNull().default({}),
  visibility: text('visibility').$type<SlideVisibility>().notNull().default('all'),
  enabled: smallint('enabled').notNull().default(1),
  sort: integer('sort').notNull().default(0),
  createdBy: text('created_by'),
  createdAt: epoch('created_at').notNull(),
  updatedAt: epoch('updated_at').notNull(),
  /** NULL: the city's slide (everyone); else the district or school whose users see it (migrations/0060). */
  orgId: text('org_id'),
  /** English words for the portal in English; '' / {}: the Chinese ones (migrations/0101). */
  titleEn: text('title_en').notNull().default(''),
  titleByIdentityEn: jsonb('title_by_identity_en').$type<Record<string, string>>().notNull().default({}),
  subtitleEn: text('subtitle_en').notNull().default(''),
});
