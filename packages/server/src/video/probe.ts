/**
 * What ffprobe says about a video, reduced to what the ladder and the transcoder need. Works for any
 * container ffmpeg reads (MP4, MOV, AVI, WMV, FLV, MKV, WebM, MPEG-TS), unlike the MP4-only mp4box
 * probe of the activity review (activityWorks/videoProbe.ts).
 */
import { execFile } from 'node:child_process';
import { toolEnv } from './ffmpegBinary.js';

export interface VideoProbeResult {
  /** Seconds. */
  duration: number;
  /** As displayed, rotation applied: a phone's upright 1080×1920 clip stored as 1920×1080 + 90° is 1080×1920. */
  width: number;
  height: number;
  /** Pixels as stored, before rotation. */
  codedWidth: number;
  codedHeight: number;
  /** Clockwise degrees the player turns the picture: 0, 90, 180 or 270. */
  rotation: number;
  fps: number;
  videoCodec: string;
  /** Bit/s; 0 when neither the stream nor the container says. */
  videoBitrate: number;
  audioCodec: string | null;
  hasAudio: boolean;
  /** ffprobe's format name, e.g. `mov,mp4,m4a,3gp,3g2,mj2`. */
  container: string;
  /**
   * ffmpeg's stream specifier of the picture this probe describes (`0:1` when a cover picture comes
   * first), so that every ffmpeg run reads the same stream.
   */
  videoMap: string;
}

/** A file ffprobe cannot read as a video: the message is for the teacher and names the file. */
export class UnreadableVideoError extends Error {
  constructor(
    readonly fileName: string,
    readonly detail: string,
  ) {
    super(`无法读取视频文件“${fileName}”：${detail}`);
    this.name = 'UnreadableVideoError';
  }
}

const PROBE_TIMEOUT_MS = 60_000;

interface FfprobeStream {
  index?: number;
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  sample_aspect_ratio?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  bit_rate?: string;
  duration?: string;
  tags?: Record<string, string>;
  side_data_list?: Array<{ side_data_type?: string; rotation?: number }>;
  disposition?: { attached_pic?: number };
}

interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { format_name?: string; duration?: string; bit_rate?: string };
}

function rate(value: string | undefined): number {
  if (!value) return 0;
  const [n, d] = value.split('/').map(Number);
  if (!Number.isFinite(n) || !n) return 0;
  const r = d ? n! / d : n!;
  return Number.isFinite(r) && r > 0 && r < 1000 ? Math.round(r * 1000) / 1000 : 0;
}

/**
 * The clockwise turn a player applies. Old muxers write a `rotate` tag (clockwise degrees); ffprobe
 * 5 and later report the display matrix instead, whose `rotation` is counter-clockwise.
 */
export function rotationOf(stream: FfprobeStream): number {
  const tag = stream.tags?.rotate;
  const matrix = stream.side_data_list?.find((d) => typeof d.rotation === 'number');
  const degrees = tag !== undefined && tag !== '' ? Number(tag) : matrix ? -Number(matrix.rotation) : 0;
  if (!Number.isFinite(degrees)) return 0;
  const turned = ((Math.round(degrees / 90) * 90) % 360 + 360) % 360;
  return turned;
}

/** Reduces ffprobe's JSON; throws UnreadableVideoError when there is no picture or no duration. */
export function readProbe(json: FfprobeOutput, fileName: string): VideoProbeResult {
  const streams = json.streams ?? [];
  // A cover picture inside an audio file or an MP4 is a "video" stream of one frame: not a video.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video || !video.width || !video.height) throw new UnreadableVideoError(fileName, '文件中没有视频画面');
  const audio = streams.find((s) => s.codec_type === 'audio');
  const duration = Number(json.format?.duration ?? video.duration ?? 0);
  if (!Number.isFinite(duration) || duration <= 0) throw new UnreadableVideoError(fileName, '无法确定视频时长，文件可能不完整');
  const rotation = rotationOf(video);
  const turned = rotation === 90 || rotation === 270;
  // Anamorphic sources (DV, some recorders: 720×576 shown at 16:9) are shown wider than their pixels.
  const sar = rate(video.sample_aspect_ratio?.replace(':', '/'));
  const shownWidth = sar > 0 && Math.abs(sar - 1) > 0.01 ? 2 * Math.round((video.width * sar) / 2) : video.width;
  const streamRate = Number(video.bit_rate ?? 0);
  // Containers like MKV or WebM carry no per-stream rate: the whole file's rate less the audio is close enough for a ceiling.
  const formatRate = Number(json.format?.bit_rate ?? 0) - Number(audio?.bit_rate ?? 0);
  const videoBitrate = streamRate > 0 ? streamRate : formatRate > 0 ? formatRate : 0;
  return {
    duration,
    width: turned ? video.height : shownWidth,
    height: turned ? shownWidth : video.height,
    codedWidth: video.width,
    codedHeight: video.height,
    rotation,
    fps: rate(video.avg_frame_rate) || rate(video.r_frame_rate),
    videoCodec: video.codec_name ?? '',
    videoBitrate: Number.isFinite(videoBitrate) ? Math.round(videoBitrate) : 0,
    audioCodec: audio?.codec_name ?? null,
    hasAudio: Boolean(audio),
    container: json.format?.format_name ?? '',
    videoMap: typeof video.index === 'number' ? `0:${video.index}` : '0:v:0',
  };
}

/** Last lines of ffmpeg's complaint, without paths of this machine (they mean nothing to a teacher). */
export function ffmpegComplaint(stderr: string, input: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.split(input).join('').replace(/^\s*:\s*/, '').trim())
    .filter(Boolean);
  return lines.slice(-2).join('；').slice(0, 200);
}

/**
 * Probes `input` with ffprobe. `fileName` is the name the teacher knows (the upload's name), used in
 * errors; the stored file has a content address for a name.
 */
export function probeVideo(ffprobe: string, input: string, fileName: string, signal?: AbortSignal): Promise<VideoProbeResult> {
  const args = ['-hide_banner', '-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', input];
  return new Promise((resolve, reject) => {
    execFile(ffprobe, args, { timeout: PROBE_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024, signal, windowsHide: true, env: toolEnv(ffprobe) }, (error, stdout, stderr) => {
      if (error) {
        if ((error as NodeJS.ErrnoException).code === 'ABORT_ERR') return reject(error);
        const why = ffmpegComplaint(String(stderr ?? ''), input);
        return reject(new UnreadableVideoError(fileName, why ? `文件已损坏或不是视频（${why}）` : '文件已损坏或不是视频'));
      }
      let json: FfprobeOutput;
      try {
        json = JSON.parse(String(stdout)) as FfprobeOutput;
      } catch {
        return reject(new UnreadableVideoError(fileName, '读取结果无法解析'));
      }
      try {
        resolve(readProbe(json, fileName));
      } catch (err) {
        reject(err);
      }
    });
  });
}
