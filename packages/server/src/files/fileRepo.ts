/** All SQL of the file service (tables of migrations/0010_files.sql). */
import type { Database } from '../db/database.js';
import { contentOf, FILE_INFO_SELECT, fileInfoOf, num, uploadOf, type ChallengeRow, type ChunkRow, type ContentRow, type FileInfoRow, type Raw, type UploadRow } from './fileRows.js';

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

export class FileRepo {
  constructor(private readonly db: Database) {}

  private q<R = Raw>(sqlText: string, params: unknown[] = []): Promise<R[]> {
    return this.db.script((r) => r.query<R>(sqlText, params));
  }

  async nextId(): Promise<number> {
    const [row] = await this.q(`SELECT nextval('file_info_ids') AS id`);
    return num(row!.id);
  }

  async uploadByKey(userId: string, md5: string, totalSize: number, extension: string): Promise<UploadRow | null> {
    const rows = await this.q(`SELECT * FROM uploads WHERE user_id = $1 AND file_md5 = $2 AND total_size = $3 AND extension = $4`, [userId, md5, totalSize, extension]);
    return rows[0] ? uploadOf(rows[0]) : null;
  }

  async uploadById(id: number, userId: string): Promise<UploadRow | null> {
    const rows = await this.q(`SELECT * FROM uploads WHERE id = $1 AND user_id = $2`, [id, userId]);
    return rows[0] ? uploadOf(rows[0]) : null;
  }

  /** Creates the upload unless a parallel request just did; either way returns the one row. */
  async createUpload(u: Omit<UploadRow, 'state' | 'updatedAt'>, now: number): Promise<UploadRow> {
    await this.q(
      `INSERT INTO uploads (id, user_id, file_md5, total_size, extension, file_name, chunk_size, chunks, support_source_flag, business_code, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) ON CONFLICT (user_id, file_md5, total_size, extension) DO NOTHING`,
      [u.id, u.userId, u.fileMd5, u.totalSize, u.extension, u.fileName, u.chunkSize, u.chunks, u.supportSourceFlag, u.businessCode, now],
    );
    return (await this.uploadByKey(u.userId, u.fileMd5, u.totalSize, u.extension))!;
  }

  async chunks(uploadId: number): Promise<ChunkRow[]> {
    const rows = await this.q(`SELECT chunk_index, size, sha256 FROM upload_chunks WHERE upload_id = $1 ORDER BY chunk_index`, [uploadId]);
    return rows.map((r) => ({ index: num(r.chunk_index), size: num(r.size), sha256: String(r.sha256) }));
  }

  async chunk(uploadId: number, index: number): Promise<ChunkRow | null> {
    const rows = await this.q(`SELECT chunk_index, size, sha256 FROM upload_chunks WHERE upload_id = $1 AND chunk_index = $2`, [uploadId, index]);
    return rows[0] ? { index: num(rows[0].chunk_index), size: num(rows[0].size), sha256: String(rows[0].sha256) } : null;
  }

  /** Records a durable chunk; false when another send of this index got there first. */
  async insertChunk(uploadId: number, chunk: ChunkRow, now: number): Promise<boolean> {
    return this.db.script(async (r) => {
      const rows = await r.query(
        `INSERT INTO upload_chunks (upload_id, chunk_index, size, sha256, created_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (upload_id, chunk_index) DO NOTHING RETURNING chunk_index`,
        [uploadId, chunk.index, chunk.size, chunk.sha256, now],
      );
      await r.query(`UPDATE uploads SET updated_at = $2 WHERE id = $1`, [uploadId, now]);
      return rows.length === 1;
    });
  }

  async countChunks(uploadId: number): Promise<number> {
    const [row] = await this.q(`SELECT count(*) AS n FROM upload_chunks WHERE upload_id = $1`, [uploadId]);
    return num(row!.n);
  }

