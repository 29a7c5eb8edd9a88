import { createHasher, type Md5Engine } from './md5Engine.js';
import { abortError } from '../http/abort.js';

/** Spec §9: hashing reads 2 MB at a time, so a 2 GB video never sits in memory whole. */
export const DEFAULT_HASH_SLICE_SIZE = 2 * 1024 * 1024;

export interface HashSlicesOptions {
  engines: readonly Md5Engine[];
  sliceSize?: number;
  signal?: AbortSignal;
  onProgress?: (hashed: number, total: number) => void;
}

/**
 * MD5 of bytes `[start, end)` read slice by slice. Shared by the Web Worker and the main-thread
 * fallback so that both give the same answer by construction. The next slice is read while the
 * current one is hashed (at most two slices in memory): reading a file from disk and hashing it
 * then overlap instead of taking turns.
 */
export async function hashSlices(
  read: (start: number, end: number) => Promise<Uint8Array>,
  start: number,
  end: number,
  options: HashSlicesOptions,
): Promise<string> {
  const sliceSize = options.sliceSize ?? DEFAULT_HASH_SLICE_SIZE;
  const hasher = await createHasher(options.engines);
  const total = end - start;
  const readAt = (offset: number) => {
    const pending = read(offset, Math.min(end, offset + sliceSize));
    // Awaited in turn below; this only keeps an abandoned read (abort) from being reported unhandled.
    pending.catch(() => undefined);
    return pending;
  };
  let next = start < end ? readAt(start) : undefined;
  for (let offset = start; offset < end; offset += sliceSize) {
    if (options.signal?.aborted) throw abortError();
    const bytes = await next!;
    next = offset + sliceSize < end ? readAt(offset + sliceSize) : undefined;
    hasher.update(bytes);
    options.onProgress?.(Math.min(end, offset + sliceSize) - start, total);
  }
  if (options.signal?.aborted) throw abortError();
  return hasher.digest();
}
