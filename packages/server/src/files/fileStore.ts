/**
 * The storage seam of the file service. Completed files live in an ObjectStore: local disk by
 * default, an S3-compatible bucket when configured. Partial uploads (chunks) live on disk under
 * DATA_DIR with disk storage; with S3 they are multipart uploads on the bucket (multipartUploads.ts),
 * and the ChunkStore below is not used for them. Keys are made by the server only (never from a
 * user's file name).
 */
import type { Readable } from 'node:stream';
import type { Digest } from './streamDigest.js';

export type StoredChunk = Digest;

export interface ChunkStore {
  /**
   * Writes a chunk durably at `offset` of the upload's data file (fdatasync before it resolves) and
   * answers its sha256, size and first bytes (no MD5); throws TooManyBytesError beyond `limit`.
   */
  putChunk(uploadId: string, offset: number, bytes: Readable, limit: number, written?: (start: number, end: number) => void): Promise<StoredChunk>;
  /** The upload's data file: the whole file once every chunk is in. */
  dataPath(uploadId: string): string;
  deleteUpload(uploadId: string): Promise<void>;
  /** Upload folders on disk, for sweeping folders whose upload is gone. */
  listUploads(): Promise<Array<{ uploadId: string; mtimeMs: number }>>;
}

export interface ObjectStat {
  size: number;
}

export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** Stores `size` bytes under `key`; readers never see a partly written object. */
  put(key: string, bytes: Readable, size: number): Promise<void>;
  /** Bytes `[start, end]` (inclusive, as in HTTP ranges). */
  readRange(key: string, start: number, end: number): Promise<Readable>;
  stat(key: string): Promise<ObjectStat | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Renames (local) or copies then deletes (S3). */
  move(from: string, to: string): Promise<void>;
  /**
   * Takes over a complete, durable local file as `key` by renaming it (no copy). Only a store on the
   * same disk has it; others get the bytes through `put`.
   */
  adopt?(key: string, localFile: string, size: number): Promise<void>;
}

export interface FileStore extends ChunkStore, ObjectStore {}

/** Where a completed file with this sha256 lives: `ab/cd/<sha256>`. */
/** A stored object of `size` bytes, whole, in memory (small objects: lists, manifests, pictures to scale). */
export async function readStored(store: ObjectStore, key: string, size: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of await store.readRange(key, 0, size - 1)) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

export function contentKey(sha256: string): string {
  return `${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
}

const SAFE_KEY = /^(?!.*\.\.)[a-z0-9][a-z0-9/_-]{0,255}$/;

/** Refuses anything but the server's own key shapes, so no key can climb out of the store's root. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('//') || key.endsWith('/')) throw new Error(`unsafe storage key: ${key}`);
}

export function combineStores(chunks: ChunkStore, objects: ObjectStore): FileStore {
  return {
    kind: objects.kind,
    putChunk: chunks.putChunk.bind(chunks),
    dataPath: chunks.dataPath.bind(chunks),
    deleteUpload: chunks.deleteUpload.bind(chunks),
    listUploads: chunks.listUploads.bind(chunks),
    put: objects.put.bind(objects),
    readRange: objects.readRange.bind(objects),
    stat: objects.stat.bind(objects),
    exists: objects.exists.bind(objects),
    delete: objects.delete.bind(objects),
    move: objects.move.bind(objects),
    adopt: objects.adopt?.bind(objects),
  };
}
