import { catalogue, Codes, messageFor, type Locale } from './catalogue.js';

export interface DsErrorOptions {
  /** A message to show instead of the catalogue's (the server's own words, usually Chinese). */
  message?: string;
  /** The English twin of `message`, for messages of our own that carry a value ("每个文件不能超过500MB"). */
  messageEn?: string;
  cause?: unknown;
  locale?: Locale;
  /** The request parameter at fault, as the server named it (`title`, `resources[1].title`). */
  field?: string;
}

/**
 * The one error family of the platform: a stable catalogue `code` to branch on, a message that is safe
 * to show to a teacher or a parent, and the `cause` that led to it for the console.
 */
export class DsError extends Error {
  override readonly name: string = 'DsError';
  readonly code: number;
  readonly messageZh: string;
  readonly messageEn: string;
  /** True when `message` came from outside the catalogue (the server's text). */
  readonly custom: boolean;
  /** The request parameter at fault (`title`, `resources[1].title`), when the server named one. */
  readonly field: string | undefined;

  constructor(code: number, options: DsErrorOptions = {}) {
    const locale = options.locale ?? 'zh-CN';
    const zh = options.message ?? messageFor(code, 'zh-CN');
    // A server message has no English twin; the catalogue's English is the closest honest text.
    const en = options.messageEn ?? (options.message && locale === 'en' ? options.message : messageFor(code, 'en'));
    super(locale === 'en' ? en : zh, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.messageZh = zh;
    this.messageEn = en;
    this.custom = options.message !== undefined;
    this.field = options.field;
  }

  /** The message in a locale; a server-given message is shown as it came in zh-CN. */
  localizedMessage(locale: Locale): string {
    return locale === 'en' ? this.messageEn : this.messageZh;
  }

  /** Whether the catalogue knows this code (an unknown server code still yields a DsError). */
  get known(): boolean {
    return Object.prototype.hasOwnProperty.call(catalogue, this.code);
  }
}

/** Wraps anything thrown into a DsError, keeping DsErrors as they are. */
export function toDsError(value: unknown, fallbackCode: number = Codes.UNKNOWN_SERVER_ERROR): DsError {
  if (value instanceof DsError) return value;
  return new DsError(fallbackCode, { cause: value });
}

/** Narrowing helper that survives duplicated module copies (checks the shape, not the prototype). */
export function isDsError(value: unknown): value is DsError {
  return value instanceof DsError || (value instanceof Error && typeof (value as { code?: unknown }).code === 'number' && 'messageZh' in value);
}
