/**
 * Turns a fully received upload into a stored file. The chunks already sit in order in the upload's
 * data file, and FileHashes has hashed them while they arrived (MD5 against the client's, sha256 for
 * the content address). Only a verified file enters the store: moved there whole on local disk,
 * streamed to S3. A wrong MD5 drops the partial upload (contracts.md): the client starts again.
 */
import { Codes } from '@dscloud/sdk/errors';
import { AppError } from '../http/appError.js';
import type { FileStore } from './fileStore.js';
import type { FileInfoRow, FileRepo, UploadRow } from './fileRepo.js';
import type { FileHashes } from './fileHashes.js';
import { ingestContent } from './contentIngest.js';
import { categoryOf } from './fileInfoView.js';
import { chunkSpan } from './uploadRules.js';

const LEASE_MS = 120_000;

export class Assembler {
  private readonly running = new Map<number, Promise<FileInfoRow | null>>();

  constructor(
    private readonly store: FileStore,
    private readonly repo: FileRepo,
    private readonly hashes: FileHashes,
    private readonly now: () => number,
  ) {}

  /** The stored file, or null when another process holds the assembly (the client asks status later). */
  complete(upload: UploadRow): Promise<FileInfoRow | null> {
    const existing = this.running.get(upload.id);
    if (existing) return existing;
    const run = this.run(upload).finally(() => this.running.delete(upload.id));
    this.running.set(upload.id, run);
    return run;
  }

  private async run(upload: UploadRow): Promise<FileInfoRow | null> {
    if (!(await this.repo.claimAssembly(upload.id, this.now(), LEASE_MS))) {
      const current = await this.repo.uploadById(upload.id, upload.userId);
      return current?.state === 'complete' ? this.repo.fileInfo(upload.id, upload.userId) : null;
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
      const file = this.store.dataPath(id);
      const digest = await this.hashes.digest(id, file, chunks.map((c) => chunkSpan(upload, c.index)));
      if (digest.md5 !== upload.fileMd5 || digest.size !== upload.totalSize) {
        await this.repo.deleteUpload(upload.id);
        await this.store.deleteUpload(id);
        throw new AppError(
          Codes.FILE_MD5_MISMATCH,
          `文件校验失败，请重新上传：收到的内容 MD5 为 ${digest.md5}，与声明的 ${upload.fileMd5} 不一致；已收到的分片已丢弃`,
        );
      }
      const content = await ingestContent(this.store, this.repo, digest, upload.extension, file);
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
      await this.store.deleteUpload(id);
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
}
