/** Every read and write of the file service's tables (migrations/0010_files.sql), through drizzle. */
import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Orm } from '../db/database.js';
import { first, num } from '../db/rows.js';
import { fileChallenges, fileContents, fileInfos, objectGrants, uploadChunkClaims, uploadChunks, uploads } from '../db/schema.js';
import type { ChallengeRow, ChunkRow, ContentRow, FileInfoRow, UploadRow } from './fileRows.js';

export type { ChallengeRow, ChunkRow, ContentRow, FileInfoRow, UploadRow } from './fileRows.js';

export interface NewFileInfo {
  id: number;
  userId: string;
  contentSha256: string;
  fileName: string;
  extension: string;
  categoryCode: number;
  supportSourceFlag: number;
  businessCode: string | null;
}

type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

const uploadColumns = {
  id: uploads.id,
  userId: uploads.userId,
  fileMd5: uploads.fileMd5,
  totalSize: uploads.totalSize,
  extension: uploads.extension,
  fileName: uploads.fileName,
  chunkSize: uploads.chunkSize,
  chunks: uploads.chunks,
  state: uploads.state,
  supportSourceFlag: uploads.supportSourceFlag,
  businessCode: uploads.businessCode,
  updatedAt: uploads.updatedAt,
  storeUploadId: uploads.storeUploadId,
};

const contentColumns = {
  sha256: fileContents.sha256,
  md5: fileContents.md5,
  size: fileContents.size,
  store: fileContents.store,
  storageKey: fileContents.storageKey,
  mime: fileContents.mime,
};

const chunkColumns = { index: uploadChunks.chunkIndex, size: uploadChunks.size, sha256: uploadChunks.sha256, etag: uploadChunks.etag };

export class FileRepo {
  private readonly orm: Orm;

  constructor(db: Database) {
    this.orm = db.orm;
  }

  async nextId(): Promise<number> {
    return num((await first(this.orm, sql`SELECT nextval('file_info_ids') AS id`))?.id);
  }

  async uploadByKey(userId: string, md5: string, totalSize: number, extension: string): Promise<UploadRow | null> {
    const [row] = await this.orm
      .select(uploadColumns)
      .from(uploads)
      .where(and(eq(uploads.userId, userId), eq(uploads.fileMd5, md5), eq(uploads.totalSize, totalSize), eq(uploads.extension, extension)));
    return row ?? null;
  }

  async uploadById(id: number, userId: string): Promise<UploadRow | null> {
    const [row] = await this.orm.select(uploadColumns).from(uploads).where(and(eq(uploads.id, id), eq(uploads.userId, userId)));
    return row ?? null;
  }

  /** Creates the upload unless a parallel request just did; either way returns the one row. */
  async createUpload(u: Omit<UploadRow, 'state' | 'updatedAt' | 'storeUploadId'>, now: number): Promise<UploadRow> {
    await this.orm
      .insert(uploads)
      .values({ ...u, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: [uploads.userId, uploads.fileMd5, uploads.totalSize, uploads.extension] });
    return (await this.uploadByKey(u.userId, u.fileMd5, u.totalSize, u.extension))!;
  }

  chunks(uploadId: number): Promise<ChunkRow[]> {
    return this.orm.select(chunkColumns).from(uploadChunks).where(eq(uploadChunks.uploadId, uploadId)).orderBy(asc(uploadChunks.chunkIndex));
  }

  async chunk(uploadId: number, index: number): Promise<ChunkRow | null> {
    const [row] = await this.orm.select(chunkColumns).from(uploadChunks).where(and(eq(uploadChunks.uploadId, uploadId), eq(uploadChunks.chunkIndex, index)));
    return row ?? null;
  }

  /** Records a durable chunk; false when another send of this index got there first. */
  insertChunk(uploadId: number, chunk: ChunkRow, now: number): Promise<boolean> {
    return this.orm.transaction(async (tx) => {
      const rows = await tx
        .insert(uploadChunks)
        .values({ uploadId, chunkIndex: chunk.index, size: chunk.size, sha256: chunk.sha256, etag: chunk.etag ?? null, createdAt: now })
        .onConflictDoNothing({ target: [uploadChunks.uploadId, uploadChunks.chunkIndex] })
        .returning({ index: uploadChunks.chunkIndex });
      await tx.update(uploads).set({ updatedAt: now }).where(eq(uploads.id, uploadId));
      return rows.length === 1;
    });
  }

