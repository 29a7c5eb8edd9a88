import type { Platform } from '../shared/platformRegistry.js';
import type { LearningReport } from './lessonApi.js';

/**
 * The page-hide path of a study report. `sendBeacon` cannot carry the token header, so this is a
 * `fetch` with `keepalive`, which outlives the page and may send headers (with a CORS preflight when
 * the API is on another origin). It uses the token as it is now: there is no time left to refresh it,
 * so the headers are the platform client's for that token (language, `ua`, top organisation).
 */
export function keepaliveSender(platform: Platform, url: () => string, token: () => string | undefined, lang: 'zh-CN' | 'en') {
  return (report: LearningReport): void => {
    const value = token();
    if (!value) return;
    const headers = { 'Content-Type': 'application/json', ...platform.http.headers(value, lang) };
    fetch(url(), { method: 'POST', keepalive: true, headers, body: JSON.stringify(report), mode: 'cors', credentials: 'omit' }).catch(() => {
      // The page is going away; a lost batch is a few seconds of study time, not worth a retry loop.
    });
  };
}
