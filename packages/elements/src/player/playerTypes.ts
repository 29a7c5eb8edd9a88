/** One caption track of a video (WebVTT). */
export interface VideoCaption {
  src: string;
  /** BCP 47 language of the captions, e.g. `zh`. */
  srclang: string;
  label: string;
}

/** A playlist item (spec §3): cover image, description and a playable source. */
export interface VideoSource {
  src: string;
  /** MIME type, e.g. `video/mp4`; guessed from the file extension when missing. */
  type?: string;
  title?: string;
  coverImg?: string;
  desc?: string;
  captions?: VideoCaption[];
  /**
   * The same video as an adaptive HLS stream (a master playlist, e.g. a transcoded upload's): played
   * instead of `src` wherever the browser can, with a quality menu; `src` is the fallback. A `src` that
   * is itself a playlist (`.m3u8`) plays as a stream too.
   */
  hls?: string;
  /** A frame of the video, shown before it plays when there is no `coverImg`. */
  poster?: string;
  /** Seek previews: a WebVTT file whose cues name sprite tiles (`sprite-0.jpg#xywh=0,0,160,90`). */
  thumbnails?: string;
  /** The lesson video this source is (set when the player loaded a lesson), for notes and study time. */
  resourceId?: string;
}

export interface PlayerProgressDetail {
  currentTime: number;
  duration: number;
  /** 0..100 */
  percent: number;
}

export interface PlayerPlayDetail {
  index: number;
  src: string;
  resourceId: string | null;
  currentTime: number;
}

export interface PlayerEndedDetail {
  index: number;
  src: string;
  resourceId: string | null;
}

/** A note pinned to a moment of a lesson video (`/v1/lessonNote`). */
export interface LessonNote {
  lessonNoteId: string;
  lessonId: string;
  resourceId: string | null;
  content: string;
  /** Seconds into the video. */
  videoTime: number;
  createTime?: number;
}

export type NoteSavedDetail = LessonNote;
