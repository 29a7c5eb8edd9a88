/**
 * Turns a fully received upload into a stored file. On disk the chunks already sit in order in the
 * upload's data file, and FileHashes has hashed them while they arrived (MD5 against the client's,
 * sha256 for the content address); the verified file is moved into the store. With S3 the parts are
 * joined on the store (multipartUploads.ts) and the object is read back once to verify its MD5.
 * A wrong MD5 drops the partial upload (contracts.md): the client starts again.
 *
 * One process assembles an upload at a time, across processes: the upload row's `assembling` state
 * with a lease (renewed while it runs, taken over once lapsed after a crash). A request of another
 * process that finds the upload assembling waits for the outcome instead of answering without it.
 */
import { Codes } from '@dscloud/sdk/errors';
import { AppError } from '../http/appError.js';
import type { FileStore } from './fileStore.js';
import type { FileInfoRow, FileRepo, UploadRow } from './fileRepo.js';
import type { FileHashes } from './fileHashes.js';
import { ingestContent } from './contentIngest.js';
import { categoryOf } from './fileInfoView.js';
import { chunkSpan } from './uploadRules.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { mimeOf } from './contentSniff.js';
import type { ContentRow, ChunkRow } from './fileRows.js';
import type { Digest } from './streamDigest.js';
import type { MultipartUploads } from './multipartUploads.js';

const LEASE_MS = 120_000;
const WAIT_MS = 200;

function mismatch(upload: UploadRow, digest: Digest): AppError {
  return new AppError(
    Codes.FILE_MD5_MISMATCH,
    `文件校验失败，请重新上传：收到的内容 MD5 为 ${digest.md5}，与声明的 ${upload.fileMd5} 不一致；已收到的分片已丢弃`,
  );
}

export class Assembler {
  private readonly running = new Map<number, Promise<FileInfoRow | null>>();

  constructor(
    private readonly store: FileStore,
    private readonly repo: FileRepo,
    private readonly hashes: FileHashes,
    private readonly now: () => number,
    private readonly multipart?: MultipartUploads,
    /** Told of each content once stored (the picture copies are queued from here). */
    private readonly stored: (content: ContentRow, fileName: string) => void = () => undefined,
  ) {}

  /** The stored file, or null when the upload turned out not to be complete. */
  complete(upload: UploadRow): Promise<FileInfoRow | null> {
    const existing = this.running.get(upload.id);
    if (existing) return existing;
    const run = this.run(upload).finally(() => this.running.delete(upload.id));
    this.running.set(upload.id, run);
    return run;
  }

  private async run(upload: UploadRow): Promise<FileInfoRow | null> {
    while (!(await this.repo.claimAssembly(upload.id, this.now(), LEASE_MS))) {
      const current = await this.repo.uploadById(upload.id, upload.userId);
      if (!current) throw new AppError(Codes.UPLOAD_FAILED, '上传任务已结束（文件校验未通过或已过期），请查询上传状态后重新上传');
      if (current.state === 'complete') return this.repo.fileInfo(upload.id, upload.userId);
      // Another process assembles it: wait for its outcome (or for its lease to lapse).
      if (current.state === 'assembling') await sleep(WAIT_MS);
    }
    const renew = setInterval(() => void this.repo.renewLease(upload.id, this.now(), LEASE_MS).catch(() => undefined), LEASE_MS / 4);
    renew.unref();
    const id = String(upload.id);
    try {
      const chunks = await this.repo.chunks(upload.id);
      if (chunks.length !== upload.chunks) {
        await this.repo.releaseAssembly(upload.id, this.now());
        return null;
      }
      const content = this.multipart ? await this.onStore(upload, chunks, this.multipart) : await this.onDisk(upload, chunks);
      await this.repo.completeUpload(
        upload.id,
        content,
        {
          id: upload.id,
          userId: upload.userId,
          contentSha256: content.sha256,
          fileName: upload.fileName,
          extension: upload.extension,
          categoryCode: categoryOf(upload.extension),
          supportSourceFlag: upload.supportSourceFlag,
          businessCode: upload.businessCode,
        },
        this.now(),
      );
      if (!this.multipart) await this.store.deleteUpload(id);
      this.stored(content, upload.fileName);
      return this.repo.fileInfo(upload.id, upload.userId);
    } catch (err) {
      // Released for the next try unless the upload was refused for good (and dropped); an object
      // store that is away (503) is tried again.
      if (!(err instanceof AppError) || err.status === Codes.UNAVAILABLE) await this.repo.releaseAssembly(upload.id, this.now()).catch(() => undefined);
      throw err;
    } finally {
      clearInterval(renew);
    }
  }

  private async onDisk(upload: UploadRow, chunks: ChunkRow[]): Promise<ContentRow> {
    const id = String(upload.id);
    const file = this.store.dataPath(id);
    const digest = await this.hashes.digest(id, file, chunks.map((c) => chunkSpan(upload, c.index)));
    if (digest.md5 !== upload.fileMd5 || digest.size !== upload.totalSize) {
      await this.repo.deleteUpload(upload.id);
      await this.store.deleteUpload(id);
      throw mismatch(upload, digest);
    }
    return ingestContent(this.store, this.repo, digest, upload.extension, file);
  }

  /** Joins the parts on the store, then reads the object back once for its MD5 and sha256. */
  private async onStore(upload: UploadRow, chunks: ChunkRow[], multipart: MultipartUploads): Promise<ContentRow> {
    const current = (await this.repo.uploadById(upload.id, upload.userId)) ?? upload;
    const key = await multipart.complete(current, chunks);
    const digest = await multipart.digestObject(key);
    if (digest.md5 !== upload.fileMd5 || digest.size !== upload.totalSize) {
      await this.repo.deleteUpload(upload.id);
      await multipart.discard(upload.id, null);
      throw mismatch(upload, digest);
    }
    // Content already stored (another upload of the same bytes): the joined copy is not kept.
    const known = await this.repo.contentBySha(digest.sha256);
    if (known && known.storageKey !== key && (await this.store.exists(known.storageKey))) {
      await this.store.delete(key);
      return known;
    }
    return { sha256: digest.sha256, md5: digest.md5, size: digest.size, store: 's3', storageKey: key, mime: mimeOf(upload.extension) };
  }
}
