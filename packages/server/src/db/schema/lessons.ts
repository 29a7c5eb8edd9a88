/** Lessons with their videos and knowledge points, and the demo schedule anchor (migrations/0020_lessons.sql). */
import { integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { epoch } from './columns.js';

export const lessons = pgTable('lessons', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  lessonType: text('lesson_type').notNull().default(''),
  description: text('description').notNull().default(''),
  liveFlag: smallint('live_flag').notNull().default(0),
  stage: smallint('stage').notNull(),
  subjectCode: integer('subject_code').notNull(),
  grade: smallint('grade').notNull(),
  editionId: text('edition_id'),
  bookId: text('book_id'),
  chapterNodeId: text('chapter_node_id'),
  teacherUserId: text('teacher_user_id'),
  teacherInfoId: text('teacher_info_id'),
  teacherName: text('teacher_name').notNull().default(''),
  schoolId: text('school_id').notNull().default(''),
  schoolName: text('school_name').notNull().default(''),
  coverUrl: text('cover_url').notNull().default(''),
  coverFileId: text('cover_file_id'),
  durationSeconds: integer('duration_seconds').notNull().default(0),
  liveStartAt: epoch('live_start_at'),
  liveEndAt: epoch('live_end_at'),
  publishStatus: smallint('publish_status').notNull().default(0),
  publishAt: epoch('publish_at'),
  excellentFlag: smallint('excellent_flag').notNull().default(0),
  downloadCount: integer('download_count').notNull().default(0),
  learningCount: integer('learning_count').notNull().default(0),
  viewCount: integer('view_count').notNull().default(0),
  createdBy: text('created_by'),
  createdAt: epoch('created_at').notNull(),
  updatedAt: epoch('updated_at').notNull(),
});

export const lessonKnowledgeNodes = pgTable(
  'lesson_knowledge_nodes',
  {
    lessonId: text('lesson_id').notNull(),
    nodeId: text('node_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.nodeId] })],
);

export const lessonResources = pgTable('lesson_resources', {
  id: text('id').primaryKey(),
  lessonId: text('lesson_id').notNull(),
  title: text('title').notNull(),
  url: text('url').notNull().default(''),
  fileInfoId: text('file_info_id'),
  durationSeconds: integer('duration_seconds').notNull().default(0),
  captionUrl: text('caption_url').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

export const lessonDemoState = pgTable('lesson_demo_state', {
  key: text('key').primaryKey(),
  anchorAt: epoch('anchor_at').notNull(),
});
