/**
 * Turns a fully received upload into a stored file. First pass: hash the chunks in order (MD5 against
 * the client's, sha256 for the content address). Only a verified file is written to the store, in a
 * second pass. A wrong MD5 drops the partial upload (contracts.md): the client starts again.
 */
import { PassThrough, type Readable } from 'node:stream';
import { Codes } from '@dscloud/sdk/errors';
import { AppError } from '../http/appError.js';
import type { FileStore } from './fileStore.js';
import type { ChunkRow, FileInfoRow, FileRepo, UploadRow } from './fileRepo.js';
import { digestStream } from './streamDigest.js';
import { ingestContent } from './contentIngest.js';
import { categoryOf } from './fileInfoView.js';

const LEASE_MS = 120_000;

/** Streams the chunk files one after another as one file. */
export function concatChunks(store: FileStore, uploadId: string, chunks: ChunkRow[]): Readable {
  const out = new PassThrough();
  void (async () => {
    try {
      for (const chunk of chunks) {
        for await (const part of store.openChunk(uploadId, chunk.index, chunk.sha256)) {
          if (!out.write(part)) await new Promise((resolve) => out.once('drain', resolve));
        }
      }
      out.end();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

export class Assembler {
  private readonly running = new Map<number, Promise<FileInfoRow | null>>();

  constructor(
    private readonly store: FileStore,
    private readonly repo: FileRepo,
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
      // Pass 1 only hashes; the bytes are written in the second pass, once verified.
      const digest = await digestStream(concatChunks(this.store, id, chunks));
      if (digest.md5 !== upload.fileMd5 || digest.size !== upload.totalSize) {
        await this.repo.deleteUpload(upload.id);
        await this.store.deleteUpload(id);
        throw new AppError(
          Codes.FILE_MD5_MISMATCH,
          `文件校验失败，请重新上传：收到的内容 MD5 为 ${digest.md5}，与声明的 ${upload.fileMd5} 不一致；已收到的分片已丢弃`,
        );
      }
      const content = await ingestContent(this.store, this.repo, digest, upload.extension, () => concatChunks(this.store, id, chunks));
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
      if (!(err instanceof AppError)) await this.repo.releaseAssembly(upload.id, this.now()).catch(() => undefined);
      throw err;
    } finally {
      clearInterval(renew);
    }
  }
}
