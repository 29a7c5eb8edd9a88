/**
 * One ffmpeg process turns a source into every rung of its ladder (docs/video.md "One pass"): the
 * source is decoded once, split, scaled per rung, and each rung is encoded (x264 + AAC) and cut into
 * ~6 s MPEG-TS segments by its own HLS output. The master playlist is written afterwards by us, not by
 * ffmpeg: its BANDWIDTH is then the measured peak of the segments (a capped-quality encode has no
 * nominal rate for ffmpeg to write), and CODECS the profile and level the encoder actually chose.
 *
 * Everything is written into `<outDir>.part-<random>` beside the destination and renamed into place
 * only once ffmpeg has finished cleanly and every playlist is complete: a job that is cancelled, fails
 * or dies leaves no directory under the final name, so a half rendition never looks whole.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { spawnTool, toolEnv } from './ffmpegBinary.js';
import { KEYFRAME_SECONDS, type Rung } from './ladder.js';
import { ffmpegComplaint, probeVideo, UnreadableVideoError, type VideoProbeResult } from './probe.js';

/** Target segment length in seconds; a multiple of the keyframe interval (ladder.ts), so cuts fall on the same instants on every rung. */
export const SEGMENT_SECONDS = 6;
/**
 * x264 preset. On the 2-core machine `veryfast` encodes the whole 4-rung ladder of 1080p25 faster than
 * real time; `faster`/`medium` cost more time than their few percent of bit rate are worth for
 * lessons (measured: docs/video.md "Presets").
 */
export const DEFAULT_PRESET = 'veryfast';
/** Quality target inside each rung's ceiling. */
export const DEFAULT_CRF = 23;

export interface TranscodeOptions {
  ffmpeg: string;
  /** Needed to read back the encoder's profile and level for the master playlist's CODECS. */
  ffprobe: string;
  input: string;
  /** The name the teacher knows, for errors. */
  fileName: string;
  /** Final directory; must not exist yet (the caller decides what to do with an older one). */
  outDir: string;
  probe: VideoProbeResult;
  rungs: Rung[];
  preset?: string;
  crf?: number;
  /** Threads of the whole process (ffmpeg `-threads` per encoder is derived from it); default: ffmpeg's choice. */
  threads?: number;
  signal?: AbortSignal;
  /** Fraction of the source's duration done, 0–1; 1 is reported once the rendition is in place. */
  onProgress?: (fraction: number) => void;
  /** Told the ffmpeg process id once it runs (logs; tests check that a cancel ends it). */
  onSpawn?: (pid: number) => void;
}

export interface RenditionRung {
  name: string;
  width: number;
  height: number;
  fps: number;
  /** Media playlist, relative to the rendition directory: `360p/index.m3u8`. */
  playlist: string;
  segments: Array<{ file: string; duration: number; bytes: number }>;
  /** Peak and average bit rate of the segments as written, bit/s (what BANDWIDTH / AVERAGE-BANDWIDTH say). */
  peakBitrate: number;
  averageBitrate: number;
  codecs: string;
}

export interface Rendition {
  /** `master.m3u8`, relative to the rendition directory. */
  master: string;
  duration: number;
  rungs: RenditionRung[];
  /** Wall-clock seconds ffmpeg ran. */
  seconds: number;
}

export class TranscodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TranscodeError';
  }
}

