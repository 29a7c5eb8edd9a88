/** Curriculum reference data and the chapter/knowledge trees (migrations/0020_lessons.sql). */
import { integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

export const curriculumEditions = pgTable('curriculum_editions', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  alias: text('alias').notNull().default(''),
  publisher: text('publisher').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

export const curriculumSubjects = pgTable(
  'curriculum_subjects',
  {
    stage: smallint('stage').notNull(),
    subjectCode: integer('subject_code').notNull(),
    name: text('name').notNull(),
    editionId: text('edition_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.subjectCode, t.editionId] })],
);

export const curriculumBooks = pgTable('curriculum_books', {
  id: text('id').primaryKey(),
  editionId: text('edition_id').notNull(),
  stage: smallint('stage').notNull(),
  subjectCode: integer('subject_code').notNull(),
  grade: smallint('grade').notNull(),
  gradeName: text('grade_name').notNull(),
  term: smallint('term').notNull(),
  termName: text('term_name').notNull(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** Both trees: kind 'chapter' hangs under a book, 'knowledge' under a subject; path is '/root/…/self/'. */
export const lessonNodes = pgTable('lesson_nodes', {
  id: text('id').primaryKey(),
  kind: text('kind').$type<'chapter' | 'knowledge'>().notNull(),
  parentId: text('parent_id'),
  name: text('name').notNull(),
  level: smallint('level').notNull(),
  sort: integer('sort').notNull().default(0),
  bookId: text('book_id'),
  stage: smallint('stage').notNull(),
  subjectCode: integer('subject_code').notNull(),
  path: text('path').notNull(),
});
