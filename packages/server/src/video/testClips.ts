/**
 * Short generated clips for the video tests (never checked-in media): ffmpeg's own test pattern and a
 * sine tone, encoded fast. Clips are made once into a folder shared by every test file and run
 * (`sharedClipDir`, named after the ffmpeg that makes them), written under a temporary name and renamed,
 * so that no test file reads a half-written one. One process makes a clip while the others wait for it
 * (a lock file beside it): three files making the same 1080p clip at once on a busy 2-core machine took
 * over a minute each.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { toolEnv, type VideoTools } from './ffmpegBinary.js';

/**
 * Whether this run encodes video. `npm test` turns it off (`VIDEO_ENCODE_TESTS=0`) for the runs that
 * repeat the server suite (PostgreSQL, the other Node lines): encoding neither reads the database nor
 * leans on what differs between Node lines, and it is the costliest CPU of the suite.
 */
export const encodeTests = process.env.VIDEO_ENCODE_TESTS !== '0';

/**
 * A bound on waiting for a test that makes clips and encodes them, not a speed: ffmpeg runs at a lower
 * priority than everything else (nice 10), so on a 2-core machine busy with other suites a pass that
 * takes seconds when idle waited over 30 s (and each file makes its clips the first time it runs).
 */
export const ENCODE_TIMEOUT_MS = 240_000;

/** The folder of generated clips for this ffmpeg. */
export async function sharedClipDir(tools: VideoTools): Promise<string> {
  const id = createHash('sha256').update(`${tools.ffmpeg.path} ${tools.ffmpeg.version}`).digest('hex').slice(0, 12);
  const dir = path.join(tmpdir(), `ds-video-clips-${id}`);
  await mkdir(dir, { recursive: true });
  return dir;
}

function run(bin: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) =>
    execFile(bin, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], { timeout: ENCODE_TIMEOUT_MS, env: toolEnv(bin) }, (e, _o, stderr) =>
      e ? reject(new Error(`${e.message}\n${String(stderr)}`)) : resolve(),
    ),
  );
}

/**
 * Runs ffmpeg with its output (the last argument) written under a temporary name, then renamed; or, when
 * another process is making the same file, waits for it. A lock older than a whole encode belongs to a
 * run that was killed, and is taken over.
 */
async function ff(bin: string, args: string[]): Promise<void> {
  const out = args.at(-1)!;
  const lock = `${out}.lock`;
  for (;;) {
    if (existsSync(out)) return;
    try {
      await (await open(lock, 'wx')).close();
      break;
    } catch {
      const since = await stat(lock).then((s) => Date.now() - s.mtimeMs, () => 0);
      if (since > ENCODE_TIMEOUT_MS) await rm(lock, { force: true });
      else await sleep(200);
    }
  }
  const ext = path.extname(out);
  const temp = `${out.slice(0, out.length - ext.length)}.part-${randomBytes(4).toString('hex')}${ext}`;
  try {
    if (existsSync(out)) return;
    await run(bin, [...args.slice(0, -1), temp]);
    await rename(temp, out);
  } finally {
    await rm(temp, { force: true });
    await rm(lock, { force: true });
  }
}

const lavfi = (size: string, rate: number, seconds: number, audio: boolean) => [
  '-f',
  'lavfi',
  '-i',
  `testsrc2=size=${size}:rate=${rate}`,
  ...(audio ? ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'] : []),
  '-t',
  String(seconds),
];

/** A landscape H.264/AAC MP4 (the classroom recorder's file). */
export async function h264Clip(tools: VideoTools, dir: string, opts: { size?: string; rate?: number; seconds?: number; audio?: boolean; name?: string } = {}): Promise<string> {
  const { size = '1920x1080', rate = 25, seconds = 4, audio = true } = opts;
  const file = path.join(dir, opts.name ?? `h264-${size}-${rate}-${seconds}${audio ? '' : '-silent'}.mp4`);
  if (existsSync(file)) return file;
  await ff(tools.ffmpeg.path, [...lavfi(size, rate, seconds, audio), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...(audio ? ['-c:a', 'aac', '-b:a', '128k'] : []), '-shortest', file]);
  return file;
}

/**
 * A phone held upright: pixels stored landscape with a 90° rotation for display (how phones record).
 * Older ffmpeg writes the rotation from a `rotate` tag, newer (6+) from `-display_rotation`.
 */
export async function rotatedClip(tools: VideoTools, dir: string, seconds = 3, size = '1280x720'): Promise<string> {
  const file = path.join(dir, `phone-rotated-${size}-${seconds}.mp4`);
  if (existsSync(file)) return file;
  const flat = await h264Clip(tools, dir, { size, rate: 30, seconds });
  try {
    await ff(tools.ffmpeg.path, ['-display_rotation:v:0', '-90', '-i', flat, '-c', 'copy', file]);
  } catch {
    await ff(tools.ffmpeg.path, ['-i', flat, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', file]);
  }
  return file;
}

/** An iPhone-like HEVC `.mov` (hvc1), or null when this ffmpeg has no HEVC encoder. */
export async function hevcMov(tools: VideoTools, dir: string, seconds = 2): Promise<string | null> {
  if (!tools.canEncodeHevc) return null;
  // 540 lines: x265 is the slowest encoder here, and probing needs no more.
  const file = path.join(dir, `hevc-960x540-${seconds}.mov`);
  if (existsSync(file)) return file;
  await ff(tools.ffmpeg.path, [
    ...lavfi('960x540', 30, seconds, true),
    '-c:v',
    'libx265',
    '-preset',
    'ultrafast',
    '-x265-params',
    'log-level=error',
    '-tag:v',
    'hvc1',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  return file;
}

/** Bytes that are no video, under a video's name. */
export async function corruptClip(dir: string): Promise<string> {
  const file = path.join(dir, 'corrupt.mp4');
  await writeFile(file, Buffer.concat([Buffer.from('\0\0\0\x18ftypmp42'), randomBytes(64 * 1024)]));
  return file;
}

/** A classroom recorder's MPEG-TS (service name and provider in its SDT, like a recorder writes). */
export async function tsClip(tools: VideoTools, dir: string): Promise<string> {
  const file = path.join(dir, 'recorder.ts');
  if (existsSync(file)) return file;
  const mp4 = await h264Clip(tools, dir, { size: '1280x720', seconds: 3 });
  await ff(tools.ffmpeg.path, ['-i', mp4, '-c', 'copy', '-metadata', 'service_name=录播教室 3', '-metadata', 'service_provider=Recorder', '-f', 'mpegts', file]);
  return file;
}