  /**
   * Records the store's multipart upload unless another process recorded one first; answers the one
   * recorded (null when the upload row is gone).
   */
  async setStoreUploadId(uploadId: number, storeUploadId: string): Promise<string | null> {
    await this.orm
      .update(uploads)
      .set({ storeUploadId })
      .where(and(eq(uploads.id, uploadId), isNull(uploads.storeUploadId)));
    const [row] = await this.orm.select({ storeUploadId: uploads.storeUploadId }).from(uploads).where(eq(uploads.id, uploadId));
    return row?.storeUploadId ?? null;
  }

  countChunks(uploadId: number): Promise<number> {
    return this.orm.$count(uploadChunks, eq(uploadChunks.uploadId, uploadId));
  }

  /** Only one request assembles a file; a lease lets another take over after a crash mid-assembly. */
  async claimAssembly(uploadId: number, now: number, leaseMs: number): Promise<boolean> {
    const rows = await this.orm
      .update(uploads)
      .set({ state: 'assembling', leaseUntil: now + leaseMs, updatedAt: now })
      .where(and(eq(uploads.id, uploadId), or(eq(uploads.state, 'receiving'), and(eq(uploads.state, 'assembling'), lt(uploads.leaseUntil, now)))))
      .returning({ id: uploads.id });
    return rows.length === 1;
  }

  async renewLease(uploadId: number, now: number, leaseMs: number): Promise<void> {
    await this.orm
      .update(uploads)
      .set({ leaseUntil: now + leaseMs, updatedAt: now })
      .where(and(eq(uploads.id, uploadId), eq(uploads.state, 'assembling')));
  }

  async releaseAssembly(uploadId: number, now: number): Promise<void> {
    await this.orm
      .update(uploads)
      .set({ state: 'receiving', leaseUntil: null, updatedAt: now })
      .where(and(eq(uploads.id, uploadId), eq(uploads.state, 'assembling')));
  }

  /** Deletes an upload's row (its chunks and claims go with it); the row as it was, if there was one. */
  async deleteUpload(uploadId: number): Promise<UploadRow | null> {
    const [row] = await this.orm.delete(uploads).where(eq(uploads.id, uploadId)).returning(uploadColumns);
    return row ?? null;
  }

  /**
   * Deletes an upload that is still receiving, holds no chunk and has no chunk being written by any
   * process (a live claim, PostgreSQL only); the row as it was when it did. One statement, so a chunk
   * recorded meanwhile keeps the upload.
   */
  async deleteUploadIfEmpty(uploadId: number, now: number): Promise<UploadRow | null> {
    const [row] = await this.orm
      .delete(uploads)
      .where(
        and(
          eq(uploads.id, uploadId),
          eq(uploads.state, 'receiving'),
          notExists(this.orm.select({ one: sql`1` }).from(uploadChunks).where(eq(uploadChunks.uploadId, uploadId))),
          notExists(this.orm.select({ one: sql`1` }).from(uploadChunkClaims).where(and(eq(uploadChunkClaims.uploadId, uploadId), gte(uploadChunkClaims.claimedUntil, now)))),
        ),
      )
      .returning(uploadColumns);
    return row ?? null;
  }

  /** Deletes an unfinished upload (receiving, or assembling by nobody any more) of the user; the row deleted, if any. */
  async deleteUnfinished(userId: string, fileMd5: string, totalSize: number, extension: string, now: number): Promise<UploadRow | null> {
    const [row] = await this.orm
      .delete(uploads)
      .where(
        and(
          eq(uploads.userId, userId),
          eq(uploads.fileMd5, fileMd5),
          eq(uploads.totalSize, totalSize),
          eq(uploads.extension, extension),
          or(eq(uploads.state, 'receiving'), and(eq(uploads.state, 'assembling'), lt(uploads.leaseUntil, now))),
        ),
      )
      .returning(uploadColumns);
    return row ?? null;
  }