/** The ffmpeg arguments of one pass: exported so that the benchmark can run the same command bare. */
export function transcodeArgs(o: Pick<TranscodeOptions, 'input' | 'probe' | 'rungs' | 'preset' | 'crf' | 'threads'>, workDir: string): string[] {
  const preset = o.preset ?? DEFAULT_PRESET;
  const crf = o.crf ?? DEFAULT_CRF;
  const n = o.rungs.length;
  const fps = o.rungs[0]!.fps;
  // The frame rate is set once before the split: every rung has the same frames, so keyframes land on
  // the same instants. Each rung is scaled to its display size (anamorphic sources included), square pixels.
  const head = `[${o.probe.videoMap}]${fps < o.probe.fps - 0.01 ? `fps=${fps},` : ''}split=${n}${o.rungs.map((_, i) => `[s${i}]`).join('')}`;
  const scales = o.rungs.map((r, i) => `[s${i}]scale=${r.width}:${r.height}:flags=bicubic,setsar=1,format=yuv420p[v${i}]`);
  const args = [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-nostats',
    '-progress',
    'pipe:1',
    '-y',
    '-i',
    o.input,
    '-filter_complex',
    [head, ...scales].join(';'),
  ];
  const encoderThreads = o.threads ? Math.max(1, Math.round(o.threads / n)) : 0;
  o.rungs.forEach((r, i) => {
    const dir = path.join(workDir, r.name);
    args.push('-map', `[v${i}]`);
    if (r.audioBitrate > 0) args.push('-map', '0:a:0');
    args.push(
      '-c:v',
      'libx264',
      '-preset',
      preset,
      '-profile:v',
      'high',
      '-crf',
      String(crf),
      '-maxrate',
      String(r.videoMaxrate),
      '-bufsize',
      String(r.videoBufsize),
      // Fixed 2 s GOPs without scene-cut keyframes: every rung cuts its segments at the same instants,
      // so the player can switch rungs at any segment boundary.
      '-g',
      String(r.keyframeInterval),
      '-keyint_min',
      String(r.keyframeInterval),
      '-sc_threshold',
      '0',
      '-force_key_frames',
      `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`,
    );
    if (encoderThreads) args.push('-threads', String(encoderThreads));
    if (r.audioBitrate > 0) args.push('-c:a', 'aac', '-b:a', String(r.audioBitrate), '-ac', '2');
    args.push(
      '-sn',
      '-dn',
      '-map_metadata',
      '-1',
      '-map_chapters',
      '-1',
      // Several outputs read one decoder: without room to queue, a slow rung would stop the others with "Too many packets buffered".
      '-max_muxing_queue_size',
      '4096',
      '-f',
      'hls',
      '-hls_time',
      String(SEGMENT_SECONDS),
      '-hls_playlist_type',
      'vod',
      '-hls_segment_type',
      'mpegts',
      '-hls_flags',
      'independent_segments',
      '-hls_segment_filename',
      path.join(dir, 's%05d.ts'),
      path.join(dir, 'index.m3u8'),
    );
  });
  return args;
}

/** `out_time_us=…` (ffmpeg ≥ 4.3), `out_time_ms=…` (microseconds too, despite its name), or `out_time=HH:MM:SS.µs`. */
export function progressSeconds(key: string, value: string): number | null {
  if (key === 'out_time_us' || key === 'out_time_ms') {
    const us = Number(value);
    return Number.isFinite(us) && us >= 0 ? us / 1e6 : null;
  }
  if (key === 'out_time') {
    const m = /^(-)?(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(value.trim());
    if (!m || m[1]) return null;
    return Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4]);
  }
  return null;
}

/** Segments of a finished media playlist; null unless it ends with `#EXT-X-ENDLIST`. */
export function parseMediaPlaylist(text: string): Array<{ file: string; duration: number }> | null {
  if (!/^#EXT-X-ENDLIST\s*$/m.test(text)) return null;
  const out: Array<{ file: string; duration: number }> = [];
  let pending: number | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const inf = /^#EXTINF:([0-9.]+)/.exec(line);
    if (inf) pending = Number(inf[1]);
    else if (line && !line.startsWith('#') && pending !== null) {
      out.push({ file: line, duration: pending });
      pending = null;
    }
  }
  return out;
}

const PROFILE_IDC: Record<string, string> = { High: '6400', Main: '4d40', Baseline: '4200', 'Constrained Baseline': '42e0' };

/** `avc1.64001f` from ffprobe's `High` and 31. */
export function avcCodecString(profile: string, level: number): string {
  const idc = PROFILE_IDC[profile] ?? '6400';
  return `avc1.${idc}${level.toString(16).padStart(2, '0')}`;
}

async function readCodecs(ffprobe: string, segment: string, withAudio: boolean): Promise<string> {
  const out = await new Promise<string>((resolve, reject) =>
    execFile(ffprobe, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=profile,level', '-of', 'json', segment], { timeout: 30_000, env: toolEnv(ffprobe) }, (e, stdout) =>
      e ? reject(e) : resolve(String(stdout)),
    ),
  );
  const stream = (JSON.parse(out) as { streams?: Array<{ profile?: string; level?: number }> }).streams?.[0];
  const video = avcCodecString(stream?.profile ?? 'High', stream?.level ?? 40);
  return withAudio ? `${video},mp4a.40.2` : video;
}

