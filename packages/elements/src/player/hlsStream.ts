/**
 * Adaptive streaming (HLS) for the lesson player: which way a source plays, and hls.js for browsers
 * that play it through Media Source Extensions.
 *
 * A source is a stream when it has an `hls` master playlist (a transcoded upload; `src` is then the file
 * as uploaded) or when its `src` is a playlist itself. hls.js plays it wherever MSE takes H.264 + AAC,
 * although Chromium, Edge and Safari also play HLS natively: only through hls.js does the viewer get
 * the quality menu and the player's own choice of rung (docs/video.md, "The player"). Native HLS is the
 * way where MSE is missing (iPhones before iOS 17.1); the file as uploaded is the way where neither is.
 * hls.js is its own chunk, loaded only when a stream is played that way.
 */
import { browserCanPlay, sourceType } from './canPlay.js';
import type { VideoSource } from './playerTypes.js';

export const HLS_TYPE = 'application/vnd.apple.mpegurl';
const HLS_TYPES = new Set([HLS_TYPE, 'application/x-mpegurl', 'audio/mpegurl', 'audio/x-mpegurl']);

/** The HLS playlist of a source: its `hls`, else its `src` when that is a playlist; '' for a plain file. */
export function streamOf(item: Pick<VideoSource, 'src' | 'type' | 'hls'>): string {
  if (item.hls) return item.hls;
  return HLS_TYPES.has(sourceType(item).toLowerCase()) ? item.src : '';
}

/** Whether Media Source Extensions here take H.264 + AAC in MP4, which is what hls.js feeds them. */
export function mseAvailable(scope: object = globalThis): boolean {
  const source = (scope as { ManagedMediaSource?: typeof MediaSource; MediaSource?: typeof MediaSource }).ManagedMediaSource ?? (scope as { MediaSource?: typeof MediaSource }).MediaSource;
  return typeof source?.isTypeSupported === 'function' && source.isTypeSupported('video/mp4; codecs="avc1.42E01E,mp4a.40.2"');
}

export type PlayWay = { way: 'hls.js'; url: string } | { way: 'native'; url: string } | { way: 'file'; url: string };

/** How this browser plays a source, or null when it cannot (the unsupported-format message). */
export function playWay(probe: Pick<HTMLMediaElement, 'canPlayType'>, item: Pick<VideoSource, 'src' | 'type' | 'hls'>, mse: boolean): PlayWay | null {
  const url = streamOf(item);
  if (url && mse) return { way: 'hls.js', url };
  if (url && probe.canPlayType(HLS_TYPE) !== '') return { way: 'native', url };
  // A playlist alone, and nothing here plays it.
  if (url && url === item.src) return null;
  return item.src && browserCanPlay(probe, item) ? { way: 'file', url: item.src } : null;
}

/** A rung of the quality menu: named by the short side of its picture (`540` for 960×540 and 540×960). */
export interface Rung {
  name: number;
  /** hls.js's index of the level. */
  level: number;
}

/** The rungs of a stream's levels, tallest first; of two levels with one name, the one of more bits. */
export function rungsOf(levels: readonly { width: number; height: number; bitrate: number }[]): Rung[] {
  const best = new Map<number, { level: number; bitrate: number }>();
  levels.forEach((level, index) => {
    const name = Math.min(level.width, level.height);
    if (!(name > 0)) return;
    const known = best.get(name);
    if (!known || level.bitrate > known.bitrate) best.set(name, { level: index, bitrate: level.bitrate });
  });
  return [...best.entries()].sort((a, b) => b[0] - a[0]).map(([name, { level }]) => ({ name, level }));
}

export interface HlsStream {
  rungs: Rung[];
  /** Plays the stream in this media element (whose own sources must be gone). */
  attach(media: HTMLMediaElement): void;
  /** A rung by name, or 0 for the player's own choice. */
  choose(name: number): void;
  /** The rung playing now (its name), 0 before the first segment. */
  playing(): number;
  destroy(): void;
}

export interface StreamEvents {
  /** Playback cannot go on (after hls.js's own retries and one media recovery). */
  onFatal(detail: string): void;
  /** The rung playing changed (the player's choice or the viewer's). */
  onRung?(name: number): void;
}

/**
 * Loads hls.js and the master playlist; resolves once the rungs are known (before any segment), so
 * the quality menu is built with the source. Rejects when the playlist cannot be loaded or parsed.
 */
export async function openHlsStream(url: string, events: StreamEvents): Promise<HlsStream> {
  const { default: Hls } = await import('hls.js/light');
  const hls = new Hls({
    // No rung wider than the player shows (times the pixel ratio): a phone does not fetch 1080p.
    capLevelToPlayerSize: true,
    // A lesson is watched, not scrubbed live: a minute ahead rides out a school line's dips.
    maxBufferLength: 60,
  });
  let attached = false;
  let known = false;
  let rungs: Rung[] = [];
  let recovered = false;
  const nameOf = (level: number) => rungs.find((r) => r.level === level)?.name ?? 0;
  const manifest = new Promise<void>((resolve, reject) => {
    hls.once(Hls.Events.MANIFEST_PARSED, (_event, data) => {
      rungs = rungsOf(data.levels);
      known = true;
      resolve();
    });
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (!data.fatal) return;
      if (!known) {
        reject(new Error(data.details));
        return;
      }
      // A decode hiccup is recovered once; anything else (the network after hls.js's retries) ends it.
      if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recovered) {
        recovered = true;
        hls.recoverMediaError();
        return;
      }
      events.onFatal(data.details);
    });
  });
  hls.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => events.onRung?.(nameOf(data.level)));
  hls.loadSource(url);
  try {
    await manifest;
  } catch (error) {
    hls.destroy();
    throw error;
  }
  return {
    rungs,
    attach(media) {
      attached = true;
      hls.attachMedia(media);
    },
    choose(name) {
      const level = name === 0 ? -1 : (rungs.find((r) => r.name === name)?.level ?? -1);
      // A chosen rung replaces what is buffered at once; the player's own choice takes over at the next segment.
      if (attached && level !== -1) hls.currentLevel = level;
      else hls.loadLevel = level;
    },
    playing: () => (hls.currentLevel >= 0 ? nameOf(hls.currentLevel) : 0),
    destroy: () => hls.destroy(),
  };
}
