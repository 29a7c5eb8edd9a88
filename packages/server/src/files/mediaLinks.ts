/**
 * Signed media links: how a `<video>`, `<img>` or plain download link fetches a stored file that the
 * server has decided to show to the caller — a lesson video, a cover, a teacher's portrait, a banner.
 * Those elements cannot send the token header, and the plain download route is owner-only.
 *
 * A link names the file and an expiry and carries an HMAC of both under a key derived from the server
 * secret, so only this server can mint one, and only where a route has already checked that the caller
 * may see the thing the file belongs to (a published lesson, or the owner's own unpublished one).
 * Expiries are rounded up to the hour, so the same file gets the same link for an hour: browsers and
 * proxies can cache it, and cached public pages stay byte-identical. A link lives 12–13 hours; a page
 * left open longer gets a fresh link when it reloads its data.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const MEDIA_PATH = '/file/v1/file/media';
const TTL_MS = 12 * 3_600_000;
const BUCKET_MS = 3_600_000;

export type MediaCheck = 'ok' | 'expired' | 'invalid';

export interface MediaLinks {
  /** A signed address for a stored file, or '' when there is none. */
  url(fileInfoId: string | number | null | undefined): string;
  /**
   * A signed address of one file of the video's HLS rendition (`master.m3u8`, `poster.jpg`, …). The
   * signature is in the path, so the playlists' relative names (`360p/index.m3u8`, `s00000.ts`) resolve
   * to addresses that carry it, without rewriting a playlist.
   */
  hls(fileInfoId: string | number, name: string): string;
  /** Whether `sig` was minted here for this file and expiry (seconds), and is still valid. */
  check(fileInfoId: string, expiresAt: number, sig: string): MediaCheck;
}

export function mediaLinks(secret: string, now: () => number): MediaLinks {
  const key = createHmac('sha256', secret).update('media-links:v1').digest();
  const sign = (id: string, exp: number) => createHmac('sha256', key).update(`${id}:${exp}`).digest('base64url').slice(0, 32);
  const expiry = () => Math.ceil((now() + TTL_MS) / BUCKET_MS) * (BUCKET_MS / 1000);
  return {
    hls(fileInfoId, name) {
      const id = String(fileInfoId);
      const exp = expiry();
      return `${MEDIA_PATH}/${encodeURIComponent(id)}/hls/${exp}/${sign(id, exp)}/${name}`;
    },
    url(fileInfoId) {
      if (fileInfoId === null || fileInfoId === undefined || fileInfoId === '') return '';
      const id = String(fileInfoId);
      const exp = expiry();
      return `${MEDIA_PATH}/${encodeURIComponent(id)}?e=${exp}&s=${sign(id, exp)}`;
    },
    check(fileInfoId, expiresAt, sig) {
      const expected = Buffer.from(sign(fileInfoId, expiresAt));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return expiresAt * 1000 > now() ? 'ok' : 'expired';
    },
  };
}
