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

export interface HlsStream {
  rungs: Rung[];
  /** Plays the stream in this media element (whose own sources must be gone). */
  attach(media: HTMLMediaElement): void;
  /** A rung by name, or 0 for the player's own choice. */
  choose(name: number): void;
  destroy(): void;
}

export interface StreamEvents {
  /** Playback cannot go on (after hls.js's own retries and one media recovery). */
  onFatal(detail: string): void;
}

/**
 * Loads hls.js and the master playlist; resolves once the rungs are known (before any segment), so
 * the quality menu is built with the source. Rejects when the playlist cannot be loaded or parsed.
 * hls.js and the code that drives it are one lazy chunk (hlsPlayback.ts).
 */
export async function openHlsStream(url: string, events: StreamEvents): Promise<HlsStream> {
  return (await import('./hlsPlayback.js')).openHlsStream(url, events);
}
