/**
 * Receiving chunks (POST /api/file/v1/file/block) and answering the chunk map (upload/status).
 * An upload is keyed by user + fileMd5 + totalSize + extension. Chunks are idempotent: the same bytes
 * again are a no-op, other bytes for a held index are refused (4090006) and the first are kept.
 * Chunks go to the upload's data file on disk, or with S3 storage to the parts of a multipart upload
 * (multipartUploads.ts); either way every fact about the upload is in the database, so the chunks of
 * one upload may arrive at different server processes, in any order.
 */
import type { Readable } from 'node:stream';
import { Codes } from '@dscloud/sdk/errors';
import { AppError } from '../http/appError.js';
import type { FileConfig } from './fileConfig.js';
import type { FileStore } from './fileStore.js';
import type { FileInfoRow, FileRepo, UploadRow } from './fileRepo.js';
import type { Assembler } from './assembler.js';
import { digestStream, TooManyBytesError } from './streamDigest.js';
import { contentMatchesExtension } from './contentSniff.js';
import type { FileHashes } from './fileHashes.js';
import { KeyedLock } from './keyedLock.js';
import type { ChunkClaims } from './chunkClaims.js';
import type { MultipartUploads } from './multipartUploads.js';
import { MIN_PART_SIZE } from './s3Multipart.js';
import type { Digest } from './streamDigest.js';
import { isStorageFull, storageFull } from './storageErrors.js';
import type { QuotaOwner, UploadQuotas } from './uploadQuota.js';
import { checkChunkPlan, chunkSpan, checkExtension, checkFileName, checkMd5, checkTotalSize, expectedChunkBytes, extensionOf } from './uploadRules.js';

export interface ChunkFields {
  chunkSize: number;
  extension?: string;
  fileMd5: string;
  fileName: string;
  totalSize: number;
  supportSourceFlag: number;
  fileInfoId?: number;
  businessCode?: string;
  chunk: number;
  chunks: number;
}

export interface ChunkResult {
  fileInfoId: number;
  fileInfo?: FileInfoRow;
}

export interface StatusResult {
  fileInfoId: number;
  chunkSize: number;
  chunks: number;
  received: number[];
  fileInfo?: FileInfoRow;
}

const conflict = (detail: string) => new AppError(Codes.CHUNK_CONFLICT, detail);

export class ChunkService {
  constructor(
    private readonly config: FileConfig,
    private readonly store: FileStore,
    private readonly repo: FileRepo,
    private readonly assembler: Assembler,
    private readonly hashes: FileHashes,
    private readonly now: () => number,
    private readonly log: (err: unknown) => void,
    private readonly quotas: UploadQuotas,
    private readonly claims: ChunkClaims,
    private readonly multipart?: MultipartUploads,
  ) {}

  private readonly locks = new KeyedLock();
  /** Chunks of each upload being received by this process right now. */
  private readonly receiving = new Map<number, number>();

  /** Drops an unfinished upload: its row, and its chunks on disk or its multipart upload on the store. */
  private async drop(upload: UploadRow): Promise<void> {
    await this.dropStored((await this.repo.deleteUpload(upload.id)) ?? upload);
  }

  /**
   * What the store holds of an upload whose row is gone: its chunk folder, or its multipart upload
   * (named by the row as it was deleted: a chunk may have started it after the caller read the row).
   */
  private async dropStored(upload: UploadRow): Promise<void> {
    if (this.multipart) await this.multipart.discard(upload.id, upload.storeUploadId).catch((err: unknown) => this.log(err));
    else await this.store.deleteUpload(String(upload.id));
  }

  /** The configured chunk size: no chunk may be larger. */
  get maxChunkSize(): number {
    return this.config.uploadChunkSize;
  }

  /**
   * Checks everything the fields alone can tell, before any byte is read. A new upload must fit the
   * owner's quota; starts of one owner are checked one at a time so that two cannot share the room left.
   */
  private async uploadFor(owner: QuotaOwner, f: ChunkFields): Promise<{ upload: UploadRow; created: boolean }> {
    const userId = owner.user.id;
    const fileName = checkFileName(f.fileName);
    const extension = checkExtension(this.config, fileName, f.extension);
    const md5 = checkMd5(f.fileMd5);
    checkTotalSize(this.config, f.totalSize);
    checkChunkPlan({ chunkSize: f.chunkSize, chunks: f.chunks, totalSize: f.totalSize }, f.chunk, this.config.uploadChunkSize);
    if (this.multipart && f.chunks > 1 && f.chunkSize < MIN_PART_SIZE) {
      throw new AppError(
        Codes.BAD_REQUEST,
        `参数 chunkSize 过小：对象存储（S3 分段上传）要求除最后一片外每片至少 ${MIN_PART_SIZE} 字节（5 MB），收到 ${f.chunkSize} 字节；请按服务器配置的分片大小上传`,
        { field: 'chunkSize' },
      );
    }
    const byKey = await this.repo.uploadByKey(userId, md5, f.totalSize, extension);
    if (f.fileInfoId !== undefined) {
      if (byKey && byKey.id === f.fileInfoId) return { upload: byKey, created: false };
      const byId = await this.repo.uploadById(f.fileInfoId, userId);
      if (byId || byKey) throw conflict(`分片冲突：fileInfoId=${f.fileInfoId} 与这次上传的文件（MD5、大小或扩展名）不符，请重新查询上传状态`);
      throw new AppError(Codes.NOT_FOUND, `上传任务不存在或已过期：fileInfoId=${f.fileInfoId}，请重新开始上传`);
    }
    if (byKey) return { upload: byKey, created: false };
    return this.locks.run(`quota:${userId}`, async () => {
      const again = await this.repo.uploadByKey(userId, md5, f.totalSize, extension);
      if (again) return { upload: again, created: false };
      await this.quotas.ensureRoom(owner, f.totalSize);
      const upload = await this.repo.createUpload(
      {
        id: await this.repo.nextId(),
        userId,
        fileMd5: md5,
        totalSize: f.totalSize,
        extension,
        fileName,
        chunkSize: f.chunkSize,
        chunks: f.chunks,
        supportSourceFlag: f.supportSourceFlag,
        businessCode: f.businessCode ?? null,
      },
      this.now(),
      );
      return { upload, created: true };
    });
  }

