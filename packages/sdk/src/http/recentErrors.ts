/**
 * The last failed calls this page's HTTP clients saw, for a feedback the user chooses to send with
 * them. A ring buffer of RECENT_ERRORS_MAX entries shared by every client of the page. What is kept is
 * deliberately little: the code, the message safe to show, the time and the path without its query
 * (queries may carry tokens or tickets); never a header, a token or a body.
 */

export interface RecordedError {
  code: number | string;
  message: string;
  /** ISO 8601 instant. */
  at: string;
  url?: string;
}

export const RECENT_ERRORS_MAX = 10;
const MESSAGE_MAX = 300;

const ring: RecordedError[] = [];

/** The path of a call without query, fragment or credentials in it. */
export function pathOnly(url: string): string {
  const cut = url.split(/[?#]/, 1)[0] ?? '';
  // An absolute URL may carry user:password@ — keep scheme, host and path only.
  return cut.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, '$1').slice(0, 500);
}

/** Called by the HTTP client for every call that failed (aborted calls are not failures). */
export function recordError(entry: { code: number | string; message: string; url?: string }, now: number = Date.now()): void {
  ring.push({
    code: entry.code,
    message: [...entry.message].slice(0, MESSAGE_MAX).join(''),
    at: new Date(now).toISOString(),
    ...(entry.url ? { url: pathOnly(entry.url) } : {}),
  });
  if (ring.length > RECENT_ERRORS_MAX) ring.splice(0, ring.length - RECENT_ERRORS_MAX);
}

/** The last RECENT_ERRORS_MAX failures, oldest first (copies: the caller may change them). */
export function recentErrors(): RecordedError[] {
  return ring.map((entry) => ({ ...entry }));
}

/** Forgets every recorded failure (tests; a page that logs out may call it too). */
export function clearRecentErrors(): void {
  ring.length = 0;
}
