/**
 * A pass-through that hashes, counts and keeps the first bytes of what flows through it, and fails
 * as soon as more than `limit` bytes arrive, so an oversized part is refused before it fills a disk.
 */
import { createHash, type Hash } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';

export const HEAD_BYTES = 4096;

export class TooManyBytesError extends Error {
  constructor(readonly limit: number) {
    super(`more than ${limit} bytes`);
    this.name = 'TooManyBytesError';
  }
}

export interface Digest {
  size: number;
  sha256: string;
  md5: string;
  head: Buffer;
}

/** Hashes, counts and keeps the first bytes of pieces given in order; `update` throws beyond `limit`. */
export class RunningDigest {
  private readonly sha = createHash('sha256');
  private readonly md5Hash: Hash | undefined;
  private readonly headParts: Buffer[] = [];
  private headSize = 0;
  size = 0;

  /** `md5: false` skips the MD5 (most of the hashing CPU): chunks need only their sha256. */
  constructor(
    private readonly limit = Number.POSITIVE_INFINITY,
    options: { md5?: boolean } = {},
  ) {
    this.md5Hash = options.md5 === false ? undefined : createHash('md5');
  }

  update(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.size > this.limit) throw new TooManyBytesError(this.limit);
    this.sha.update(chunk);
    this.md5Hash?.update(chunk);
    if (this.headSize < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.headSize);
      this.headParts.push(Buffer.from(part));
      this.headSize += part.length;
    }
  }

  /** Valid once every piece was given. */
  digest(): Digest {
    return { size: this.size, sha256: this.sha.digest('hex'), md5: this.md5Hash?.digest('hex') ?? '', head: Buffer.concat(this.headParts) };
  }
}

/** A pass-through stream over a RunningDigest. */
export class DigestTap extends Transform {
  private readonly running: RunningDigest;

  constructor(limit = Number.POSITIVE_INFINITY, options: { md5?: boolean } = {}) {
    super();
    this.running = new RunningDigest(limit, options);
  }

  get size(): number {
    return this.running.size;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    try {
      this.running.update(chunk);
    } catch (err) {
      done(err as Error);
      return;
    }
    done(null, chunk);
  }

  /** Valid once the stream has ended. */
  digest(): Digest {
    return this.running.digest();
  }
}

/** Reads a stream to its end without keeping it, for hashing and for draining unwanted bodies. */
export async function digestStream(source: Readable, limit?: number, options?: { md5?: boolean }): Promise<Digest> {
  const tap = new DigestTap(limit, options);
  await pipeline(source, tap, new Writable({ write: (_c, _e, cb) => cb() }));
  return tap.digest();
}
