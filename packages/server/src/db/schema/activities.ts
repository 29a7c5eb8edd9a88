/** Resource-collection activities, sign-ups, claimed nodes and works (migrations/0070_activities.sql). */
import { bigint, boolean, integer, jsonb, pgTable, primaryKey, real, smallint, text, unique } from 'drizzle-orm/pg-core';
import type {
  ActivityAttachment,
  ActivityRules,
  AuditLevelCode,
  FormatReview,
  PackageTemplateItem,
  VideoProbe,
  VideoRules,
} from '@dscloud/sdk/activities';
import type { ReviewRules } from '@dscloud/sdk/review';
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
  reviewRules: jsonb('review_rules').$type<Partial<ReviewRules>>().notNull().default({}),
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
  stage: smallint('stage'),
  subjectCode: integer('subject_code'),
  districtId: text('district_id'),
  bookId: text('book_id'),
  round: integer('round').notNull().default(1),
  reviewScore: real('review_score'),
  reviewedAt: epoch('reviewed_at'),
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

/** Reviewers of an activity (migrations/0080_works_review.sql). */
export const activityAuditPersons = pgTable(
  'activity_audit_persons',
  {
    id: text('id').primaryKey(),
    activityId: text('activity_id').notNull(),
    level: smallint('level').notNull(),
    userId: text('user_id').notNull(),
    orgId: text('org_id').notNull(),
    stage: smallint('stage').notNull(),
    subjectCode: integer('subject_code').notNull(),
    finalReviewer: boolean('final_reviewer').notNull().default(false),
    createdBy: text('created_by'),
    createdAt: epoch('created_at').notNull(),
  },
  (t) => [unique().on(t.activityId, t.level, t.userId, t.orgId, t.stage, t.subjectCode)],
);

/** Every decision on a work: the trace. */
export const activityWorkAudits = pgTable('activity_work_audits', {
  id: text('id').primaryKey(),
  workId: text('work_id').notNull(),
  activityId: text('activity_id').notNull(),
  level: smallint('level').notNull(),
  round: integer('round').notNull(),
  workVersion: integer('work_version').notNull(),
  reviewerId: text('reviewer_id').notNull(),
  decision: smallint('decision').notNull(),
  score: real('score'),
  scores: jsonb('scores').$type<Record<string, number>>().notNull().default({}),
  opinion: text('opinion').notNull().default(''),
  counted: boolean('counted').notNull().default(true),
  createdAt: epoch('created_at').notNull(),
  /** Time from the work's submission in this round to the decision, fixed when made (migration 0095). */
  decisionMs: bigint('decision_ms', { mode: 'number' }),
});

/** Works passed up per (activity, level, organisation unit), against the level's quota. */
export const activityReviewQuota = pgTable(
  'activity_review_quota',
  {
    activityId: text('activity_id').notNull(),
    level: smallint('level').notNull(),
    orgId: text('org_id').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.level, t.orgId] })],
);

/**
 * Counters kept by database triggers (migrations/0094_review_counters.sql, 0095_reviewer_counters.sql),
 * read by the statistics instead of grouping the works on every refresh. The code never writes them.
 */
export const activityWorkCounters = pgTable(
  'activity_work_counters',
  {
    activityId: text('activity_id').notNull(),
    dim: text('dim').notNull(),
    key: text('key').notNull(),
    submitStatus: smallint('submit_status').notNull(),
    reviewState: smallint('review_state').notNull(),
    reviewLevel: smallint('review_level').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.dim, t.key, t.submitStatus, t.reviewState, t.reviewLevel] })],
);

export const activitySignUpCounters = pgTable(
  'activity_sign_up_counters',
  {
    activityId: text('activity_id').notNull(),
    dim: text('dim').notNull(),
    key: text('key').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.dim, t.key] })],
);

export const activityReviewerCounters = pgTable(
  'activity_reviewer_counters',
  {
    activityId: text('activity_id').notNull(),
    reviewerId: text('reviewer_id').notNull(),
    level: smallint('level').notNull(),
    stage: smallint('stage').notNull(),
    subjectCode: integer('subject_code').notNull(),
    decision: smallint('decision').notNull(),
    n: integer('n').notNull(),
    msSum: bigint('ms_sum', { mode: 'number' }).notNull(),
    msCount: integer('ms_count').notNull(),
    lastAt: bigint('last_at', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.reviewerId, t.level, t.stage, t.subjectCode, t.decision] })],
);