  /** Only one request assembles a file; a lease lets another take over after a crash mid-assembly. */
  async claimAssembly(uploadId: number, now: number, leaseMs: number): Promise<boolean> {
    const rows = await this.q(
      `UPDATE uploads SET state = 'assembling', lease_until = $2, updated_at = $3
       WHERE id = $1 AND (state = 'receiving' OR (state = 'assembling' AND lease_until < $3)) RETURNING id`,
      [uploadId, now + leaseMs, now],
    );
    return rows.length === 1;
  }

  async renewLease(uploadId: number, now: number, leaseMs: number): Promise<void> {
    await this.q(`UPDATE uploads SET lease_until = $2, updated_at = $3 WHERE id = $1 AND state = 'assembling'`, [uploadId, now + leaseMs, now]);
  }

  async releaseAssembly(uploadId: number, now: number): Promise<void> {
    await this.q(`UPDATE uploads SET state = 'receiving', lease_until = NULL, updated_at = $2 WHERE id = $1 AND state = 'assembling'`, [uploadId, now]);
  }

  async deleteUpload(uploadId: number): Promise<void> {
    await this.q(`DELETE FROM uploads WHERE id = $1`, [uploadId]);
  }

  /** Content row (kept if it already exists), the caller's file info and the upload's end, atomically. */
  async completeUpload(uploadId: number, content: ContentRow, info: NewFileInfo, now: number): Promise<void> {
    await this.db.script(async (r) => {
      await r.query(
        `INSERT INTO file_contents (sha256, md5, size, store, storage_key, mime, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (sha256) DO NOTHING`,
        [content.sha256, content.md5, content.size, content.store, content.storageKey, content.mime, now],
      );
      await this.insertFileInfoWith(r.query.bind(r), info, now);
      await r.query(`UPDATE uploads SET state = 'complete', lease_until = NULL, updated_at = $2 WHERE id = $1`, [uploadId, now]);
      await r.query(`DELETE FROM upload_chunks WHERE upload_id = $1`, [uploadId]);
    });
  }

  private async insertFileInfoWith(query: (s: string, p?: unknown[]) => Promise<unknown>, info: NewFileInfo, now: number): Promise<void> {
    await query(
      `INSERT INTO file_infos (id, user_id, content_sha256, file_name, extension, category_code, support_source_flag, business_code, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING`,
      [info.id, info.userId, info.contentSha256, info.fileName, info.extension, info.categoryCode, info.supportSourceFlag, info.businessCode, now],
    );
  }

  async insertContentAndInfo(content: ContentRow, info: NewFileInfo, now: number): Promise<void> {
    await this.db.script(async (r) => {
      await r.query(
        `INSERT INTO file_contents (sha256, md5, size, store, storage_key, mime, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (sha256) DO NOTHING`,
        [content.sha256, content.md5, content.size, content.store, content.storageKey, content.mime, now],
      );
      await this.insertFileInfoWith(r.query.bind(r), info, now);
    });
  }

  async contentBySha(sha256: string): Promise<ContentRow | null> {
    const rows = await this.q(`SELECT * FROM file_contents WHERE sha256 = $1`, [sha256]);
    return rows[0] ? contentOf(rows[0]) : null;
  }

  async contentByMd5(md5: string, size?: number): Promise<ContentRow | null> {
    const rows = size === undefined
      ? await this.q(`SELECT * FROM file_contents WHERE md5 = $1 ORDER BY created_at LIMIT 1`, [md5])
      : await this.q(`SELECT * FROM file_contents WHERE md5 = $1 AND size = $2 ORDER BY created_at LIMIT 1`, [md5, size]);
    return rows[0] ? contentOf(rows[0]) : null;
  }

  async fileInfo(id: number, userId: string): Promise<FileInfoRow | null> {
    const rows = await this.q(`${FILE_INFO_SELECT} WHERE f.id = $1 AND f.user_id = $2`, [id, userId]);
    return rows[0] ? fileInfoOf(rows[0]) : null;
  }

  /** Any user's file: only for routes that have checked the caller may see it (signed media links, lesson saves by administrators). */
  async fileInfoById(id: number): Promise<FileInfoRow | null> {
    const rows = await this.q(`${FILE_INFO_SELECT} WHERE f.id = $1`, [id]);
    return rows[0] ? fileInfoOf(rows[0]) : null;
  }

