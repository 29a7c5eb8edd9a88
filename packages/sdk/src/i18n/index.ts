export { messages, type MessageKey } from './messages.js';
export { normalizeLocale, DEFAULT_LOCALE, LOCALES } from './locale.js';
export {
  createI18n,
  translate,
  type I18n,
  type I18nState,
  type MessageParams,
} from './i18n.js';
export type { Locale } from '../errors/catalogue.js';
