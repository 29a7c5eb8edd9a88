import { DsError, type DsErrorOptions } from './DsError.js';
import { Codes, httpStatusFor } from './catalogue.js';

/** The `{ status, message, data }` answer of every API call (spec §3). */
export interface Envelope<T = unknown> {
  status: number;
  message?: string;
  data?: T;
  code?: number | string;
  responseMsg?: string;
  type?: string;
}

export interface HttpErrorOptions extends DsErrorOptions {
  path: string;
  /** The transport's status; 0 when no answer arrived. */
  httpStatus?: number;
  envelope?: Envelope;
  retryable?: boolean;
}

/** A failed call: what was asked (`path`), what came back (`httpStatus`, `envelope`) and whether trying again may help. */
export class HttpError extends DsError {
  override readonly name: string = 'HttpError';
  readonly path: string;
  readonly httpStatus: number;
  readonly envelope: Envelope | undefined;
  readonly retryable: boolean;

  constructor(code: number, options: HttpErrorOptions) {
    super(code, { ...options, field: options.field ?? fieldOf(options.envelope) });
    this.path = options.path;
    this.httpStatus = options.httpStatus ?? httpStatusFor(code);
    this.envelope = options.envelope;
    this.retryable = options.retryable ?? defaultRetryable(code, this.httpStatus);
  }
}

/** A failure envelope names the parameter at fault as `data.field` (docs/api.md). */
function fieldOf(envelope: Envelope | undefined): string | undefined {
  const data = envelope?.data;
  const field = data !== null && typeof data === 'object' ? (data as { field?: unknown }).field : undefined;
  return typeof field === 'string' && field !== '' ? field : undefined;
}

/**
 * The platform's one rule for whether asking again may help: no answer at all (0), a timeout (408),
 * throttling (429) or a server fault (5xx) may pass; 501 (never implemented) and any other refusal
 * will not change by asking again.
 */
export function isRetryableStatus(httpStatus: number): boolean {
  if (httpStatus === 0 || httpStatus === 408 || httpStatus === 429) return true;
  return httpStatus >= 500 && httpStatus !== 501;
}

function defaultRetryable(code: number, httpStatus: number): boolean {
  return code === Codes.NETWORK_UNAVAILABLE || isRetryableStatus(httpStatus);
}
