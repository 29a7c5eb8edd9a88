import { fingerprint } from '@dscloud/sdk/session';
import type { HeaderMap } from '@dscloud/sdk/upload';
import type { Platform } from '../shared/platformRegistry.js';
import type { Lang } from './messages.js';

/**
 * What the uploader needs once it talks to the server, loaded as a lazy part after the drop zone is
 * on screen (`useEngineCore`): the shared platform core (HTTP client, session, config) and the upload
 * engine. Nothing here may be imported statically by the element, or it is back in the first load.
 */
export { getPlatform } from '../shared/platformRegistry.js';
export { createUploader } from '@dscloud/sdk/upload';

/**
 * The headers of every upload call: the token handed to the element as a property wins (the host
 * keeps it fresh); otherwise the platform session's, refreshed first when it is due.
 */
export function uploadHeaders(platform: Platform, token: string | undefined, lang: Lang): HeaderMap | Promise<HeaderMap> {
  if (token) return platform.http.headers(token, lang);
  // A refused refresh has already ended the session: the call goes without a token, the server
  // answers 4010001 and the row shows it.
  return platform.session.headers({ locale: lang }).catch(() => platform.http.headers(null, lang));
}

/**
 * Who uploads, for the resume key: the loaded user when there is one, else a fingerprint of the
 * token (never the token itself: resume records sit in localStorage).
 */
export function uploadUserKey(platform: Platform, token: () => string | undefined): () => string {
  return () => {
    const user = platform.user.getState().user;
    if (user) return `user:${user.baseUserId}`;
    const value = token() || platform.session.getState().token;
    return value ? `token:${fingerprint(value)}` : 'anonymous';
  };
}
