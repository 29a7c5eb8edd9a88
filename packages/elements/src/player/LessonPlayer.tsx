import { lazy, Suspense, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import css from './lesson-player.css?inline';
import { usePlatform } from '../shared/PlatformContext.js';
import { useStore } from '../shared/useStore.js';
import { useStyles } from '../shared/adoptStyles.js';
import { sourceType } from './canPlay.js';
import { HLS_TYPE, mseAvailable, openHlsStream, playWay, type HlsStream } from './hlsStream.js';
import { lessonApi } from './lessonApi.js';
import { playerMessages, toLang } from './messages.js';
import { Playlist } from './Playlist.js';
import { resumePositions } from './resumePosition.js';
import { useLessonSources } from './useLessonSources.js';
import { mediaOf, usePlayback } from './usePlayback.js';
import { loadSource, seekTo, setQualities, usePlyr, type PlyrPlayer } from './usePlyr.js';
import { useStudyTime } from './useStudyTime.js';
import { MarksBar } from './MarksBar.js';
import { marksMessages } from './marksMessages.js';
import { useDuration } from './useDuration.js';
import { useMarks } from './useMarks.js';
import type { LessonNote, NoteSavedDetail, PlayerEndedDetail, PlayerPlayDetail, PlayerProgressDetail, VideoSource } from './playerTypes.js';

export interface LessonPlayerProps {
  /** Platform origin; default: the provided platform, else the origin the element script came from. */
  apiBase?: string;
  /** Loads the lesson's videos from the server, and turns on notes and study time for a logged-in viewer. */
  lessonId?: string;
  /** A playlist of the host's own; takes precedence over the lesson's videos. */
  sources?: VideoSource[];
  lang?: string;
  /** Seconds; when at least 1 playback stops there (spec §4). */
  endTime?: number;
  /** Seconds to start the first video at (overrides the remembered position). */
  startAt?: number;
  autoplay?: boolean;
  /** Starts muted (browsers only autoplay muted video). */
  muted?: boolean;
  onPlay?: (detail: PlayerPlayDetail) => void;
  onEnded?: (detail: PlayerEndedDetail) => void;
  onProgress?: (detail: PlayerProgressDetail) => void;
  onNoteSaved?: (detail: NoteSavedDetail) => void;
  /** A token of the host's for the lesson calls; default: the platform session's. */
  token?: string;
  /** Shows the key-point editor to a signed-in viewer (the server lets only the lesson's teacher or an administrator save). */
  editMarks?: boolean;
}

const LessonNotes = lazy(() => import('./LessonNotes.js'));
const MarksEditor = lazy(() => import('./MarksEditor.js'));

/** Captions on another origin load only when the video is fetched in CORS mode. */
const needsCors = (item: VideoSource) => !!item.captions?.some((c) => new URL(c.src, location.href).origin !== location.origin);

/**
 * The lesson player (spec §3, §4): Plyr in Chinese with speeds, captions, picture-in-picture and
 * keys; a cover until the first play; a playlist; an end time; the unsupported-format message; honest
 * study time and notes pinned to a moment for a logged-in viewer of a lesson.
 */
export function LessonPlayer(props: LessonPlayerProps) {
  const platform = usePlatform(props.apiBase);
  const lang = toLang(props.lang);
  const m = useMemo(() => playerMessages(lang), [lang]);
  const root = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement>(null);
  useStyles(root, 'ds-lesson-player', css);
  const listId = useId();

  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  // The host's token is read per call, so a new token neither rebuilds the client nor reloads the lesson.
  // eslint-disable-next-line react-hooks/refs -- lessonApi keeps the getter for its calls and never calls it while rendering
  const api = useMemo(() => lessonApi(platform, () => latest.current.token || undefined), [platform]);
  const positions = useMemo(() => resumePositions(platform.storage), [platform]);
  const loaded = useLessonSources(api, props.lessonId, props.sources, lang);
  const sources = loaded.status === 'ready' ? loaded.sources : [];
  const sourcesKey = sources.map((s) => s.src).join('\n');
  const loggedIn = useStore(platform.session, (s) => s.token !== null) || !!props.token;

  const [index, setIndex] = useState(0);
  const [started, setStarted] = useState(false);
  const [listOpen, setListOpen] = useState(true);
  const item: VideoSource | undefined = sources[Math.min(index, sources.length - 1)];
  const resourceId = item?.resourceId ?? null;
  const lessonId = props.lessonId;
  const positionKey = item ? (lessonId && resourceId ? `${lessonId}:${resourceId}` : item.src) : null;

  const player = usePlyr(host, lang, !!props.muted);
  // A format the browser cannot play, known before loading it or from the media error of this player.
  const [mediaFailure, setMediaFailure] = useState<{ player: PlyrPlayer; src: string } | null>(null);
  const unsupported =
    !!player && !!item && (!playWay(mediaOf(player), item, mseAvailable()) || (mediaFailure?.player === player && mediaFailure.src === item.src));
  const duration = useDuration(player, item?.src ?? '');
  const marks = useMarks(api, lessonId ? resourceId : null);
  const mm = useMemo(() => marksMessages(lang), [lang]);
  const study = useStudyTime(platform, api, lessonId && resourceId ? { lessonId, resourceId } : null, lang, loggedIn && !!lessonId);

  // What the next source load does: seek to a time, and play (a chosen item, a note on another video).
  const next = useRef<{ start: number | null; play: boolean }>({ start: null, play: false });
  // Another lesson, another playlist or the same one loaded again starts over at its first video, whose
  // first load takes the host's start time, the remembered position and autoplay.
  const lessonKey = `${loaded.status}\n${lessonId ?? ''}\n${sourcesKey}`;
  const [shown, setShown] = useState({ lessonKey, round: 0 });
  if (shown.lessonKey !== lessonKey) {
    setShown({ lessonKey, round: shown.round + 1 });
    setIndex(0);
    setStarted(false);
    setListOpen(true);
  }
  const loadedRound = useRef<number | null>(null);
  // While hls.js and a stream's playlist load, the media element that will play it does not exist yet.
  const opening = useRef(false);
  const wantsPlay = useRef(false);
  const takeCoverPress = () => {
    const pressed = wantsPlay.current;
    wantsPlay.current = false;
    return pressed;
  };

  useEffect(() => {
    if (!player || !item) return;
    const way = playWay(mediaOf(player), item, mseAvailable());
    if (!way) {
      // The previous video must not go on playing under the message.
      player.pause();
      return;
    }
    const firstLoad = loadedRound.current !== shown.round;
    let start = next.current.start;
    if (start === null && firstLoad) {
      const resume = loaded.status === 'ready' ? loaded.resume : null;
      const asked = latest.current.startAt;
      start =
        asked !== undefined && Number.isFinite(asked) && asked >= 0
          ? asked
          : resume && resume.resourceId === resourceId
            ? resume.position
            : null;
    }
    if (start === null && positionKey) start = positions.get(positionKey);
    const play = next.current.play || (firstLoad && !!latest.current.autoplay);
    next.current = { start: null, play: false };
    loadedRound.current = shown.round;
    const cors = needsCors(item);
    const source = (url: string, type: string) => ({
      type: 'video' as const,
      title: item.title ?? '',
      sources: [{ src: url, ...(type ? { type } : {}) }],
      tracks: (item.captions ?? []).map((c, i) => ({ kind: 'captions' as const, label: c.label, srcLang: c.srclang, src: c.src, default: i === 0 })),
      ...(item.poster ? { poster: item.poster } : {}),
      // Another video's previews must not stay: a source without them turns them off.
      previewThumbnails: item.thumbnails ? { enabled: true, src: item.thumbnails } : { enabled: false, src: '' },
    });
    /** Seeks to `at` once the video's length is known (and plays when asked). */
    const begin = (at: number | null, andPlay: boolean) => {
      if (at) {
        // A record at the very end would open on the last frame: a finished video starts again.
        player.once('loadedmetadata', () => {
          const duration = mediaOf(player).duration;
          if (!(duration > 0) || at < duration - 3) seekTo(player, at);
        });
      }
      if (andPlay) void Promise.resolve(player.play()).catch(() => undefined);
    };
    /** The file as uploaded, or the message when there is none this browser plays. */
    const playFile = (at: number | null, andPlay: boolean) => {
      setQualities(player, [], null);
      const file = playWay(mediaOf(player), { src: item.src, type: item.type }, false);
      if (!file || file.url === way.url) {
        player.pause();
        setMediaFailure({ player, src: item.src });
        return;
      }
      loadSource(player, source(item.src, sourceType(item)), cors);
      begin(at, andPlay);
    };
    if (way.way !== 'hls.js') {
      setQualities(player, [], null);
      loadSource(player, source(way.url, way.way === 'native' ? HLS_TYPE : sourceType(item)), cors);
      begin(start, play);
      return;
    }
    // hls.js: the stream's rungs are read first (they make the quality menu, built with the source), then
    // the stream plays in the media element Plyr made, from which Plyr's own <source> is taken out
    // before the browser reads it (Chromium would otherwise also fetch the playlist natively).
    let cancelled = false;
    let stream: HlsStream | null = null;
    opening.current = true;
    openHlsStream(way.url, {
      onFatal: () => {
        if (cancelled || !stream) return;
        const at = mediaOf(player).currentTime;
        const wasPlaying = !mediaOf(player).paused;
        stream.destroy();
        stream = null;
        playFile(at || null, wasPlaying);
      },
    }).then(
      (opened) => {
        if (cancelled) {
          opened.destroy();
          return;
        }
        stream = opened;
        opening.current = false;
        setQualities(
          player,
          opened.rungs.map((r) => r.name),
          (name) => opened.choose(name),
        );
        loadSource(player, source(way.url, HLS_TYPE), cors);
        const media = mediaOf(player);
        for (const own of media.querySelectorAll('source')) own.remove();
        opened.attach(media);
        begin(start, play || takeCoverPress());
      },
      // The playlist cannot be read (gone, refused, not a playlist): the file as uploaded plays instead.
      () => {
        if (cancelled) return;
        opening.current = false;
        playFile(start, play || takeCoverPress());
      },
    );
    return () => {
      cancelled = true;
      opening.current = false;
      stream?.destroy();
      stream = null;
    };
    // A new item (or a new player) loads a source; nothing else may reload it mid-play. (`useEffectEvent`
    // would say so without the comment, but the elements support React 19.0, which lacks it.)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the values read here must not reload the source
  }, [player, item?.src, index]);

  usePlayback({
    player,
    host,
    index,
    src: item?.src ?? '',
    resourceId,
    endTime: props.endTime ?? 0,
    study,
    positions,
    positionKey,
    onPlay: (detail) => {
      setStarted(true);
      latest.current.onPlay?.(detail);
    },
    onEnded: (detail) => latest.current.onEnded?.(detail),
    onProgress: (detail) => latest.current.onProgress?.(detail),
    onUnsupported: () => {
      if (player && item) setMediaFailure({ player, src: item.src });
    },
  });

  /** Before another video loads: the seconds played so far belong to the one playing now. */
  const settle = () => {
    if (!study) return;
    if (player) study.watch.stop(mediaOf(player).currentTime, mediaOf(player).playbackRate || 1);
    void study.reporter.flush();
  };
  const choose = (to: number) => {
    setListOpen(false);
    if (to === index) {
      if (player) void Promise.resolve(player.play()).catch(() => undefined);
      return;
    }
    settle();
    next.current = { start: null, play: true };
    setIndex(to);
  };
  // A press on the cover before Plyr has loaded, or while a stream's playlist is being read (a slow
  // line), is kept and played once it has.
  const playCover = () => {
    if (player && !opening.current) void Promise.resolve(player.play()).catch(() => undefined);
    else wantsPlay.current = true;
  };
  useEffect(() => {
    if (!player || !wantsPlay.current || opening.current) return;
    wantsPlay.current = false;
    void startLate(player);
  }, [player]);
  const seekToNote = (note: LessonNote) => {
    const target = note.resourceId ? sources.findIndex((s) => s.resourceId === note.resourceId) : -1;
    if (target >= 0 && target !== index) {
      settle();
      next.current = { start: note.videoTime, play: true };
      setIndex(target);
    } else if (player) {
      seekTo(player, note.videoTime);
    }
  };
  const status =
    loaded.status === 'loading' ? m.loading : loaded.status === 'failed' ? `${m.loadFailed}${loaded.message ? `：${loaded.message}` : ''}` : !item ? m.noVideo : '';
  const showCover = !started && !unsupported && !!item;
  const multiple = sources.length > 1;

  return (
    <div ref={root} className="ds-player" data-ds-root="ds-lesson-player" part="base" lang={lang}>
      <div className="ds-player__stage" part="stage" role="group" aria-label={m.player}>
        <div ref={host} className="ds-player__video" part="video" />
        {showCover ? (
          <button type="button" className="ds-player__cover" part="cover" aria-label={m.playCover(item.title ?? '')} onClick={playCover}>
            {item.coverImg || item.poster ? (
              <img className="ds-player__cover-img" src={item.coverImg || item.poster} alt="" />
            ) : item.src ? (
              // No cover (an uploaded video): the video's own frame at 1 s stands in, never a black box.
              <video className="ds-player__cover-img ds-player__cover-frame" src={`${item.src}#t=1`} preload="metadata" muted playsInline tabIndex={-1} aria-hidden="true" />
            ) : null}
            <span className="ds-player__cover-play" aria-hidden="true" />
            {item.title ? <span className="ds-player__cover-title" aria-hidden="true">{item.title}</span> : null}
          </button>
        ) : null}
        {unsupported ? (
          <div className="ds-player__unsupported" part="unsupported" role="alert">
            <p className="ds-player__unsupported-title">{m.unsupported}</p>
            <p className="ds-player__unsupported-hint">{m.unsupportedHint}</p>
          </div>
        ) : null}
        {status ? (
          <p className="ds-player__status" role={loaded.status === 'failed' ? 'alert' : 'status'}>{status}</p>
        ) : null}
      </div>
      <MarksBar marks={marks.marks} duration={duration} messages={mm} onSeek={(mark) => player && seekTo(player, mark.markTime)} />
      {multiple ? (
        <div className="ds-player__bar" part="bar">
          <span className="ds-player__title">{item?.title}</span>
          <button type="button" className="ds-player__button" aria-expanded={listOpen} aria-controls={listId} onClick={() => setListOpen((open) => !open)}>
            {listOpen ? m.hidePlaylist : m.showPlaylist}
          </button>
        </div>
      ) : null}
      {multiple ? <Playlist id={listId} hidden={!listOpen} sources={sources} current={index} messages={m} onChoose={choose} /> : null}
      {props.editMarks && loggedIn && lessonId && resourceId ? (
        <Suspense fallback={null}>
          <MarksEditor
            api={api}
            resourceId={resourceId}
            marks={marks.marks}
            lang={lang}
            currentTime={() => (player ? mediaOf(player).currentTime : 0)}
            onSaved={marks.replace}
          />
        </Suspense>
      ) : null}
      {loggedIn && lessonId ? (
        <Suspense fallback={null}>
          <LessonNotes
            api={api}
            lessonId={lessonId}
            resourceId={resourceId}
            lang={lang}
            currentTime={() => (player ? mediaOf(player).currentTime : 0)}
            onSeek={seekToNote}
            onSaved={(note) => latest.current.onNoteSaved?.(note)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * Plays what the viewer asked for before the player had loaded. The browser may no longer count that
 * press as a gesture by now and refuse sound; then it plays muted (the volume control unmutes).
 */
async function startLate(player: PlyrPlayer): Promise<void> {
  try {
    await player.play();
  } catch {
    player.muted = true;
    await Promise.resolve(player.play()).catch(() => undefined);
  }
}
