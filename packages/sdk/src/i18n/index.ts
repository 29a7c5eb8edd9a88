export { messages, type MessageKey } from './messages.js';
export {
  createI18n,
  translate,
  normalizeLocale,
  DEFAULT_LOCALE,
  LOCALES,
  type I18n,
  type I18nState,
  type MessageParams,
} from './i18n.js';
export type { Locale } from '../errors/catalogue.js';
