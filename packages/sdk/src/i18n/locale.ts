import type { Locale } from '../errors/catalogue.js';

// Apart from the message catalogue: an element that only needs to know its language does not load the strings.
export const DEFAULT_LOCALE: Locale = 'zh-CN';
export const LOCALES: readonly Locale[] = ['zh-CN', 'en'];

/** Reads 'en', 'en-US', 'zh', 'zh-CN'… and settles on a supported locale (Chinese unless clearly English). */
export function normalizeLocale(value: string | null | undefined): Locale {
  return value && /^en\b/i.test(value) ? 'en' : DEFAULT_LOCALE;
}
