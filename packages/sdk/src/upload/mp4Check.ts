import { readRange, type FileSource } from './fileSource.js';
import { abortError } from '../http/abort.js';

/** Spec §9: MP4 parsing reads 1 MB at a time. */
export const DEFAULT_MP4_SLICE_SIZE = 1024 * 1024;

/** The full build: `mp4box/simple` throws on files written by ffmpeg. */
export type Mp4BoxModule = typeof import('mp4box');

/** Loaded only when an MP4 is added, so pages that never see one never download the parser. */
export const loadMp4Box = (): Promise<Mp4BoxModule> => import('mp4box');

export interface Mp4CheckOptions {
  load?: () => Promise<Mp4BoxModule>;
  sliceSize?: number;
  signal?: AbortSignal;
}

export interface Mp4CheckResult {
  /** True for an MP4 (`video/mp4`) with at least one AVC (H.264) video track. */
  isMp4H264: boolean;
  /** Codec strings of every track found, e.g. `avc1.64001f`, `mp4a.40.2`. */
  codecs: string[];
  /** Bytes actually read; far below the file size when the parser could skip the media data. */
  bytesRead: number;
}

/**
 * Reads only the ranges mp4box asks for: after each slice it returns the next offset it needs, so a
 * large `mdat` before the `moov` box is skipped, not read.
 */
export async function checkMp4H264(source: FileSource, options: Mp4CheckOptions = {}): Promise<Mp4CheckResult> {
  if (source.type.toLowerCase() !== 'video/mp4') return { isMp4H264: false, codecs: [], bytesRead: 0 };
  const mp4box = await (options.load ?? loadMp4Box)();
  // Errors only: a non-MP4 renamed to .mp4 is an expected case, not a console flood.
  mp4box.Log.setLogLevel(mp4box.Log.error);
  const sliceSize = options.sliceSize ?? DEFAULT_MP4_SLICE_SIZE;
  const file = mp4box.createFile();
  let info: { tracks: Array<{ codec: string; type?: string }> } | undefined;
  let broken = false;
  file.onReady = (movie) => {
    info = movie;
  };
  file.onError = () => {
    broken = true;
  };
  let offset = 0;
  let bytesRead = 0;
  while (!info && !broken && offset < source.size) {
    if (options.signal?.aborted) throw abortError();
    const end = Math.min(source.size, offset + sliceSize);
    const bytes = await readRange(source, offset, end);
    bytesRead += bytes.byteLength;
    const buffer = mp4box.MP4BoxBuffer.fromArrayBuffer(bytes.slice().buffer, offset);
    let next: number | undefined;
    try {
      next = file.appendBuffer(buffer, end >= source.size);
    } catch {
      broken = true;
      break;
    }
    // A parser that asks for nothing new is done with what it could understand.
    offset = typeof next === 'number' && next > offset ? next : end;
  }
  if (!info && !broken) {
    try {
      file.flush();
    } catch {
      // A file that fails even to flush has no movie box: `info` stays empty.
    }
  }
  const codecs = info ? info.tracks.map((track) => track.codec) : [];
  return { isMp4H264: codecs.some((codec) => /^avc[13]/i.test(codec)), codecs, bytesRead };
}