  /** Content row (kept if it already exists), the caller's file info and the upload's end, atomically. */
  async completeUpload(uploadId: number, content: ContentRow, info: NewFileInfo, now: number): Promise<void> {
    await this.orm.transaction(async (tx) => {
      await insertContent(tx, content, now);
      await insertFileInfo(tx, info, now);
      await tx.update(uploads).set({ state: 'complete', leaseUntil: null, updatedAt: now }).where(eq(uploads.id, uploadId));
      await tx.delete(uploadChunks).where(eq(uploadChunks.uploadId, uploadId));
    });
  }

  async insertContentAndInfo(content: ContentRow, info: NewFileInfo, now: number): Promise<void> {
    await this.orm.transaction(async (tx) => {
      await insertContent(tx, content, now);
      await insertFileInfo(tx, info, now);
    });
  }

  async contentBySha(sha256: string): Promise<ContentRow | null> {
    const [row] = await this.orm.select(contentColumns).from(fileContents).where(eq(fileContents.sha256, sha256));
    return row ?? null;
  }

  async contentByMd5(md5: string, size?: number): Promise<ContentRow | null> {
    const [row] = await this.orm
      .select(contentColumns)
      .from(fileContents)
      .where(and(eq(fileContents.md5, md5), size === undefined ? undefined : eq(fileContents.size, size)))
      .orderBy(asc(fileContents.createdAt))
      .limit(1);
    return row ?? null;
  }

  async fileInfo(id: number, userId: string): Promise<FileInfoRow | null> {
    return (await this.fileInfos(and(eq(fileInfos.id, id), eq(fileInfos.userId, userId))))[0] ?? null;
  }

  /** Any user's file: only for routes that have checked the caller may see it (signed media links, lesson saves by administrators). */
  async fileInfoById(id: number): Promise<FileInfoRow | null> {
    return (await this.fileInfos(eq(fileInfos.id, id)))[0] ?? null;
  }

  /** The caller's most recent file with this content, preferring the same extension. */
  async ownedByMd5(userId: string, md5: string, extension: string, size?: number): Promise<FileInfoRow | null> {
    const where = and(eq(fileInfos.userId, userId), eq(fileContents.md5, md5), size === undefined ? undefined : eq(fileContents.size, size));
    return (await this.fileInfos(where, [desc(sql`(${fileInfos.extension} = ${extension})`), desc(fileInfos.createdAt)], 1))[0] ?? null;
  }

  async insertFileInfo(info: NewFileInfo, now: number): Promise<void> {
    await insertFileInfo(this.orm, info, now);
  }

  async insertChallenge(c: ChallengeRow, userId: string): Promise<void> {
    await this.orm.insert(fileChallenges).values({
      id: c.id,
      userId,
      md5: c.md5,
      contentSha256: c.contentSha256,
      rangeOffset: c.offset,
      rangeLength: c.length,
      expiresAt: c.expiresAt,
    });
  }

  /** Deletes and returns the challenge: it can be answered once, right or wrong. */
  async consumeChallenge(id: string, userId: string): Promise<ChallengeRow | null> {
    const [row] = await this.orm
      .delete(fileChallenges)
      .where(and(eq(fileChallenges.id, id), eq(fileChallenges.userId, userId)))
      .returning({
        id: fileChallenges.id,
        md5: fileChallenges.md5,
        contentSha256: fileChallenges.contentSha256,
        offset: fileChallenges.rangeOffset,
        length: fileChallenges.rangeLength,
        expiresAt: fileChallenges.expiresAt,
      });
    return row ?? null;
  }

  async insertGrant(key: string, userId: string, md5: string, businessCode: string | null, expiresAt: number, now: number): Promise<void> {
    await this.orm.insert(objectGrants).values({ objectKey: key, userId, fileMd5: md5, businessCode, expiresAt, createdAt: now });
  }