  /** The caller's most recent file with this content, preferring the same extension. */
  async ownedByMd5(userId: string, md5: string, extension: string, size?: number): Promise<FileInfoRow | null> {
    const rows = await this.q(
      `${FILE_INFO_SELECT} WHERE f.user_id = $1 AND c.md5 = $2 AND ($4::bigint IS NULL OR c.size = $4::bigint)
       ORDER BY (f.extension = $3) DESC, f.created_at DESC LIMIT 1`,
      [userId, md5, extension, size ?? null],
    );
    return rows[0] ? fileInfoOf(rows[0]) : null;
  }

  async insertFileInfo(info: NewFileInfo, now: number): Promise<void> {
    await this.insertFileInfoWith((s, p) => this.q(s, p), info, now);
  }

  async insertChallenge(c: ChallengeRow, userId: string): Promise<void> {
    await this.q(
      `INSERT INTO file_challenges (id, user_id, md5, content_sha256, range_offset, range_length, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [c.id, userId, c.md5, c.contentSha256, c.offset, c.length, c.expiresAt],
    );
  }

  /** Deletes and returns the challenge: it can be answered once, right or wrong. */
  async consumeChallenge(id: string, userId: string): Promise<ChallengeRow | null> {
    const rows = await this.q(`DELETE FROM file_challenges WHERE id = $1 AND user_id = $2 RETURNING *`, [id, userId]);
    const r = rows[0];
    return r
      ? { id: String(r.id), md5: String(r.md5), contentSha256: String(r.content_sha256), offset: num(r.range_offset), length: num(r.range_length), expiresAt: num(r.expires_at) }
      : null;
  }

  async insertGrant(key: string, userId: string, md5: string, businessCode: string | null, expiresAt: number, now: number): Promise<void> {
    await this.q(
      `INSERT INTO object_grants (object_key, user_id, file_md5, business_code, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [key, userId, md5, businessCode, expiresAt, now],
    );
  }

  async grant(key: string, userId: string): Promise<{ fileMd5: string; expiresAt: number; fileInfoId: number | null } | null> {
    const rows = await this.q(`SELECT file_md5, expires_at, file_info_id FROM object_grants WHERE object_key = $1 AND user_id = $2`, [key, userId]);
    const r = rows[0];
    return r ? { fileMd5: String(r.file_md5), expiresAt: num(r.expires_at), fileInfoId: r.file_info_id == null ? null : num(r.file_info_id) } : null;
  }

  /** Marks the grant used; false when a parallel save already did. */
  async useGrant(key: string, fileInfoId: number): Promise<boolean> {
    const rows = await this.q(`UPDATE object_grants SET file_info_id = $2 WHERE object_key = $1 AND file_info_id IS NULL RETURNING object_key`, [key, fileInfoId]);
    return rows.length === 1;
  }

  async deleteGrant(key: string): Promise<void> {
    await this.q(`DELETE FROM object_grants WHERE object_key = $1`, [key]);
  }

  async staleUploads(before: number): Promise<number[]> {
    const rows = await this.q(`SELECT id FROM uploads WHERE state <> 'complete' AND updated_at < $1 AND (lease_until IS NULL OR lease_until < $1)`, [before]);
    return rows.map((r) => num(r.id));
  }

  async liveUploadIds(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.q(`SELECT id FROM uploads WHERE id = ANY($1::bigint[])`, [ids]);
    return new Set(rows.map((r) => num(r.id)));
  }

  async deleteExpiredChallenges(now: number): Promise<void> {
    await this.q(`DELETE FROM file_challenges WHERE expires_at < $1`, [now]);
  }

  async expiredGrants(before: number): Promise<string[]> {
    const rows = await this.q(`SELECT object_key FROM object_grants WHERE expires_at < $1`, [before]);
    return rows.map((r) => String(r.object_key));
  }
}
