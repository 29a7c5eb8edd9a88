import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Locale } from '../errors/catalogue.js';
import { DEFAULT_LOCALE, normalizeLocale } from './locale.js';
import { messages, type MessageKey } from './messages.js';

export type MessageParams = Readonly<Record<string, string | number>>;

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
