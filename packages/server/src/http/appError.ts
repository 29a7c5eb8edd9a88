/**
 * The one error type route code throws. It carries a catalogue code; the error handler turns it into
 * the envelope with the catalogue's HTTP status and message (or a more precise `message` when given),
 * and `data: { field }` when the error names the request parameter at fault.
 */
import { httpStatusFor } from '@dscloud/sdk/errors';

export class AppError extends Error {
  readonly status: number;
  readonly httpStatus: number;
  /** A message more precise than the catalogue's, e.g. naming the field; Chinese. */
  readonly detail: string | undefined;
  /** The request parameter at fault (`title`, `resources[1].title`), sent as `data.field`. */
  readonly field: string | undefined;
  /** More the caller needs to recover, sent beside `field` in `data` (e.g. `current` of a stale edit). */
  readonly data: Record<string, unknown> | undefined;
  /** Sent as `Retry-After` (seconds): when the caller may try again (429s). */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: number, detail?: string, options?: { cause?: unknown; field?: string; data?: Record<string, unknown>; retryAfterSeconds?: number }) {
    super(detail ?? `code ${code}`, options?.cause === undefined ? undefined : { cause: options.cause });
    this.field = options?.field;
    this.data = options?.data;
    this.retryAfterSeconds = options?.retryAfterSeconds;
    this.name = 'AppError';
    this.status = code;
    this.httpStatus = httpStatusFor(code);
    this.detail = detail;
  }
}
