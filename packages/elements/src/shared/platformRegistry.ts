import { createPlatform, type Platform } from '@dscloud/sdk';

export type { Platform };

/**
 * The origin this script was loaded from. A bureau page that loads
 * `https://platform.example/elements/ds-elements.js` talks to `https://platform.example` by default.
 */
export function scriptOrigin(): string {
  try {
    return new URL(import.meta.url).origin;
  } catch {
    return typeof location === 'undefined' ? '' : location.origin;
  }
}

const platforms = new Map<string, Platform>();

function normalise(apiBase: string): string {
  return apiBase.replace(/\/+$/, '');
}

/**
 * One SDK platform per API base, shared by every element on the page, so two elements pointing at
 * the same platform share one session and one config load.
 */
export function getPlatform(apiBase?: string | null): Platform {
  const key = normalise(apiBase || scriptOrigin());
  let platform = platforms.get(key);
  if (!platform) {
    // An element on a bureau's page never moves the page by itself: the host hears events and
    // decides (`return-url` is handled by the element that has it).
    platform = createPlatform({ apiBase: key, navigate: () => undefined });
    platforms.set(key, platform);
  }
  return platform;
}
