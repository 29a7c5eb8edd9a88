/** Video transcoding jobs (migrations/0104_video_jobs.sql, docs/video.md). */
import { integer, pgTable, real, text } from 'drizzle-orm/pg-core';
import { epoch } from './columns.js';

export type VideoJobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export const videoJobs = pgTable('video_jobs', {
  contentSha256: text('content_sha256').primaryKey(),
  state: text('state').$type<VideoJobState>().notNull().default('queued'),
  fileName: text('file_name').notNull(),
  attempts: integer('attempts').notNull().default(0),
  leaseOwner: text('lease_owner'),
  leaseUntil: epoch('lease_until'),
  progress: real('progress').notNull().default(0),
  etaSeconds: integer('eta_seconds'),
  errorZh: text('error_zh'),
  errorEn: text('error_en'),
  ladderVersion: integer('ladder_version').notNull().default(1),
  runAfter: epoch('run_after').notNull(),
  createdAt: epoch('created_at').notNull(),
  updatedAt: epoch('updated_at').notNull(),
  finishedAt: epoch('finished_at'),
});
