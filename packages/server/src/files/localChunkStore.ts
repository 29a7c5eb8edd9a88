/**
 * Partial uploads on local disk: every chunk of upload `<id>` is written at its own offset into one
 * data file, `<filesDir>/uploads/<id>/data`, and made durable (fdatasync) before it is acknowledged.
 * Once every chunk is in, that file is the whole file: completing an upload moves it into the object
 * store instead of copying it. Bytes of a chunk that was never acknowledged (a crash or an aborted
 * request halfway) are simply written over when the chunk is sent again.
 */
import { constants, mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ChunkStore, StoredChunk } from './fileStore.js';
import { RunningDigest } from './streamDigest.js';

const UPLOAD_ID = /^\d{1,19}$/;

/** Bytes (and pieces, under the usual IOV_MAX of 1 024) gathered before one writev. */
const WRITE_BATCH = 1 << 20;
const WRITE_PIECES = 512;

/** What is left of `pieces` once the first `written` bytes are on disk (a short write). */
export function unwritten(pieces: Buffer[], written: number): Buffer[] {
  let skip = written;
  let i = 0;
  while (i < pieces.length && skip >= pieces[i]!.length) skip -= pieces[i++]!.length;
  if (i === pieces.length) return [];
  const rest = pieces.slice(i);
  if (skip > 0) rest[0] = rest[0]!.subarray(skip);
  return rest;
}

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

  dataPath(uploadId: string): string {
    return path.join(this.dir(uploadId), 'data');
  }

  /**
   * `written(start, end)`, if given, is told of each batch once it is written (not yet durable), so the
   * whole-file hash can read it from the page cache while the rest of the chunk arrives.
   */
  async putChunk(uploadId: string, offset: number, bytes: Readable, limit: number, written?: (start: number, end: number) => void): Promise<StoredChunk> {
    const dir = this.dir(uploadId);
    await mkdir(dir, { recursive: true });
    const file = this.dataPath(uploadId);
    const created = await open(file, constants.O_RDWR | constants.O_CREAT | constants.O_EXCL, 0o644).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'EEXIST') return undefined;
      throw err;
    });
    const handle = created ?? (await open(file, constants.O_RDWR));
    // Chunks need only their sha256 (the same index sent twice must carry the same bytes); the
    // whole file's MD5 is computed in order by FileHashes. Hashed in the loop that gathers the
    // writes (no stream stage of its own between the parser and the file).
    const running = new RunningDigest(limit, { md5: false });
    try {
      // Written through the FileHandle itself: no stream owns the descriptor, so it is closed exactly
      // once, below (a stream on the raw fd closed it when the pipeline failed, and the second close
      // could hit another file that had been given the same number meanwhile).
      let position = offset;
      // The write's own error (ENOSPC from a full disk): the pipeline may report it as the AbortError
      // of the source it tore down instead, which would hide a full disk behind a bare 500.
      let writeError: unknown;
      // The multipart parser hands over the body in pieces of a few KB to 64 KB; one write (a promise
      // and a trip to the thread pool) per piece cost more CPU than everything else of a chunk, hashing
      // included. Pieces are gathered up to WRITE_BATCH bytes and written with one writev each.
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async () => {
        const from = position;
        while (pending.length) {
          const { bytesWritten } = await handle.writev(pending, position).catch((err: unknown) => {
            writeError = err;
            throw err;
          });
          if (bytesWritten === 0) throw (writeError = new Error(`writing upload ${uploadId} at ${position}: nothing written`));
          position += bytesWritten;
          pending = unwritten(pending, bytesWritten);
        }
        pendingBytes = 0;
        if (written && position > from) written(from, position);
      };
      await pipeline(bytes, async (source: AsyncIterable<Buffer>) => {
        for await (const chunk of source) {
          running.update(chunk);
          pending.push(chunk);
          pendingBytes += chunk.length;
          if (pendingBytes >= WRITE_BATCH || pending.length >= WRITE_PIECES) await flush();
        }
        await flush();
      }).catch((err: unknown) => {
        throw writeError ?? err;
      });
      await handle.datasync();
      if (created) await fsyncPath(dir);
      return running.digest();
    } finally {
      await handle.close();
    }
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
