import { readRange, type FileSource } from './fileSource.js';
import { abortError } from '../http/abort.js';
import { MP4_SLICE_SIZE, readMp4Movie, type Mp4BoxModule } from '../files/mp4Movie.js';

export type { Mp4BoxModule };

/** Spec §9: MP4 parsing reads 1 MB at a time. */
export const DEFAULT_MP4_SLICE_SIZE = MP4_SLICE_SIZE;

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

/** Whether the file is an MP4 with an H.264 track; only the ranges mp4box asks for are read. */
export async function checkMp4H264(source: FileSource, options: Mp4CheckOptions = {}): Promise<Mp4CheckResult> {
  if (source.type.toLowerCase() !== 'video/mp4') return { isMp4H264: false, codecs: [], bytesRead: 0 };
  const mp4box = await (options.load ?? loadMp4Box)();
  const { movie, bytesRead } = await readMp4Movie(mp4box, source.size, (start, end) => readRange(source, start, end), {
    sliceSize: options.sliceSize ?? DEFAULT_MP4_SLICE_SIZE,
    ...(options.signal ? { signal: options.signal } : {}),
    onAbort: abortError,
  });
  const codecs = movie ? movie.tracks.map((track) => track.codec) : [];
  return { isMp4H264: codecs.some((codec) => /^avc[13]/i.test(codec)), codecs, bytesRead };
}
