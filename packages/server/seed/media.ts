/** The committed demo media (`media/`, made by make-media.sh): lesson clips, posters and captions. */

export interface SeedMediaClip {
  /** H.264 MP4 in `media/`. */
  video: string;
  /** JPEG poster (640x360) in `media/`. */
  cover: string;
  /** Chinese WebVTT captions in `media/`. */
  captions: string;
  durationSeconds: number;
  profile: 'Baseline' | 'Main';
  /** false: the moov box follows mdat (no faststart), as a phone or camera records it. */
  faststart: boolean;
  /** Subject codes (any stage) whose lessons use this clip. */
  subjectCodes: readonly number[];
}

/** The committed lesson clips, keyed by a short name. Facts checked with ffprobe (see README.md). */
export const SEED_MEDIA = {
  yuwen: {
    video: 'lesson-yuwen-gushi.mp4',
    cover: 'lesson-yuwen-gushi.jpg',
    captions: 'lesson-yuwen-gushi.zh.vtt',
    durationSeconds: 12,
    profile: 'Main',
    faststart: true,
    subjectCodes: [213, 313, 413],
  },
  shuxue: {
    video: 'lesson-shuxue-tuxing.mp4',
    cover: 'lesson-shuxue-tuxing.jpg',
    captions: 'lesson-shuxue-tuxing.zh.vtt',
    durationSeconds: 10,
    profile: 'Baseline',
    faststart: true,
    subjectCodes: [214, 314, 414],
  },
  yingyu: {
    video: 'lesson-yingyu-hello.mp4',
    cover: 'lesson-yingyu-hello.jpg',
    captions: 'lesson-yingyu-hello.zh.vtt',
    durationSeconds: 9,
    profile: 'Main',
    faststart: true,
    subjectCodes: [241, 341, 441],
  },
  wuli: {
    video: 'lesson-wuli-zheshe.mp4',
    cover: 'lesson-wuli-zheshe.jpg',
    captions: 'lesson-wuli-zheshe.zh.vtt',
    durationSeconds: 14,
    profile: 'Main',
    faststart: false,
    subjectCodes: [317, 417],
  },
} as const satisfies Record<string, SeedMediaClip>;

/** The MP4 whose moov box is at the end (for upload and MP4-parsing tests). */
export const MOOV_AT_END_VIDEO = SEED_MEDIA.wuli.video;
/** MPEG-2 video in an MPEG program stream: the player's "不支持的视频格式" case. */
export const UNSUPPORTED_VIDEO = 'unsupported-mpeg2.mpg';

/** Every file in `media/` that lessons may point at. */
export const SEED_MEDIA_FILES: readonly string[] = [
  ...Object.values(SEED_MEDIA).flatMap((clip) => [clip.video, clip.cover, clip.captions]),
  UNSUPPORTED_VIDEO,
];

export function clipForSubject(subjectCode: number): SeedMediaClip {
  const clip = Object.values(SEED_MEDIA).find((c) => (c.subjectCodes as readonly number[]).includes(subjectCode));
  return clip ?? SEED_MEDIA.shuxue;
}

