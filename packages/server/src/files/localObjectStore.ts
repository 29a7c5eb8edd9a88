/**
 * Completed files on local disk under `<filesDir>/<key>` (content keys are `ab/cd/<sha256>`).
 * Writes go to `<filesDir>/tmp` first and are renamed into place after fsync.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, stat, unlink } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type ObjectStat, type ObjectStore } from './fileStore.js';
import { fsyncPath } from './localChunkStore.js';

export class LocalObjectStore implements ObjectStore {
  readonly kind = 'local' as const;

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, bytes: Readable, size: number): Promise<void> {
    const target = this.pathOf(key);
    const tmpDir = path.join(this.root, 'tmp');
    await mkdir(tmpDir, { recursive: true });
    await mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(tmpDir, `${randomBytes(12).toString('hex')}.part`);
    try {
      await pipeline(bytes, createWriteStream(temp, { flags: 'wx' }));
      const written = (await stat(temp)).size;
      if (written !== size) throw new Error(`wrote ${written} bytes, expected ${size}`);
      await fsyncPath(temp);
      await rename(temp, target);
      await fsyncPath(path.dirname(target));
    } catch (err) {
      await unlink(temp).catch(() => undefined);
      throw err;
    }
  }

  async adopt(key: string, localFile: string, size: number): Promise<void> {
    const target = this.pathOf(key);
    const written = (await stat(localFile)).size;
    if (written !== size) throw new Error(`the file holds ${written} bytes, expected ${size}`);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(localFile, target);
    await fsyncPath(path.dirname(target));
  }

  async readRange(key: string, start: number, end: number): Promise<Readable> {
    const file = this.pathOf(key);
    await stat(file);
    return createReadStream(file, { start, end });
  }

  async stat(key: string): Promise<ObjectStat | null> {
    const info = await stat(this.pathOf(key)).catch(() => null);
    return info?.isFile() ? { size: info.size } : null;
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }

  async move(from: string, to: string): Promise<void> {
    const target = this.pathOf(to);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(this.pathOf(from), target);
  }
}
