import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { PlayerEndedDetail, PlayerPlayDetail, PlayerProgressDetail } from './playerTypes.js';
import type { ResumePositions } from './resumePosition.js';
import type { StudyTime } from './useStudyTime.js';
import { isDestroyed, type PlyrPlayer } from './usePlyr.js';

/** The `<video>` Plyr currently drives (it makes a new one for every source). */
export const mediaOf = (player: PlyrPlayer): HTMLVideoElement => (player as unknown as { media: HTMLVideoElement }).media;

/** At most one `ds-player-progress` per this many milliseconds of playing. */
const PROGRESS_INTERVAL_MS = 1000;
/** How often the resume position is written while playing. */
const POSITION_INTERVAL_MS = 5000;

export interface PlaybackOptions {
  player: PlyrPlayer | null;
  host: RefObject<HTMLDivElement | null>;
  index: number;
  src: string;
  resourceId: string | null;
  /** Seconds; playback stops there when it is at least 1 (spec §4). */
  endTime: number;
  /** Null while the study part loads, and for viewers whose time is not reported. */
  study: StudyTime | null;
  positions: ResumePositions;
  /** Key of the current video for `positions`; null keeps nothing. */
  positionKey: string | null;
  onPlay(detail: PlayerPlayDetail): void;
  onEnded(detail: PlayerEndedDetail): void;
  onProgress(detail: PlayerProgressDetail): void;
  /** The browser cannot play the current source (media or `<source>` error). */
  onUnsupported(): void;
}

/**
 * Wires the media events to everything that listens to playback: study time, the end time, progress
 * events, the resume position and the unsupported-format message.
 */
export function usePlayback(options: PlaybackOptions): void {
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  const { player, host } = options;

  useEffect(() => {
    if (!player) return;
    let lastProgress = 0;
    let lastPosition = 0;
    const now = () => performance.now();
    const media = () => mediaOf(player);
    const at = () => media().currentTime;
    const rate = () => media().playbackRate || 1;
    const item = () => ({ index: latest.current.index, src: latest.current.src, resourceId: latest.current.resourceId });
    const progress = () => {
      const duration = Number.isFinite(media().duration) ? media().duration : 0;
      latest.current.onProgress({ currentTime: at(), duration, percent: duration ? Math.min(100, (at() / duration) * 100) : 0 });
    };
    const savePosition = () => {
      const { positionKey, positions } = latest.current;
      if (positionKey) positions.set(positionKey, at(), media().duration);
    };
    const endTime = () => (latest.current.endTime >= 1 ? latest.current.endTime : Infinity);
    // Read at each event: the study part may arrive after the player.
    const study = () => latest.current.study;

    const handlers: Record<string, () => void> = {
      play() {
        // Pressing play at the end time starts the segment again instead of stopping at once.
        if (at() >= endTime() - 0.25) player.currentTime = 0;
        latest.current.onPlay({ ...item(), currentTime: at() });
      },
      playing: () => study()?.watch.start(at()),
      timeupdate() {
        const m = media();
        if (!m.paused && !m.seeking) study()?.watch.tick(at(), rate());
        void study()?.reporter.maybeFlush();
        if (!m.paused && at() >= endTime()) {
          player.pause();
          player.currentTime = endTime();
          latest.current.onEnded(item());
        }
        if (now() - lastProgress >= PROGRESS_INTERVAL_MS) {
          lastProgress = now();
          progress();
        }
        if (now() - lastPosition >= POSITION_INTERVAL_MS) {
          lastPosition = now();
          savePosition();
        }
      },
      pause() {
        study()?.watch.stop(at(), rate());
        void study()?.reporter.flush();
        savePosition();
        progress();
      },
      seeking: () => study()?.watch.stop(at(), rate()),
      seeked() {
        if (!media().paused) study()?.watch.start(at());
      },
      waiting: () => study()?.watch.stop(at(), rate()),
      ended() {
        study()?.watch.stop(at(), rate());
        void study()?.reporter.flush();
        savePosition();
        progress();
        latest.current.onEnded(item());
      },
    };
    for (const [type, handler] of Object.entries(handlers)) player.on(type as 'play', handler);

    // `<source>` failures do not bubble and never reach the video's own `error` event: listen in
    // the capture phase on the host, and ignore the blank source Plyr sets while switching videos.
    const element = host.current;
    const onError = (event: Event) => {
      const target = event.target;
      const video = media();
      const failed =
        (target === video && video.error !== null && video.getAttribute('src') !== '') ||
        (target instanceof HTMLSourceElement && target.parentElement === video);
      if (failed) latest.current.onUnsupported();
    };
    element?.addEventListener('error', onError, true);
    return () => {
      // A language change rebuilds Plyr: the old instance was destroyed (listeners and all) first.
      if (!isDestroyed(player)) for (const [type, handler] of Object.entries(handlers)) player.off(type as 'play', handler);
      element?.removeEventListener('error', onError, true);
    };
  }, [player, host]);
}
