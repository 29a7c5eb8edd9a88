import { fingerprint } from '@dscloud/sdk/session';
import type { Platform } from '../shared/platformRegistry.js';

/**
 * What the uploader needs once it talks to the server, loaded as a lazy part after the drop zone is
 * on screen (`useEngineCore`): the shared platform core (HTTP client, session, config) and the upload
 * engine. Nothing here may be imported statically by the element, or it is back in the first load.
 * The engine's calls carry the platform session's headers; the element hands in only its overrides
 * (a token given as a property, its language).
 */
export { getPlatform } from '../shared/platformRegistry.js';
export { createUploader } from '@dscloud/sdk/upload';

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
