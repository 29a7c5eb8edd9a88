/**
 * The server's probe of a stored video for the automatic format review: mp4box parses the file's boxes
 * from byte ranges read out of the store (1 MB at a time, only the ranges the parser asks for, so the
 * media data of a large file is skipped, not read). What the file is comes from its bytes, never from
 * its name. Codec strings map to the review's names: avc1/avc3 → h264, hvc1/hev1 → h265, mp4v → mpeg4,
 * mp4a.40.x → aac, mp4a.6b/.69 → mp3.
 */
import * as mp4box from 'mp4box';
import type { VideoProbe } from '@dscloud/sdk/activities';
import { readMp4Movie } from '@dscloud/sdk/files';

/** Reads bytes `[start, end]` (inclusive) of the file. */
export type RangeReader = (start: number, end: number) => Promise<Uint8Array>;

/** A file whose movie box cannot be found in this many bytes read is reported unreadable. */
const MAX_READ = 64 * 1024 * 1024;

export const UNREADABLE: Omit<VideoProbe, 'fileSize'> = Object.freeze({
  container: '',
  videoCodec: '',
  width: 0,
  height: 0,
  fps: 0,
  durationSeconds: 0,
  bitrateKbps: 0,
  audioCodec: '',
  audioBitrateKbps: 0,
});

export function codecName(codec: string): string {
  const c = codec.toLowerCase();
  if (/^avc[13]/.test(c)) return 'h264';
  if (/^(hvc1|hev1)/.test(c)) return 'h265';
  if (c.startsWith('mp4v')) return 'mpeg4';
  if (c.startsWith('mp4a.40')) return 'aac';
  if (c === 'mp4a.6b' || c === 'mp4a.69' || c.startsWith('.mp3')) return 'mp3';
  return c.split('.')[0] ?? c;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** What the file holds; `container: ''` when it is not an MP4 the parser can read. */
export async function probeVideo(size: number, read: RangeReader): Promise<VideoProbe> {
  const { movie: info } = await readMp4Movie(mp4box, size, (start, end) => read(start, end - 1), { maxRead: MAX_READ }).catch(() => ({ movie: null }));
  if (!info || !info.tracks?.length) return { ...UNREADABLE, fileSize: size };
  const video = info.tracks.find((t) => t.video || t.type === 'video');
  const audio = info.tracks.find((t) => t.audio || t.type === 'audio');
  const durationSeconds = info.timescale > 0 ? info.duration / info.timescale : 0;
  const videoSeconds = video && video.timescale > 0 ? video.samples_duration / video.timescale : 0;
  let audioBitrate = audio?.bitrate ?? 0;
  // No bitrate in the header: from the samples' sizes over the track's duration.
  if (!audioBitrate && audio && audio.timescale > 0 && audio.samples_duration > 0) audioBitrate = (audio.size * 8) / (audio.samples_duration / audio.timescale);
  return {
    container: 'mp4',
    videoCodec: video ? codecName(video.codec) : '',
    width: video?.video?.width ?? 0,
    height: video?.video?.height ?? 0,
    fps: video && videoSeconds > 0 ? round2(video.nb_samples / videoSeconds) : 0,
    durationSeconds: round2(durationSeconds),
    bitrateKbps: durationSeconds > 0 ? Math.round((size * 8) / durationSeconds / 1000) : 0,
    audioCodec: audio ? codecName(audio.codec) : '',
    audioBitrateKbps: Math.round(audioBitrate / 1000),
    fileSize: size,
  };
}
