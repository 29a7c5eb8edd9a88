import type { VideoSource } from './playerTypes.js';

const BY_EXTENSION: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  ogv: 'video/ogg',
  ogg: 'video/ogg',
  mpg: 'video/mpeg',
  mpeg: 'video/mpeg',
  avi: 'video/x-msvideo',
  flv: 'video/x-flv',
  wmv: 'video/x-ms-wmv',
  mkv: 'video/x-matroska',
  m3u8: 'application/vnd.apple.mpegurl',
};

/** The MIME type of a source: the given one, else from the path's extension (query and hash ignored). */
export function sourceType(source: Pick<VideoSource, 'src' | 'type'>): string {
  if (source.type) return source.type;
  const path = source.src.split(/[?#]/)[0] ?? '';
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return BY_EXTENSION[extension] ?? '';
}

/**
 * False only when the browser says it cannot play the type at all. An unknown type (a download
 * address without an extension) is tried, and the media `error` event decides.
 */
export function browserCanPlay(probe: Pick<HTMLMediaElement, 'canPlayType'>, source: Pick<VideoSource, 'src' | 'type'>): boolean {
  const type = sourceType(source);
  return !type || probe.canPlayType(type) !== '';
}
