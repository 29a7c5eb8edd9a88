/**
 * What a feedback may carry about where it was written (the user sees it and consents first): the
 * page without secrets in its query, the role, the browser and the last failures of the SDK's HTTP
 * layer. Browser globals are read only here and only when asked, with a seam for tests and shells.
 */
import { recentErrors } from '../http/recentErrors.js';
import { CONTEXT_BROWSER_MAX, CONTEXT_PAGE_MAX, CONTEXT_ROLE_MAX } from './feedbackRules.js';
import type { FeedbackContext } from './types.js';

/** Query keys whose values never leave the page: tokens, tickets, passwords, codes, signatures, keys. */
const SECRET_KEY = /token|ticket|pass|pwd|secret|sig|code|key|auth|session|credential/i;

const cut = (text: string, max: number) => [...text].slice(0, max).join('');

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let key = pair.slice(0, eq);
      try {
        key = decodeURIComponent(key.replace(/\+/g, ' '));
      } catch {
        // A malformed key is matched as written.
      }
      return SECRET_KEY.test(key) ? `${pair.slice(0, eq)}=***` : pair;
    })
    .join('&');
}

/**
 * A page address with the values of secret-looking query parameters replaced by `***`, in the search
 * part and in a hash route's own query (`/#/lesson?token=…`), and without user:password@.
 */
export function redactUrl(href: string): string {
  const withoutUser = href.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@?#]*@/i, '$1');
  return withoutUser.replace(/\?([^#]*)/g, (_match, query: string) => `?${redactQuery(query)}`);
}

export interface ContextSources {
  href?: () => string;
  userAgent?: () => string;
}

/** Read through globalThis: the server imports this module too and has no DOM types. */
const page = globalThis as { location?: { href?: string }; navigator?: { userAgent?: string } };

const browserSources: Required<ContextSources> = {
  href: () => page.location?.href ?? '',
  userAgent: () => page.navigator?.userAgent ?? '',
};

/** The context a feedback form shows and, with consent, sends. */
export function feedbackContext(role: string, sources: ContextSources = {}): FeedbackContext {
  const read = { ...browserSources, ...sources };
  return {
    page: cut(redactUrl(read.href()), CONTEXT_PAGE_MAX),
    role: cut(role, CONTEXT_ROLE_MAX),
    browser: cut(read.userAgent(), CONTEXT_BROWSER_MAX),
    errors: recentErrors(),
  };
}
