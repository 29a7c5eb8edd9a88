import { acceptLanguageFor } from '@dscloud/sdk/http';
import { fingerprint } from '@dscloud/sdk/session';
import type { HeaderMap } from '@dscloud/sdk/upload';
import type { Platform } from '../shared/platformRegistry.js';
import type { Lang } from './messages.js';

/**
 * The headers every upload call carries (spec §7): the token handed to the element as a property
 * wins; otherwise the platform session's, refreshed first when it is due.
 */
export function uploadAuthHeaders(platform: Platform, token: () => string | undefined, lang: () => Lang): () => Promise<HeaderMap> {
  return async () => {
    let value = token();
    if (!value) {
      try {
        value = (await platform.session.ensureFresh()) ?? undefined;
      } catch {
        // A failed refresh already logged the session out; the server answers 4010001 and the row shows it.
        value = undefined;
      }
    }
    const headers: HeaderMap = { 'Accept-Language': acceptLanguageFor(lang()), ua: platform.systemType };
    if (value) headers.Authorization = value;
    const top = platform.user.getState().user?.topOrgId;
    if (top !== undefined && top !== null && top !== '') headers.topClass = String(top);
    return headers;
  };
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
