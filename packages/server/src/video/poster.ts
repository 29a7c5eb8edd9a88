/**
 * The still pictures of a video (docs/video.md "Poster and seek previews"): a poster frame for the
 * player before it starts, and a thumbnail sprite with a WebVTT index for previews while seeking
 * (the format Plyr's `previewThumbnails` and most players read: `sprite-0.jpg#xywh=x,y,w,h`).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { spawnTool } from './ffmpegBinary.js';
import { ffmpegComplaint, UnreadableVideoError, type VideoProbeResult } from './probe.js';

/** The poster's long side at most (never wider than the source). */
const POSTER_LONG_SIDE = 1280;
/** A thumbnail's long side in the sprite. */
const THUMB_LONG_SIDE = 160;
/** Thumbnails per sheet: 10 × 10 keeps one sheet near 100 KB and under every browser's image limits. */
export const SPRITE_COLUMNS = 10;
export const SPRITE_ROWS = 10;

const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));

/** Seconds between thumbnails: every 2 s for a short clip, 5 s up to ten minutes, 10 s for a lesson. */
export function thumbnailInterval(duration: number): number {
  return duration <= 240 ? 2 : duration <= 600 ? 5 : 10;
}

/** A box of `longSide` on its long side with the source's shape, in even pixels. */
export function fitBox(probe: Pick<VideoProbeResult, 'width' | 'height'>, longSide: number): { width: number; height: number } {
  const long = Math.min(longSide, Math.max(probe.width, probe.height));
  return probe.width >= probe.height
    ? { width: even(long), height: even((long * probe.height) / probe.width) }
    : { width: even((long * probe.width) / probe.height), height: even(long) };
}

function runFfmpeg(ffmpeg: string, args: string[], input: string, fileName: string, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawnTool(ffmpeg, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], { stdio: ['ignore', 'ignore', 'pipe'], signal, killSignal: 'SIGKILL' });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (c: string) => {
      stderr = (stderr + c).slice(-4096);
    });
    // A cancel is answered on 'close', once the process is gone (see transcode.ts).
    child.on('error', (error) => {
      if (child.pid === undefined) reject(new Error(`无法启动 ffmpeg：${error.message}`));
    });
    child.on('close', (code) => {
      if (signal?.aborted) return reject(signal.reason instanceof Error ? signal.reason : new Error('已取消'));
      if (code === 0) return resolve();
      const why = ffmpegComplaint(stderr, input);
      reject(new UnreadableVideoError(fileName, why ? `无法截取画面（${why}）` : `无法截取画面（ffmpeg 退出码 ${code}）`));
    });
  });
}

/**
 * A JPEG poster: the most typical frame (ffmpeg's `thumbnail` filter, which skips black and
 * transition frames) among those around 10 % into the video, at most 10 s in.
 */
export async function makePoster(ffmpeg: string, input: string, fileName: string, probe: VideoProbeResult, outFile: string, signal?: AbortSignal): Promise<{ width: number; height: number }> {
  const box = fitBox(probe, POSTER_LONG_SIDE);
  const at = Math.min(10, probe.duration * 0.1);
  const temp = `${outFile}.part-${randomBytes(6).toString('hex')}.jpg`;
  await mkdir(path.dirname(outFile), { recursive: true });
  try {
    // Input seeking (before -i) jumps to the keyframe before `at` instead of decoding up to it.
    await runFfmpeg(ffmpeg, ['-ss', at.toFixed(3), '-i', input, '-map', probe.videoMap, '-vf', `thumbnail=25,scale=${box.width}:${box.height},setsar=1`, '-frames:v', '1', '-q:v', '3', '-f', 'image2', temp], input, fileName, signal);
    await rename(temp, outFile);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return box;
}

export interface Sprite {
  /** Sheet files, in order, relative to the output directory. */
  sheets: string[];
  /** The WebVTT index, relative to the output directory. */
  vtt: string;
  interval: number;
  thumbWidth: number;
  thumbHeight: number;
  count: number;
}

function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** The WebVTT index: cue `i` covers `[i·interval, (i+1)·interval)` and shows the thumbnail taken at its start. */
export function spriteVtt(count: number, duration: number, interval: number, w: number, h: number, sheetName: (sheet: number) => string): string {
  const perSheet = SPRITE_COLUMNS * SPRITE_ROWS;
  const cues = ['WEBVTT', ''];
  for (let i = 0; i < count; i++) {
    const start = i * interval;
    const end = Math.min((i + 1) * interval, duration);
    if (end <= start) break;
    const cell = i % perSheet;
    const x = (cell % SPRITE_COLUMNS) * w;
    const y = Math.floor(cell / SPRITE_COLUMNS) * h;
    cues.push(`${vttTime(start)} --> ${vttTime(end)}`, `${sheetName(Math.floor(i / perSheet))}#xywh=${x},${y},${w},${h}`, '');
  }
  return cues.join('\n');
}

/**
 * Thumbnail sheets (`sprite-0.jpg`, `sprite-1.jpg`, …) and `thumbs.vtt` in `outDir`, written to a
 * temporary directory first and moved in file by file, the index last: an index names only sheets
 * that are there.
 */
export async function makeSprite(ffmpeg: string, input: string, fileName: string, probe: VideoProbeResult, outDir: string, signal?: AbortSignal): Promise<Sprite> {
  const interval = thumbnailInterval(probe.duration);
  const { width, height } = fitBox(probe, THUMB_LONG_SIDE);
  const work = path.join(outDir, `.sprite-${randomBytes(6).toString('hex')}`);
  await mkdir(work, { recursive: true });
  try {
    // fps picks the frame nearest each multiple of the interval, tile lays them out and flushes a
    // partly filled last sheet at the end of the video.
    await runFfmpeg(
      ffmpeg,
      ['-i', input, '-map', probe.videoMap, '-an', '-sn', '-vf', `fps=1/${interval},scale=${width}:${height},setsar=1,tile=${SPRITE_COLUMNS}x${SPRITE_ROWS}`, '-q:v', '5', '-start_number', '0', '-f', 'image2', path.join(work, 'sprite-%d.jpg')],
      input,
      fileName,
      signal,
    );
    const sheets = (await readdir(work)).filter((f) => /^sprite-\d+\.jpg$/.test(f)).sort((a, b) => Number(a.slice(7, -4)) - Number(b.slice(7, -4)));
    if (sheets.length === 0) throw new UnreadableVideoError(fileName, '没有截取到缩略图');
    const perSheet = SPRITE_COLUMNS * SPRITE_ROWS;
    // One thumbnail per interval that starts before the last half second (a cue of a few hundredths
    // of a second, left by audio priming at the end, previews nothing), and no more than the sheets hold.
    const count = Math.min(sheets.length * perSheet, Math.max(1, Math.ceil((probe.duration - 0.5) / interval)));
    for (const sheet of sheets) await rename(path.join(work, sheet), path.join(outDir, sheet));
    const vtt = spriteVtt(count, probe.duration, interval, width, height, (i) => `sprite-${i}.jpg`);
    await writeFile(path.join(work, 'thumbs.vtt'), vtt);
    await rename(path.join(work, 'thumbs.vtt'), path.join(outDir, 'thumbs.vtt'));
    return { sheets, vtt: 'thumbs.vtt', interval, thumbWidth: width, thumbHeight: height, count };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