  async grant(key: string, userId: string): Promise<{ fileMd5: string; expiresAt: number; fileInfoId: number | null } | null> {
    const [row] = await this.orm
      .select({ fileMd5: objectGrants.fileMd5, expiresAt: objectGrants.expiresAt, fileInfoId: objectGrants.fileInfoId })
      .from(objectGrants)
      .where(and(eq(objectGrants.objectKey, key), eq(objectGrants.userId, userId)));
    return row ?? null;
  }

  /** Marks the grant used; false when a parallel save already did. */
  async useGrant(key: string, fileInfoId: number): Promise<boolean> {
    const rows = await this.orm
      .update(objectGrants)
      .set({ fileInfoId })
      .where(and(eq(objectGrants.objectKey, key), isNull(objectGrants.fileInfoId)))
      .returning({ key: objectGrants.objectKey });
    return rows.length === 1;
  }

  async deleteGrant(key: string): Promise<void> {
    await this.orm.delete(objectGrants).where(eq(objectGrants.objectKey, key));
  }

  /** Bytes and files the user keeps plus what the user's unfinished uploads will add (all but `excludeUploadId`). */
  async usage(userId: string, excludeUploadId?: number): Promise<{ usedBytes: number; usedFiles: number }> {
    const [stored] = await this.orm
      .select({ bytes: sql<number>`coalesce(sum(${fileContents.size}), 0)`, files: sql<number>`count(*)` })
      .from(fileInfos)
      .innerJoin(fileContents, eq(fileContents.sha256, fileInfos.contentSha256))
      .where(eq(fileInfos.userId, userId));
    const [pending] = await this.orm
      .select({ bytes: sql<number>`coalesce(sum(${uploads.totalSize}), 0)`, files: sql<number>`count(*)` })
      .from(uploads)
      .where(and(eq(uploads.userId, userId), ne(uploads.state, 'complete'), excludeUploadId === undefined ? undefined : ne(uploads.id, excludeUploadId)));
    return { usedBytes: num(stored?.bytes) + num(pending?.bytes), usedFiles: num(stored?.files) + num(pending?.files) };
  }

  async staleUploads(before: number): Promise<Array<{ id: number; storeUploadId: string | null }>> {
    return this.orm
      .select({ id: uploads.id, storeUploadId: uploads.storeUploadId })
      .from(uploads)
      .where(and(ne(uploads.state, 'complete'), lt(uploads.updatedAt, before), or(isNull(uploads.leaseUntil), lt(uploads.leaseUntil, before))));
  }

  async liveUploadIds(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.orm.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, ids));
    return new Set(rows.map((r) => r.id));
  }

  async deleteExpiredChallenges(now: number): Promise<void> {
    await this.orm.delete(fileChallenges).where(lt(fileChallenges.expiresAt, now));
  }

  async expiredGrants(before: number): Promise<string[]> {
    const rows = await this.orm.select({ key: objectGrants.objectKey }).from(objectGrants).where(lt(objectGrants.expiresAt, before));
    return rows.map((r) => r.key);
  }

  private async fileInfos(where: SQL | undefined, order: SQL[] = [], limit?: number): Promise<FileInfoRow[]> {
    const query = this.orm
      .select({
        id: fileInfos.id,
        userId: fileInfos.userId,
        fileName: fileInfos.fileName,
        extension: fileInfos.extension,
        categoryCode: fileInfos.categoryCode,
        supportSourceFlag: fileInfos.supportSourceFlag,
        businessCode: fileInfos.businessCode,
        createdAt: fileInfos.createdAt,
        content: contentColumns,
      })
      .from(fileInfos)
      .innerJoin(fileContents, eq(fileContents.sha256, fileInfos.contentSha256))
      .where(where)
      .orderBy(...order);
    return limit === undefined ? query : query.limit(limit);
  }
}

async function insertContent(db: Orm | Tx, content: ContentRow, now: number): Promise<void> {
  await db
    .insert(fileContents)
    .values({ ...content, createdAt: now })
    .onConflictDoNothing({ target: fileContents.sha256 });
}

async function insertFileInfo(db: Orm | Tx, info: NewFileInfo, now: number): Promise<void> {
  await db
    .insert(fileInfos)
    .values({ ...info, createdAt: now })
    .onConflictDoNothing({ target: fileInfos.id });
}
