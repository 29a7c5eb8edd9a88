/**
 * The movie box of an MP4, read with mp4box from byte ranges: after each slice the parser says which
 * offset it needs next, so a large `mdat` before the `moov` box is skipped, not read. One loop for the
 * browser's upload check and the server's format review; each passes its own mp4box module (loaded
 * lazily in the browser) and its own way of reading a range.
 */

/** The full build: `mp4box/simple` throws on files written by ffmpeg. */
export type Mp4BoxModule = typeof import('mp4box');

/** Reads bytes `[start, end)` of the file. */
export type ByteRangeReader = (start: number, end: number) => Promise<Uint8Array>;

/** What mp4box reports of one track (the fields the clients use). */
export interface Mp4Track {
  codec: string;
  type?: string;
  nb_samples: number;
  samples_duration: number;
  timescale: number;
  bitrate: number;
  /** Bytes of every sample of the track. */
  size: number;
  video?: { width: number; height: number };
  audio?: unknown;
}

export interface Mp4Movie {
  duration: number;
  timescale: number;
  tracks: Mp4Track[];
}

export interface ReadMovieOptions {
  /** Spec §9: 1 MB at a time. */
  sliceSize?: number;
  /** Give up (no movie) after reading this many bytes without finding the movie box. */
  maxRead?: number;
  /** Checked before each read; an abort rejects with what `onAbort` makes. */
  signal?: AbortSignal;
  onAbort?: () => Error;
}

export const MP4_SLICE_SIZE = 1024 * 1024;

/** The movie (null for a file mp4box cannot read) and the bytes read to find it. */
export async function readMp4Movie(
  mp4box: Mp4BoxModule,
  size: number,
  read: ByteRangeReader,
  options: ReadMovieOptions = {},
): Promise<{ movie: Mp4Movie | null; bytesRead: number }> {
  // Errors only: a non-MP4 renamed to .mp4 is an expected case, not a console flood.
  mp4box.Log.setLogLevel(mp4box.Log.error);
  const sliceSize = options.sliceSize ?? MP4_SLICE_SIZE;
  const maxRead = options.maxRead ?? Number.POSITIVE_INFINITY;
  const file = mp4box.createFile();
  let movie: Mp4Movie | null = null;
  let broken = false;
  file.onReady = (info: unknown) => {
    movie = info as Mp4Movie;
  };
  file.onError = () => {
    broken = true;
  };
  let offset = 0;
  let bytesRead = 0;
  while (!movie && !broken && offset < size && bytesRead < maxRead) {
    if (options.signal?.aborted) throw (options.onAbort ?? (() => new DOMException('Aborted', 'AbortError')))();
    const end = Math.min(size, offset + sliceSize);
    const bytes = await read(offset, end);
    bytesRead += bytes.byteLength;
    // mp4box keeps the buffer: a copy of its own (a Node Buffer's `.buffer` may be a shared pool), at
    // the file offset it came from.
    const copy = new Uint8Array(bytes.byteLength);
    copy.set(bytes);
    const buffer = mp4box.MP4BoxBuffer.fromArrayBuffer(copy.buffer, offset);
    let next: number | undefined;
    try {
      next = file.appendBuffer(buffer, end >= size);
    } catch {
      broken = true;
      break;
    }
    // A parser that asks for nothing new is done with what it could understand.
    offset = typeof next === 'number' && next > offset ? next : end;
  }
  if (!movie && !broken) {
    try {
      file.flush();
    } catch {
      // A file that fails even to flush has no movie box.
    }
  }
  return { movie, bytesRead };
}
