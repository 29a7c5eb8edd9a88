import { dsElement, defineDsElement } from '../shared/defineDsElement.js';
import { LessonPlayer } from './LessonPlayer.js';
import type { NoteSavedDetail, PlayerEndedDetail, PlayerPlayDetail, PlayerProgressDetail } from './playerTypes.js';

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
 * @attr {boolean} edit-marks - Shows the key-point editor (添加要点 / 删除) to a signed-in viewer; the server saves only for the lesson's teacher or an administrator.
 *
 * @prop {boolean} autoplay - Mirrors the `autoplay` attribute.
 * @prop {boolean} muted - Mirrors the `muted` attribute.
 * @prop {boolean} editMarks - Mirrors the `edit-marks` attribute.
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
 * @csspart notes-clear - The 清空本课笔记 button.
 * @csspart notes-clear-confirm - The question asked before deleting all the viewer's notes of the lesson.
 * @csspart marks - The video's key points on a time line under the video.
 * @csspart mark - One key point (a button that seeks to its moment).
 * @csspart marks-editor - The key-point editor (`edit-marks`).
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
export class DsLessonPlayerElement extends dsElement(LessonPlayer, {
  attributes: { apiBase: 'string', lessonId: 'string', lang: 'string', endTime: 'number', startAt: 'number' },
  booleans: { autoplay: 'autoplay', muted: 'muted', 'edit-marks': 'editMarks' },
  properties: ['sources', 'token'],
  events: { onPlay: 'ds-player-play', onEnded: 'ds-player-ended', onProgress: 'ds-player-progress', onNoteSaved: 'ds-note-saved' },
}) {}

defineDsElement('ds-lesson-player', DsLessonPlayerElement);

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
