import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Locale } from '../errors/catalogue.js';
import { messages, type MessageKey } from './messages.js';

export type MessageParams = Readonly<Record<string, string | number>>;

export const DEFAULT_LOCALE: Locale = 'zh-CN';
export const LOCALES: readonly Locale[] = ['zh-CN', 'en'];

/** Reads 'en', 'en-US', 'zh', 'zh-CN'… and settles on a supported locale (Chinese unless clearly English). */
export function normalizeLocale(value: string | null | undefined): Locale {
  return value && /^en\b/i.test(value) ? 'en' : DEFAULT_LOCALE;
}

/** The string for a key in a locale, with `{name}` parameters filled in. */
export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const text: string = messages[key][locale];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export interface I18nState {
  locale: Locale;
}

export interface I18n {
  store: StoreApi<I18nState>;
  locale(): Locale;
  setLocale(locale: Locale): void;
  t(key: MessageKey, params?: MessageParams): string;
}

/** A locale store so that every element re-renders when the user switches language. */
export function createI18n(initial: Locale = DEFAULT_LOCALE): I18n {
  const store = createStore<I18nState>(() => ({ locale: normalizeLocale(initial) }));
  return {
    store,
    locale: () => store.getState().locale,
    setLocale: (locale) => store.setState({ locale: normalizeLocale(locale) }),
    t: (key, params) => translate(store.getState().locale, key, params),
  };
}
