/**
 * Chunks of partial uploads under `<filesDir>/uploads/<uploadId>/<index>.<sha256>`. A chunk is
 * written to a temp file, fsynced and renamed, so a crash never leaves a half chunk under its final
 * name; naming it by its sha256 means two racing sends of one index never overwrite each other.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ChunkStore, StoredChunk } from './fileStore.js';
import { DigestTap } from './streamDigest.js';

const UPLOAD_ID = /^\d{1,19}$/;
const SHA256 = /^[0-9a-f]{64}$/;

export async function fsyncPath(target: string): Promise<void> {
  const handle = await open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export class LocalChunkStore implements ChunkStore {
  private readonly root: string;

  constructor(filesDir: string) {
    this.root = path.join(filesDir, 'uploads');
  }

  private dir(uploadId: string): string {
    if (!UPLOAD_ID.test(uploadId)) throw new Error(`bad upload id ${uploadId}`);
    return path.join(this.root, uploadId);
  }

  private file(uploadId: string, index: number, sha256: string): string {
    if (!Number.isInteger(index) || index < 0 || !SHA256.test(sha256)) throw new Error('bad chunk name');
    return path.join(this.dir(uploadId), `${index}.${sha256}`);
  }

  async putChunk(uploadId: string, index: number, bytes: Readable, limit: number): Promise<StoredChunk> {
    const dir = this.dir(uploadId);
    await mkdir(dir, { recursive: true });
    const temp = path.join(dir, `.${index}.${randomBytes(8).toString('hex')}.part`);
    const tap = new DigestTap(limit);
    try {
      await pipeline(bytes, tap, createWriteStream(temp, { flags: 'wx' }));
      await fsyncPath(temp);
      const digest = tap.digest();
      await rename(temp, this.file(uploadId, index, digest.sha256));
      await fsyncPath(dir);
      return digest;
    } catch (err) {
      await unlink(temp).catch(() => undefined);
      throw err;
    }
  }

  openChunk(uploadId: string, index: number, sha256: string): Readable {
    return createReadStream(this.file(uploadId, index, sha256));
  }

  async discardChunk(uploadId: string, index: number, sha256: string): Promise<void> {
    await unlink(this.file(uploadId, index, sha256)).catch(() => undefined);
  }

  async deleteUpload(uploadId: string): Promise<void> {
    await rm(this.dir(uploadId), { recursive: true, force: true });
  }

  async listUploads(): Promise<Array<{ uploadId: string; mtimeMs: number }>> {
    const names = await readdir(this.root).catch(() => [] as string[]);
    const found: Array<{ uploadId: string; mtimeMs: number }> = [];
    for (const name of names) {
      if (!UPLOAD_ID.test(name)) continue;
      const info = await stat(path.join(this.root, name)).catch(() => null);
      if (info?.isDirectory()) found.push({ uploadId: name, mtimeMs: info.mtimeMs });
    }
    return found;
  }
}
