export interface ChunkRange {
  /** 0-based, as sent in the `chunk` field. */
  index: number;
  start: number;
  /** Exclusive. */
  end: number;
}

export const DEFAULT_CHUNK_SIZE = 10_485_760;

/** How many chunks a file of `size` bytes makes; a file never makes fewer than one. */
export function chunkCount(size: number, chunkSize: number): number {
  assertSizes(size, chunkSize);
  return Math.max(1, Math.ceil(size / chunkSize));
}

/** Splits `[0, size)` into consecutive ranges of `chunkSize` bytes; the last one may be shorter. */
export function planChunks(size: number, chunkSize: number): ChunkRange[] {
  const count = chunkCount(size, chunkSize);
  const plan: ChunkRange[] = [];
  for (let index = 0; index < count; index++) {
    const start = index * chunkSize;
    plan.push({ index, start, end: Math.min(size, start + chunkSize) });
  }
  return plan;
}

function assertSizes(size: number, chunkSize: number): void {
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`Invalid file size ${size}`);
  if (!Number.isSafeInteger(chunkSize) || chunkSize <= 0) throw new RangeError(`Invalid chunk size ${chunkSize}`);
}
