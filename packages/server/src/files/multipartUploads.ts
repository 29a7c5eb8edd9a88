/**
 * Chunked uploads with S3 storage: chunk `i` of an upload is part `i + 1` of one S3 multipart upload
 * of the object `assembled/<uploadId>`, so any server process can receive any chunk, and completing
 * the upload joins the parts on the store (no byte goes through a server's disk). The multipart
 * upload's id and each part's ETag are kept in the database (migrations/0097); a chunk is
 * acknowledged only once its part is stored and its row written.
 *
 * Parts must be at least 5 MiB except the last, so with S3 a chunked upload's chunk size is at least
 * 5 MiB (uploadRules: the advertised size is the configured one, at least 5 MB with S3).
 *
 * A chunk is read into memory before it goes to the store: UploadPart needs its exact length up
 * front, and the chunk is checked (size, first bytes, sha256) before anything is written.
 */
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileRepo, UploadRow } from './fileRepo.js';
import type { S3Client } from './s3Client.js';
import { abortMultipartUpload, completeMultipartUpload, createMultipartUpload, uploadPart } from './s3Multipart.js';
import { DigestTap, digestStream, type Digest } from './streamDigest.js';

export interface StoredPart extends Digest {
  etag: string;
}

/** Where the parts of an upload are joined; the object stays there as the file's content. */
export const assembledKey = (uploadId: number) => `assembled/${uploadId}`;

export class MultipartUploads {
  constructor(
    private readonly client: S3Client,
    private readonly repo: FileRepo,
  ) {}

  /**
   * The upload's multipart upload on the store, started by the first chunk to arrive. Two processes
   * starting it at once both create one; the first recorded wins and the other is aborted at once.
   */
  private async storeUploadId(upload: UploadRow): Promise<string> {
    if (upload.storeUploadId) return upload.storeUploadId;
    const key = assembledKey(upload.id);
    const created = await createMultipartUpload(this.client, key);
    const recorded = await this.repo.setStoreUploadId(upload.id, created);
    if (recorded !== created) await abortMultipartUpload(this.client, key, created).catch(() => undefined);
    if (!recorded) throw new Error(`upload ${upload.id} is gone`);
    upload.storeUploadId = recorded;
    return recorded;
  }

  /** Reads the chunk (at most `limit` bytes, else TooManyBytesError) and stores it as its part. */
  async putPart(upload: UploadRow, index: number, bytes: Readable, limit: number, check: (d: Digest) => Promise<void>): Promise<StoredPart> {
    const tap = new DigestTap(limit, { md5: false });
    const parts: Buffer[] = [];
    await pipeline(bytes, tap, new Writable({ write: (c: Buffer, _e, cb) => (parts.push(c), cb()) }));
    const digest = tap.digest();
    await check(digest);
    const storeUploadId = await this.storeUploadId(upload);
    const etag = await uploadPart(this.client, assembledKey(upload.id), storeUploadId, index + 1, Buffer.concat(parts, digest.size));
    return { ...digest, etag };
  }

  /**
   * Joins the acknowledged parts into `assembled/<id>`. A join that already happened (the process
   * that did it died before recording it) leaves the object there: it is found and used.
   */
  async complete(upload: UploadRow, parts: Array<{ index: number; etag?: string | null }>): Promise<string> {
    const key = assembledKey(upload.id);
    if (!upload.storeUploadId) throw new Error(`upload ${upload.id} has no multipart upload on the store`);
    try {
      await completeMultipartUpload(
        this.client,
        key,
        upload.storeUploadId,
        parts.map((p) => ({ partNumber: p.index + 1, etag: p.etag ?? '' })),
      );
    } catch (err) {
      const head = await this.client.headObject(key).catch(() => null);
      if (head?.size !== upload.totalSize) throw err;
    }
    return key;
  }

  /** The whole-file MD5 and sha256, read back once from the store (the verification step). */
  digestObject(key: string): Promise<Digest> {
    return this.client.getObject(key).then((body: Readable) => digestStream(body));
  }

  /** Drops what the store holds for an upload: its unfinished multipart upload, or the joined object. */
  async discard(uploadId: number, storeUploadId: string | null): Promise<void> {
    const key = assembledKey(uploadId);
    if (storeUploadId) await abortMultipartUpload(this.client, key, storeUploadId);
    await this.client.deleteObject(key);
  }
}
