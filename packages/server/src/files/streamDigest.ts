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

export class DigestTap extends Transform {
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
    super();
    this.md5Hash = options.md5 === false ? undefined : createHash('md5');
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.limit) {
      done(new TooManyBytesError(this.limit));
      return;
    }
    this.sha.update(chunk);
    this.md5Hash?.update(chunk);
    if (this.headSize < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.headSize);
      this.headParts.push(Buffer.from(part));
      this.headSize += part.length;
    }
    done(null, chunk);
  }

  /** Valid once the stream has ended. */
  digest(): Digest {
    return { size: this.size, sha256: this.sha.digest('hex'), md5: this.md5Hash?.digest('hex') ?? '', head: Buffer.concat(this.headParts) };
  }
}

/** Reads a stream to its end without keeping it, for hashing and for draining unwanted bodies. */
export async function digestStream(source: Readable, limit?: number, options?: { md5?: boolean }): Promise<Digest> {
  const tap = new DigestTap(limit, options);
  await pipeline(source, tap, new Writable({ write: (_c, _e, cb) => cb() }));
  return tap.digest();
}
