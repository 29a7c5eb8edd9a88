/**
 * The list's lazy part: the shared platform core (HTTP client, session, config) and the activities
 * client. Loaded after the first render (`useActivityPage`), so the element's first load is its own
 * code only. Nothing here may be imported statically by the element.
 */
import { createActivitiesApi, type ActivitySummary, type Page, type PublishedActivityQuery } from '@dscloud/sdk/activities';
import { DsError } from '@dscloud/sdk/errors';
import type { Locale } from '@dscloud/sdk/i18n';
import type { Platform } from '../shared/platformRegistry.js';

export { getPlatform } from '../shared/platformRegistry.js';

export interface ActivitySource {
  page(query: PublishedActivityQuery, signal: AbortSignal): Promise<Page<ActivitySummary>>;
}

export function activitySource(platform: Platform): ActivitySource {
  const api = createActivitiesApi(platform.http);
  // Covers are stored as server paths; the card's <img> on a bureau's page needs the platform's origin.
  const absolute = (url: string) => (!url || /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : platform.http.url(url));
  return {
    async page(query, signal) {
      const page = await api.publishedPage(query, { silent: true, signal });
      return { ...page, rows: page.rows.map((row) => ({ ...row, coverUrl: absolute(row.coverUrl) })) };
    },
  };
}

/** What the error state says under its title: the server's message, or the catalogue's for the code. */
export const failureDetail = (error: unknown, lang: Locale): string => (error instanceof DsError ? error.localizedMessage(lang) : '');