/** The master playlist: rungs from the lowest up, each with its measured rates. */
export function masterPlaylist(rungs: RenditionRung[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of rungs) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.peakBitrate},AVERAGE-BANDWIDTH=${r.averageBitrate},RESOLUTION=${r.width}x${r.height},FRAME-RATE=${r.fps.toFixed(3)},CODECS="${r.codecs}"`,
      r.playlist,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function collectRung(workDir: string, rung: Rung, ffprobe: string): Promise<RenditionRung> {
  const playlist = `${rung.name}/index.m3u8`;
  const text = await readFile(path.join(workDir, playlist), 'utf8');
  const listed = parseMediaPlaylist(text);
  if (!listed || listed.length === 0) throw new TranscodeError(`ffmpeg 未写完 ${rung.name} 的播放列表`);
  const segments = [];
  for (const s of listed) segments.push({ ...s, bytes: (await stat(path.join(workDir, rung.name, s.file))).size });
  const total = segments.reduce((a, s) => a + s.duration, 0);
  const bytes = segments.reduce((a, s) => a + s.bytes, 0);
  // A closing segment of a fraction of a second would give a meaningless peak; full-length ones decide it.
  const full = segments.filter((s) => s.duration >= SEGMENT_SECONDS / 2);
  const peak = Math.max(...(full.length ? full : segments).map((s) => (s.bytes * 8) / Math.max(s.duration, 0.001)));
  return {
    name: rung.name,
    width: rung.width,
    height: rung.height,
    fps: rung.fps,
    playlist,
    segments,
    peakBitrate: Math.ceil(peak),
    averageBitrate: Math.ceil((bytes * 8) / Math.max(total, 0.001)),
    codecs: await readCodecs(ffprobe, path.join(workDir, rung.name, segments[0]!.file), rung.audioBitrate > 0),
  };
}

function abortError(signal: AbortSignal): Error {
  const reason = signal.reason;
  if (reason instanceof Error) return reason;
  const error = new Error('转码已取消');
  error.name = 'AbortError';
  return error;
}

/** Runs the pass; resolves once the rendition is complete under `outDir`. */
export async function transcode(o: TranscodeOptions): Promise<Rendition> {
  if (o.rungs.length === 0) throw new TranscodeError('没有可生成的清晰度');
  if (o.signal?.aborted) throw abortError(o.signal);
  const workDir = `${o.outDir}.part-${randomBytes(6).toString('hex')}`;
  await mkdir(path.dirname(o.outDir), { recursive: true });
  await mkdir(workDir);
  try {
    for (const r of o.rungs) await mkdir(path.join(workDir, r.name));
    const started = Date.now();
    await runFfmpeg(o, transcodeArgs(o, workDir));
    const seconds = (Date.now() - started) / 1000;
    if (o.signal?.aborted) throw abortError(o.signal);
    const rungs: RenditionRung[] = [];
    for (const r of o.rungs) rungs.push(await collectRung(workDir, r, o.ffprobe));
    await writeFile(path.join(workDir, 'master.m3u8'), masterPlaylist(rungs));
    if (o.signal?.aborted) throw abortError(o.signal);
    await rename(workDir, o.outDir);
    o.onProgress?.(1);
    return { master: 'master.m3u8', duration: o.probe.duration, rungs, seconds };
  } catch (error) {
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }
}

function runFfmpeg(o: TranscodeOptions, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    // SIGKILL: ffmpeg finishes its files on SIGTERM, which only delays the cleanup that follows.
    const child = spawnTool(o.ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: o.signal, killSignal: 'SIGKILL', windowsHide: true });
    if (child.pid !== undefined) o.onSpawn?.(child.pid);
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-8192);
    });
    let last = 0;
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const eq = line.indexOf('=');
      if (eq < 0) return;
      const seconds = progressSeconds(line.slice(0, eq), line.slice(eq + 1));
      if (seconds === null || !o.onProgress) return;
      // Never 1 before the rendition is in place; never backwards (outputs report in turn).
      const fraction = Math.min(0.999, seconds / Math.max(o.probe.duration, 0.001));
      if (fraction > last) {
        last = fraction;
        o.onProgress(fraction);
      }
    });
    child.on('error', (error) => {
      // A cancel also lands here, as soon as the kill is sent: the answer waits for 'close', when the
      // process is gone and can no longer write into the directory about to be removed.
      if (child.pid === undefined) reject(new TranscodeError(`无法启动 ffmpeg：${error.message}`));
    });
    child.on('close', (code, sig) => {
      if (o.signal?.aborted) return reject(abortError(o.signal));
      if (code === 0) return resolve();
      const why = ffmpegComplaint(stderr, o.input);
      if (sig) return reject(new TranscodeError(`转码进程被终止（${sig}）：“${o.fileName}”`));
      reject(new UnreadableVideoError(o.fileName, why ? `转码失败（${why}）` : `转码失败（ffmpeg 退出码 ${code}）`));
    });
  });
}

/** Probes and transcodes in one call, for callers that have no probe yet. */
export async function probeAndTranscode(o: Omit<TranscodeOptions, 'probe' | 'rungs'> & { ladder: (p: VideoProbeResult) => Rung[] }): Promise<Rendition> {
  const probe = await probeVideo(o.ffprobe, o.input, o.fileName, o.signal);
  return transcode({ ...o, probe, rungs: o.ladder(probe) });
}