  /**
   * Every further chunk re-checks the quota (it may have been lowered, or another server process
   * started an upload at the same moment); an upload that no longer fits is refused and its chunks removed.
   */
  private async stillFits(owner: QuotaOwner, upload: UploadRow): Promise<void> {
    try {
      await this.quotas.ensureRoom(owner, upload.totalSize, upload.id);
    } catch (err) {
      await this.drop(upload);
      throw err;
    }
  }

  async receive(owner: QuotaOwner, f: ChunkFields, bytes: Readable): Promise<ChunkResult> {
    const userId = owner.user.id;
    const { upload, created } = await this.uploadFor(owner, f);
    if (upload.state === 'complete') {
      await digestStream(bytes, undefined, { md5: false }).catch(() => undefined);
      return { fileInfoId: upload.id, fileInfo: (await this.repo.fileInfo(upload.id, userId)) ?? undefined };
    }
    this.receiving.set(upload.id, (this.receiving.get(upload.id) ?? 0) + 1);
    let failure: { error: unknown } | undefined;
    try {
      return await this.receiveInto(owner, f, bytes, upload, created);
    } catch (error) {
      failure = { error };
      throw error;
    } finally {
      const left = this.receiving.get(upload.id)! - 1;
      if (left > 0) this.receiving.set(upload.id, left);
      else this.receiving.delete(upload.id);
      if (failure) await this.afterFailure(upload, failure.error, left);
    }
  }

  /**
   * A refused, failed or abandoned chunk gives back what its upload reserved of the quota at once when
   * nothing of the upload is kept: no chunk held and no other chunk on its way (in this process, or
   * claimed by another). Content of another type than the name says can never be stored: that upload
   * goes whatever it holds, as one whose MD5 is wrong. A chunk of an upload that went meanwhile
   * (cancelled, refused) is refused in words, not with the database's complaint.
   */
  private async afterFailure(upload: UploadRow, error: unknown, othersHere: number): Promise<void> {
    if (error instanceof AppError) {
      if (error.status === Codes.FILE_EXTENSION_MISMATCH) await this.drop(upload).catch((err: unknown) => this.log(err));
      else if (othersHere === 0) await this.releaseIfEmpty(upload);
      return;
    }
    const gone = !(await this.repo.uploadById(upload.id, upload.userId).catch(() => upload));
    if (gone) throw new AppError(Codes.UPLOAD_FAILED, '上传任务已结束（已取消、文件校验未通过或已过期），请查询上传状态后重新上传', { cause: error });
    if (othersHere === 0) await this.releaseIfEmpty(upload);
  }

  private async releaseIfEmpty(upload: UploadRow): Promise<void> {
    try {
      const emptied = await this.repo.deleteUploadIfEmpty(upload.id, this.now());
      if (emptied) await this.dropStored(emptied);
    } catch (err) {
      this.log(err);
    }
  }

  /** Cancels the caller's unfinished upload of this file: its row, chunks and reserved room go at once. */
  async cancel(userId: string, q: { fileMd5: string; fileName: string; totalSize: number }): Promise<boolean> {
    const md5 = checkMd5(q.fileMd5);
    const extension = extensionOf(checkFileName(q.fileName));
    const upload = await this.repo.deleteUnfinished(userId, md5, q.totalSize, extension, this.now());
    if (!upload) return false;
    await this.dropStored(upload).catch((err: unknown) => this.log(err));
    return true;
  }

