/** Resource-collection activities, sign-ups, claimed nodes and works (migrations/0070_activities.sql). */
import { bigint, integer, jsonb, pgTable, primaryKey, smallint, text, unique } from 'drizzle-orm/pg-core';
import type {
  ActivityAttachment,
  ActivityRules,
  AuditLevelCode,
  FormatReview,
  PackageTemplateItem,
  VideoProbe,
  VideoRules,
} from '@dscloud/sdk/activities';
import { bigNumber, epoch } from './columns.js';

export const activities = pgTable('activities', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  coverUrl: text('cover_url').notNull().default(''),
  coverFileId: text('cover_file_id'),
  orgId: text('org_id').notNull(),
  activitySystem: smallint('activity_system').notNull(),
  status: smallint('status').notNull().default(0),
  signUpStartAt: epoch('sign_up_start_at'),
  signUpEndAt: epoch('sign_up_end_at'),
  uploadStartAt: epoch('upload_start_at'),
  uploadEndAt: epoch('upload_end_at'),
  auditStartAt: epoch('audit_start_at'),
  auditEndAt: epoch('audit_end_at'),
  reviewLevels: jsonb('review_levels').$type<AuditLevelCode[]>().notNull().default([]),
  packageTemplate: jsonb('package_template').$type<PackageTemplateItem[]>().notNull().default([]),
  rules: jsonb('rules').$type<ActivityRules>().notNull().default({} as ActivityRules),
  videoRules: jsonb('video_rules').$type<VideoRules>().notNull().default({} as VideoRules),
  attachments: jsonb('attachments').$type<ActivityAttachment[]>().notNull().default([]),
  publishedAt: epoch('published_at'),
  version: integer('version').notNull().default(1),
  deletedAt: epoch('deleted_at'),
  createdBy: text('created_by'),
  createdAt: epoch('created_at').notNull(),
  updatedAt: epoch('updated_at').notNull(),
});

export const activityScopes = pgTable('activity_scopes', {
  activityId: text('activity_id').notNull(),
  stage: smallint('stage').notNull(),
  subjectCode: integer('subject_code').notNull(),
  editionId: text('edition_id'),
  bookId: text('book_id'),
  sort: integer('sort').notNull().default(0),
});

export const activitySignUps = pgTable(
  'activity_sign_ups',
  {
  id: text('id').primaryKey(),
  activityId: text('activity_id').notNull(),
  userId: text('user_id').notNull(),
  realName: text('real_name').notNull(),
  phone: text('phone').notNull().default(''),
  schoolId: text('school_id').notNull(),
  districtId: text('district_id'),
  stage: smallint('stage').notNull(),
  subjectCode: integer('subject_code').notNull(),
  status: smallint('status').notNull().default(1),
  cancelledAt: epoch('cancelled_at'),
  createdAt: epoch('created_at').notNull(),
  updatedAt: epoch('updated_at').notNull(),
  },
  (t) => [unique().on(t.activityId, t.userId)],
);

export const activitySignUpNodes = pgTable('activity_sign_up_nodes', {
  id: text('id').primaryKey(),
  signUpId: text('sign_up_id').notNull(),
  activityId: text('activity_id').notNull(),
  userId: text('user_id').notNull(),
  nodeId: text('node_id').notNull(),
  status: smallint('status').notNull().default(1),
  cancelledAt: epoch('cancelled_at'),
  createdAt: epoch('created_at').notNull(),
});

export const activityNodeOccupancy = pgTable(
  'activity_node_occupancy',
  {
    activityId: text('activity_id').notNull(),
    nodeId: text('node_id').notNull(),
    taken: integer('taken').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.nodeId] })],
);

export const activityWorks = pgTable('activity_works', {
  id: text('id').primaryKey(),
  activityId: text('activity_id').notNull(),
  signUpId: text('sign_up_id').notNull(),
  signUpNodeId: text('sign_up_node_id').notNull(),
  nodeId: text('node_id').notNull(),
  userId: text('user_id').notNull(),
  schoolId: text('school_id').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  submitStatus: smallint('submit_status').notNull().default(0),
  formatReview: jsonb('format_review').$type<FormatReview>(),
  reviewState: smallint('review_state').notNull().default(0),
  reviewLevel: smallint('review_level'),
  publishedLessonId: text('published_lesson_id'),
  submittedAt: epoch('submitted_at'),
  version: integer('version').notNull().default(1),
  createdAt: epoch('created_at').notNull(),
  updatedAt: epoch('updated_at').notNull(),
});

export const activityWorkItems = pgTable(
  'activity_work_items',
  {
    workId: text('work_id').notNull(),
    item: smallint('item').notNull(),
    fileId: bigint('file_id', { mode: 'number' }).notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigNumber('file_size').notNull().default(0),
    probe: jsonb('probe').$type<VideoProbe>(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workId, t.item, t.fileId] })],
);
