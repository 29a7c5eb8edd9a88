/**
 * The part of the player's streaming that runs only when a stream plays through hls.js: hls.js itself
 * (its light build) and the code that drives it, one lazy chunk loaded by hlsStream.ts.
 */
import Hls from 'hls.js/light';
import type { HlsStream, Rung, StreamEvents } from './hlsStream.js';

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

/** Seconds buffered ahead before the first play (about one segment) and once playing. */
export const PREVIEW_BUFFER_SECONDS = 6;
export const WATCH_BUFFER_SECONDS = 60;

/** Starts loading the master playlist; resolves with the rungs once it is parsed (openHlsStream in hlsStream.ts). */
export async function openHlsStream(url: string, events: StreamEvents): Promise<HlsStream> {
  const hls = new Hls({
    // No rung wider than the player shows (times the pixel ratio): a phone does not fetch 1080p.
    capLevelToPlayerSize: true,
    // Before the first play, one segment ahead: the first frame is there when the pupil presses play,
    // yet forty pupils opening the lesson page on one school line do not each fetch a minute of video.
    maxBufferLength: PREVIEW_BUFFER_SECONDS,
    // Segments are parsed as their bytes arrive (fetch streaming), not once each is whole: on a slow line
    // the first frame shows after the first keyframe's part of the first segment (bench/video.mjs).
    progressive: true,
  });
  let attached = false;
  let known = false;
  let rungs: Rung[] = [];
  let recovered = false;
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
      // Once watched, a lesson is watched straight, not scrubbed live: a minute ahead rides out a school
      // line's dips (hls.js reads the figure at each buffer check).
      media.addEventListener(
        'playing',
        () => {
          hls.config.maxBufferLength = WATCH_BUFFER_SECONDS;
        },
        { once: true },
      );
    },
    choose(name) {
      const level = name === 0 ? -1 : (rungs.find((r) => r.name === name)?.level ?? -1);
      // A chosen rung replaces what is buffered at once; the player's own choice takes over at the next segment.
      if (attached && level !== -1) hls.currentLevel = level;
      else hls.loadLevel = level;
    },
    destroy: () => hls.destroy(),
  };
}
