/** Teacher introductions (migrations/0020_lessons.sql, honours in 0050_teacher_honours.sql). */
import { integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { epoch } from './columns.js';

export const teacherInfos = pgTable('teacher_infos', {
  id: text('id').primaryKey(),
  userId: text('user_id').unique(),
  name: text('name').notNull(),
  sex: text('sex').notNull().default('1'),
  title: text('title').notNull().default(''),
  intro: text('intro').notNull().default(''),
  honours: text('honours').notNull().default(''),
  avatarUrl: text('avatar_url').notNull().default(''),
  avatarFileId: text('avatar_file_id'),
  schoolId: text('school_id').notNull().default(''),
  schoolName: text('school_name').notNull().default(''),
  stage: smallint('stage'),
  subjectCodes: jsonb('subject_codes').$type<number[]>().notNull().default([]),
  sort: integer('sort').notNull().default(0),
  createdBy: text('created_by'),
  createdAt: epoch('created_at').notNull(),
  updatedAt: epoch('updated_at').notNull(),
});
