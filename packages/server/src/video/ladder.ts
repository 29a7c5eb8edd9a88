/**
 * The HLS ladder: which renditions a source video gets (docs/video.md "The ladder"). Pure: the same
 * source always gives the same rungs, so a job restarted on another instance writes the same names.
 *
 * Rungs are named by their short side (a phone held upright gives 360×640, still "360p"), never
 * taller than the source (a few pixels of tolerance for 1088- or 1072-line recorders), and their
 * bit rates are ceilings for a capped-quality encode: static classroom content (slides, a
 * blackboard) comes out far below them, the ceiling only limits the peaks that the player must
 * survive on a slow line.
 */

export interface LadderSource {
  /** Width and height as displayed (rotation already applied), in pixels. */
  width: number;
  height: number;
  /** Frames per second of the source; 0 when unknown. */
  fps: number;
  /** Video bit rate of the source in bit/s; 0 when unknown. */
  videoBitrate: number;
  hasAudio: boolean;
}

export interface Rung {
  /** `360p`, `540p`, `720p`, `1080p`, or `<n>p` for a source smaller than the lowest rung. */
  name: string;
  /** The quality menu's words (流畅 / 标清 / 高清 / 超清) in zh-CN and English. */
  label: { zh: string; en: string };
  width: number;
  height: number;
  fps: number;
  /** Ceiling of the video bit rate (x264 `maxrate`), bit/s. */
  videoMaxrate: number;
  /** VBV buffer (x264 `bufsize`), bit/s. */
  videoBufsize: number;
  /** AAC bit rate in bit/s; 0 when the source has no audio. */
  audioBitrate: number;
  /** Frames between forced keyframes (two seconds), so that segments cut at the same instants on every rung. */
  keyframeInterval: number;
}

interface Step {
  short: number;
  videoMaxrate: number;
  audioBitrate: number;
  label: { zh: string; en: string };
}

/** The ladder for 16:9; other shapes scale the bit rate by their pixel count. Totals ≈ 0.5 / 1 / 2 / 4 Mbit/s. */
export const LADDER: readonly Step[] = [
  { short: 360, videoMaxrate: 450_000, audioBitrate: 64_000, label: { zh: '流畅', en: 'Smooth' } },
  { short: 540, videoMaxrate: 900_000, audioBitrate: 96_000, label: { zh: '标清', en: 'SD' } },
  { short: 720, videoMaxrate: 1_800_000, audioBitrate: 128_000, label: { zh: '高清', en: 'HD' } },
  { short: 1080, videoMaxrate: 3_600_000, audioBitrate: 128_000, label: { zh: '超清', en: 'Full HD' } },
];

/** Seconds between forced keyframes; segments (6 s) hold three GOPs. */
export const KEYFRAME_SECONDS = 2;
/** A rung this many lines taller than the source still counts as fitting (1072- and 1076-line sources get 1080p). */
const FIT_TOLERANCE = 8;
/** Frame rates above this are halved (60 → 30, 50 → 25): lessons gain nothing from 60 fps, and 2 cores would pay twice. */
const MAX_FPS = 30;
/** Below this a ceiling is not worth encoding to (bit/s). */
const MIN_VIDEO_RATE = 150_000;
/** VBV buffer = 2 × maxrate: room for a keyframe every 2 s without starving it. */
const BUFSIZE_FACTOR = 2;

const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));

/** The output frame rate: the source's, divided by the smallest whole number that brings it to 30 or below. */
export function outputFps(fps: number): number {
  if (!Number.isFinite(fps) || fps <= 0) return 25;
  const divisor = Math.ceil(fps / MAX_FPS - 1e-9);
  return Math.round((fps / Math.max(1, divisor)) * 1000) / 1000;
}

export function ladderFor(source: LadderSource): Rung[] {
  const { width, height } = source;
  if (!(width > 0 && height > 0)) throw new Error(`invalid video size ${width}x${height}`);
  const portrait = height > width;
  const short = Math.min(width, height);
  const aspect = Math.max(width, height) / short;
  const fps = outputFps(source.fps);
  const keyframeInterval = Math.max(1, Math.round(fps * KEYFRAME_SECONDS));
  // Pixel count against the 16:9 shape the table was made for (4:3 needs less, 21:9 more), within reason.
  const areaFactor = Math.min(1.5, Math.max(0.5, aspect / (16 / 9)));
  // A source already below a ceiling gains nothing from a higher one.
  const sourceCap = source.videoBitrate > 0 ? Math.max(MIN_VIDEO_RATE, source.videoBitrate) : Infinity;

  const make = (step: Step, shortSide: number, rateScale: number, name: string): Rung => {
    const longSide = even(shortSide * aspect);
    const s = even(shortSide);
    const videoMaxrate = Math.round(Math.min(sourceCap, Math.max(MIN_VIDEO_RATE, step.videoMaxrate * areaFactor * rateScale)) / 1000) * 1000;
    return {
      name,
      label: step.label,
      width: portrait ? s : longSide,
      height: portrait ? longSide : s,
      fps,
      videoMaxrate,
      videoBufsize: videoMaxrate * BUFSIZE_FACTOR,
      audioBitrate: source.hasAudio ? step.audioBitrate : 0,
      keyframeInterval,
    };
  };

  const fitting = LADDER.filter((step) => step.short <= short + FIT_TOLERANCE);
  if (fitting.length > 0) return fitting.map((step) => make(step, step.short, 1, `${step.short}p`));
  // Smaller than the lowest rung (an old 320×240 recording): one rung at the source's own size,
  // its ceiling scaled down by pixel count.
  const lowest = LADDER[0]!;
  const scale = (short * short) / (lowest.short * lowest.short);
  return [make(lowest, short, scale, `${even(short)}p`)];
}
