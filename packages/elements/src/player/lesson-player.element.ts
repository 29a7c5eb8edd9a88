import { createElement, useSyncExternalStore } from 'react';
import r2wc from '@r2wc/react-to-web-component';
import { defineElement } from '../shared/defineElement.js';
import { dispatch, hostOf } from '../shared/dispatch.js';
import { LessonPlayer } from './LessonPlayer.js';
import { playerHostState } from './playerHostState.js';
import type { NoteSavedDetail, PlayerEndedDetail, PlayerPlayDetail, PlayerProgressDetail, VideoSource } from './playerTypes.js';

interface PlayerElementProps {
  container?: HTMLElement;
  apiBase?: string;
  lessonId?: string;
  lang?: string;
  endTime?: number;
  startAt?: number;
}

const noHost = { get: () => ({ sources: undefined, token: undefined, autoplay: false, muted: false }), subscribe: () => () => undefined };

/** Adds what r2wc cannot carry (the playlist, boolean attributes) and turns callbacks into DOM events. */
function LessonPlayerElementView({ container, ...attributes }: PlayerElementProps) {
  const host = hostOf(container);
  const store = host ? playerHostState(host) : noHost;
  const extra = useSyncExternalStore(store.subscribe, store.get, store.get);
  const fire = <T,>(type: `ds-${string}`) => (detail: T) => {
    if (host) dispatch(host, type, detail);
  };
  return createElement(LessonPlayer, {
    ...attributes,
    sources: extra.sources,
    token: extra.token,
    autoplay: extra.autoplay,
    muted: extra.muted,
    onPlay: fire<PlayerPlayDetail>('ds-player-play'),
    onEnded: fire<PlayerEndedDetail>('ds-player-ended'),
    onProgress: fire<PlayerProgressDetail>('ds-player-progress'),
    onNoteSaved: fire<NoteSavedDetail>('ds-note-saved'),
  });
}

/** What r2wc's class really has; its typings only say CustomElementConstructor. */
interface R2wcElementClass {
  new (): HTMLElement & { attributeChangedCallback(name: string, previous: string | null, value: string | null): void };
  readonly observedAttributes: string[];
}

const Base = r2wc(LessonPlayerElementView, {
  shadow: 'open',
  props: { apiBase: 'string', lessonId: 'string', lang: 'string', endTime: 'number', startAt: 'number' },
}) as unknown as R2wcElementClass;

const BOOLEAN_ATTRIBUTES = { autoplay: 'autoplay', muted: 'muted' } as const;
type BooleanAttribute = keyof typeof BOOLEAN_ATTRIBUTES;

/**
 * @summary Lesson video player: Plyr in Chinese, cover, playlist, end time, captions, speeds, picture-in-picture, study time and notes.
 * @tag ds-lesson-player
 *
 * @attr {string} api-base - Platform origin. Default: the origin this script was loaded from.
 * @attr {string} lesson-id - Plays the lesson's videos (`getById`, `getResourceVideo`); a logged-in viewer also gets notes, study-time reports and the resume position.
 * @attr {string} lang - `zh-CN` (default) or `en`.
 * @attr {number} end-time - Seconds; when at least 1, playback stops there.
 * @attr {number} start-at - Seconds to start the first video at (instead of the remembered position).
 * @attr {boolean} autoplay - Start playing the first video at once (browsers allow this only with `muted`).
 * @attr {boolean} muted - Start muted.
 *
 * @prop {string} token - Token for the lesson, note and study-time calls (property only, never an attribute). Default: the platform session's token.
 * @prop {Array<{ src: string, type?: string, title?: string, coverImg?: string, desc?: string, captions?: Array<{ src: string, srclang: string, label: string }> }>} sources - A playlist of the page's own (property only). Takes precedence over `lesson-id`'s videos.
 *
 * @event {CustomEvent<{ index: number, src: string, resourceId: string | null, currentTime: number }>} ds-player-play - Playback started or resumed.
 * @event {CustomEvent<{ index: number, src: string, resourceId: string | null }>} ds-player-ended - A video ended, or stopped at `end-time`.
 * @event {CustomEvent<{ currentTime: number, duration: number, percent: number }>} ds-player-progress - Position while playing, at most once a second, and on pause and end.
 * @event {CustomEvent<{ lessonNoteId: string, lessonId: string, resourceId: string | null, content: string, videoTime: number }>} ds-note-saved - The viewer saved a note at `videoTime` seconds.
 *
 * @csspart base - Everything.
 * @csspart stage - The video area (at least 300 px high).
 * @csspart video - Plyr's container.
 * @csspart cover - The cover shown until the first play (a button).
 * @csspart unsupported - The 不支持的视频格式 message.
 * @csspart bar - The title and the 选集 button above the playlist.
 * @csspart playlist - The playlist.
 * @csspart playlist-item - One video of the playlist (a button).
 * @csspart notes - The notes panel.
 * @csspart note-input - The note field.
 * @csspart note-save - The 保存笔记 button.
 * @csspart note - One saved note.
 *
 * @cssproperty --ds-player-min-height - Smallest height of the video area. Default 300px.
 * @cssproperty --ds-color-primary - Player accent (progress, buttons, cover play button).
 * @cssproperty --ds-color-on-primary - Text on the primary colour.
 * @cssproperty --ds-color-text - Text colour.
 * @cssproperty --ds-color-text-secondary - Secondary text colour.
 * @cssproperty --ds-color-surface - Background below the video.
 * @cssproperty --ds-color-border - Separators.
 * @cssproperty --ds-color-danger - Errors and the delete button.
 * @cssproperty --ds-color-link - Note times.
 * @cssproperty --ds-color-focus - Focus ring.
 * @cssproperty --ds-radius - Corner radius of buttons and fields.
 * @cssproperty --ds-radius-large - Corner radius of the player.
 * @cssproperty --ds-font-family - Font.
 */
