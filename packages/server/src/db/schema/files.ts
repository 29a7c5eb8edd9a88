/** The file service: stored contents, users' files, uploads, challenges, object-store grants (migrations/0010_files.sql). */
import { bigint, integer, pgSequence, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { bigNumber, epoch } from './columns.js';

/** Shared by file_infos and uploads: an upload is named by the id its file will have. */
export const fileInfoIds = pgSequence('file_info_ids', { startWith: 100001 });

export const fileContents = pgTable('file_contents', {
  sha256: text('sha256').primaryKey(),
  md5: text('md5').notNull(),
  size: bigNumber('size').notNull(),
  store: text('store').$type<'local' | 's3'>().notNull(),
  storageKey: text('storage_key').notNull(),
  mime: text('mime').notNull(),
  createdAt: epoch('created_at').notNull(),
  /** The picture's thumbnail beside it (migrations/0092), NULL until first asked for. */
  thumbKey: text('thumb_key'),
  thumbWidth: integer('thumb_width'),
  thumbHeight: integer('thumb_height'),
});

export const fileInfos = pgTable('file_infos', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  userId: text('user_id').notNull(),
  contentSha256: text('content_sha256').notNull(),
  fileName: text('file_name').notNull(),
  extension: text('extension').notNull(),
  categoryCode: integer('category_code').notNull(),
  supportSourceFlag: integer('support_source_flag').notNull().default(0),
  businessCode: text('business_code'),
  createdAt: epoch('created_at').notNull(),
});

export const uploads = pgTable(
  'uploads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').notNull(),
    fileMd5: text('file_md5').notNull(),
    totalSize: bigNumber('total_size').notNull(),
    extension: text('extension').notNull(),
    fileName: text('file_name').notNull(),
    chunkSize: bigNumber('chunk_size').notNull(),
    chunks: integer('chunks').notNull(),
    state: text('state').$type<'receiving' | 'assembling' | 'complete'>().notNull().default('receiving'),
    leaseUntil: epoch('lease_until'),
    /** The S3 multipart upload holding the chunks (migrations/0097); NULL on disk storage or before the first chunk. */
    storeUploadId: text('store_upload_id'),
    supportSourceFlag: integer('support_source_flag').notNull().default(0),
    businessCode: text('business_code'),
    createdAt: epoch('created_at').notNull(),
    updatedAt: epoch('updated_at').notNull(),
  },
  (t) => [unique().on(t.userId, t.fileMd5, t.totalSize, t.extension)],
);

export const uploadChunks = pgTable(
  'upload_chunks',
  {
    uploadId: bigint('upload_id', { mode: 'number' }).notNull(),
    chunkIndex: integer('chunk_index').notNull(),
    size: bigNumber('size').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: epoch('created_at').notNull(),
    /** The S3 part's ETag (migrations/0097); NULL on disk storage. */
    etag: text('etag'),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.chunkIndex] })],
);

/** One send of a chunk index at a time across server processes (migrations/0097). */
export const uploadChunkClaims = pgTable(
  'upload_chunk_claims',
  {
    uploadId: bigint('upload_id', { mode: 'number' }).notNull(),
    chunkIndex: integer('chunk_index').notNull(),
    holder: text('holder').notNull(),
    claimedUntil: epoch('claimed_until').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.chunkIndex] })],
);

export const fileChallenges = pgTable('file_challenges', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  md5: text('md5').notNull(),
  /** Null for a decoy challenge (content the server does not hold; migrations/0032). */
  contentSha256: text('content_sha256'),
  rangeOffset: bigNumber('range_offset').notNull(),
  rangeLength: bigNumber('range_length').notNull(),
  expiresAt: epoch('expires_at').notNull(),
});

export const objectGrants = pgTable('object_grants', {
  objectKey: text('object_key').primaryKey(),
  userId: text('user_id').notNull(),
  fileMd5: text('file_md5').notNull(),
  businessCode: text('business_code'),
  fileInfoId: bigint('file_info_id', { mode: 'number' }),
  expiresAt: epoch('expires_at').notNull(),
  createdAt: epoch('created_at').notNull(),
});