  private async receiveInto(owner: QuotaOwner, f: ChunkFields, bytes: Readable, upload: UploadRow, created: boolean): Promise<ChunkResult> {
    if (!created) await this.stillFits(owner, upload);
    if (upload.chunkSize !== f.chunkSize) {
      throw conflict(`分片冲突：这个文件的上传已按每片 ${upload.chunkSize} 字节开始，本次分片大小为 ${f.chunkSize} 字节；请查询上传状态后按 ${upload.chunkSize} 字节续传`);
    }
    const plan = { chunkSize: upload.chunkSize, chunks: upload.chunks, totalSize: upload.totalSize };
    const expected = expectedChunkBytes(plan, f.chunk);
    const wrongSize = (size: number | 'more') =>
      new AppError(Codes.BAD_REQUEST, `分片 ${f.chunk} 的大小应为 ${expected} 字节（除最后一片外每片等于 chunkSize），收到 ${size === 'more' ? `超过 ${expected}` : size} 字节`);
    const id = String(upload.id);

    // One send of an index at a time, across processes: a second send waits, then finds the chunk held (or not).
    await this.claims.run(upload.id, f.chunk, async () => {
      const held = await this.repo.chunk(upload.id, f.chunk);
      if (held) {
        const digest = await digestStream(bytes, expected, { md5: false }).catch((err: unknown) => {
          throw err instanceof TooManyBytesError ? wrongSize('more') : err;
        });
        if (digest.sha256 !== held.sha256) throw conflict(`分片冲突：分片 ${f.chunk} 已收到不同的内容，服务器保留先收到的分片`);
        return;
      }
      const span = chunkSpan(plan, f.chunk);
      const checkHead = async (stored: Digest) => {
        if (stored.size !== expected) throw wrongSize(stored.size);
        if (f.chunk === 0 && !(await contentMatchesExtension(upload.extension, stored.head))) {
          throw new AppError(Codes.FILE_EXTENSION_MISMATCH, `上传的文件格式不匹配：文件内容不是 .${upload.extension} 格式`);
        }
      };
      // The chunk that is next in order (the first, and the last, which the SDK sends alone) is hashed
      // into the whole-file hash while it arrives; it counts only once `held` below (FileHashes).
      const streaming = this.multipart ? undefined : this.hashes.begin(id, this.store.dataPath(id), f.chunk);
      try {
        const write = this.multipart
          ? this.multipart.putPart(upload, f.chunk, bytes, expected, checkHead)
          : this.store.putChunk(id, span.start, bytes, expected, streaming?.written).then(async (d) => (await checkHead(d), { ...d, etag: null }));
        const stored = await write.catch((err: unknown) => {
          if (err instanceof TooManyBytesError) throw wrongSize('more');
          if (isStorageFull(err)) {
            this.log(err);
            throw storageFull(`分片 ${f.chunk} 未保存（已收到的分片均已保留，可稍后续传）`, err);
          }
          throw err;
        });
        // Bytes that are not acknowledged are written over by the next send of this index.
        const inserted = await this.repo.insertChunk(upload.id, { index: f.chunk, size: stored.size, sha256: stored.sha256, etag: stored.etag }, this.now());
        if (!inserted) {
          const winner = await this.repo.chunk(upload.id, f.chunk);
          if (winner && winner.sha256 !== stored.sha256) throw conflict(`分片冲突：分片 ${f.chunk} 已收到不同的内容，服务器保留先收到的分片`);
        }
        if (!this.multipart) this.hashes.held(id, this.store.dataPath(id), span);
      } finally {
        streaming?.end();
      }
    });

    if ((await this.repo.countChunks(upload.id)) < upload.chunks) return { fileInfoId: upload.id };
    try {
      const fileInfo = await this.assembler.complete(upload);
      return { fileInfoId: upload.id, fileInfo: fileInfo ?? undefined };
    } catch (err) {
      if (err instanceof AppError) throw err;
      this.log(err);
      if (isStorageFull(err)) throw storageFull('文件合并未完成（已收到的分片均已保留）', err);
      throw new AppError(Codes.UPLOAD_FAILED, '文件合并失败，请稍后重试（已收到的分片均已保留）', { cause: err });
    }
  }

  async status(userId: string, q: { fileMd5: string; fileName: string; totalSize: number; chunkSize: number }): Promise<StatusResult> {
    const md5 = checkMd5(q.fileMd5);
    const extension = extensionOf(checkFileName(q.fileName));
    const upload = await this.repo.uploadByKey(userId, md5, q.totalSize, extension);
    if (!upload) {
      let chunkSize = q.chunkSize > 0 ? q.chunkSize : this.config.uploadChunkSize;
      // S3 parts are at least 5 MiB: a client that asks first is told the size to cut by.
      if (this.multipart && chunkSize < MIN_PART_SIZE && q.totalSize > chunkSize) chunkSize = Math.min(MIN_PART_SIZE, this.config.uploadChunkSize);
      return { fileInfoId: -1, chunkSize, chunks: Math.max(1, Math.ceil(q.totalSize / chunkSize)), received: [] };
    }
    const base = { fileInfoId: upload.id, chunkSize: upload.chunkSize, chunks: upload.chunks };
    if (upload.state === 'complete') {
      const fileInfo = await this.repo.fileInfo(upload.id, userId);
      return { ...base, received: Array.from({ length: upload.chunks }, (_, i) => i), fileInfo: fileInfo ?? undefined };
    }
    return { ...base, received: (await this.repo.chunks(upload.id)).map((c) => c.index) };
  }
}