export class DsLessonPlayerElement extends Base {
  constructor() {
    super();
    // A page may set properties before this script defined the tag: move them behind the accessors.
    const early = this as { sources?: VideoSource[]; token?: string };
    for (const name of ['sources', 'token'] as const) {
      if (!Object.prototype.hasOwnProperty.call(this, name)) continue;
      const value = early[name];
      delete early[name];
      if (name === 'token') this.token = value as string | undefined;
      else this.sources = value as VideoSource[] | undefined;
    }
  }

  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, ...Object.keys(BOOLEAN_ATTRIBUTES)];
  }

  override attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
    if (name in BOOLEAN_ATTRIBUTES) {
      playerHostState(this).set({ [BOOLEAN_ATTRIBUTES[name as BooleanAttribute]]: value !== null && value !== 'false' });
      return;
    }
    super.attributeChangedCallback(name, previous, value);
  }

  /** Property only: a playlist of objects has no attribute form. */
  get sources(): VideoSource[] | undefined {
    return playerHostState(this).get().sources;
  }
  set sources(value: VideoSource[] | null | undefined) {
    playerHostState(this).set({ sources: value ?? undefined });
  }

  /** Property only: a token in an attribute would leak into copied HTML and error reports. */
  get token(): string | undefined {
    return playerHostState(this).get().token;
  }
  set token(value: string | null | undefined) {
    playerHostState(this).set({ token: value || undefined });
  }

  get autoplay(): boolean {
    return this.hasAttribute('autoplay');
  }
  set autoplay(value: boolean) {
    this.toggleAttribute('autoplay', !!value);
  }

  get muted(): boolean {
    return this.hasAttribute('muted');
  }
  set muted(value: boolean) {
    this.toggleAttribute('muted', !!value);
  }
}

defineElement('ds-lesson-player', DsLessonPlayerElement);

declare global {
  interface HTMLElementTagNameMap {
    'ds-lesson-player': DsLessonPlayerElement;
  }
  interface HTMLElementEventMap {
    'ds-player-play': CustomEvent<PlayerPlayDetail>;
    'ds-player-ended': CustomEvent<PlayerEndedDetail>;
    'ds-player-progress': CustomEvent<PlayerProgressDetail>;
    'ds-note-saved': CustomEvent<NoteSavedDetail>;
  }
  // The events are composed and bubble, so pages listen on document too.
  interface DocumentEventMap {
    'ds-player-play': CustomEvent<PlayerPlayDetail>;
    'ds-player-ended': CustomEvent<PlayerEndedDetail>;
    'ds-player-progress': CustomEvent<PlayerProgressDetail>;
    'ds-note-saved': CustomEvent<NoteSavedDetail>;
  }
}
