/**
 * The committed demo media: `media/` (make-media.sh), four short test clips with posters and captions that
 * the upload, player and format tests use; `lesson-videos/` (scripts/make-lesson-videos.mjs), the videos
 * the demo lessons play, one per chapter node of the demo catalogue.
 */
import lessonVideoManifest from './lesson-videos/manifest.json' with { type: 'json' };

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

// ------------------------------------------------------------------ the lesson videos

/** One demo lesson video of `lesson-videos/` (made by scripts/make-lesson-videos.mjs from library.json). */
export interface LessonVideo {
  id: string;
  /** The chapter node whose lessons play it: their titles name this text, problem or dialogue. */
  chapterId: string;
  /** The teacher on its title card (`te-NN` of people.ts, or `te-demo-teacher`, the demo account). */
  teacherId: string;
  title: string;
  video: string;
  cover: string;
  coverWebp: string;
  captions: string;
  /** The language of the narration and of its captions. */
  captionLang: 'zh' | 'en';
  durationSeconds: number;
  bytes: number;
}

/** The demo teacher account's own teacher record: its videos' lessons are the `teacher` account's. */
export const DEMO_TEACHER_INFO_ID = 'te-demo-teacher';

export const LESSON_VIDEOS: readonly LessonVideo[] = (lessonVideoManifest as { videos: LessonVideo[] }).videos;

const videosByChapter = new Map(LESSON_VIDEOS.map((v) => [v.chapterId, v]));

/** The video of a chapter node's lessons, if the demo library has one. */
export function lessonVideoFor(chapterId: string): LessonVideo | undefined {
  return videosByChapter.get(chapterId);
}
