import { Codes, messageFor, type Locale } from '../errors/catalogue.js';
import { HttpError, type Envelope } from '../errors/HttpError.js';

/** Whether a parsed body is the platform's `{ status, message, data }` answer. */
export function isEnvelope(body: unknown): body is Envelope {
  if (body === null || typeof body !== 'object') return false;
  const status = (body as { status?: unknown }).status;
  return typeof status === 'number' || (typeof status === 'string' && /^\d+$/.test(status));
}

/**
 * Turns one answer into its data or an HttpError. The envelope's status wins over the transport's
 * (the server answers business failures with a matching HTTP status, proxies sometimes with 200).
 */
export function unwrapEnvelope<T>(path: string, httpStatus: number, body: unknown, locale: Locale): T {
  if (isEnvelope(body)) {
    const code = Number(body.status);
    if (code === Codes.OK) return body.data as T;
    const serverMessage = body.message || body.responseMsg || undefined;
    throw new HttpError(code, {
      path,
      httpStatus,
      envelope: body,
      locale,
      ...(serverMessage ? { message: serverMessage } : {}),
    });
  }
  if (httpStatus >= 200 && httpStatus < 300) return body as T;
  // A gateway's HTML page or an empty answer: the HTTP status is all there is.
  throw new HttpError(httpStatus || Codes.UNKNOWN_SERVER_ERROR, { path, httpStatus, locale });
}

/** No answer at all (offline, DNS, CORS refusal, timeout): worth trying again. */
export function networkError(path: string, cause: unknown, locale: Locale): HttpError {
  return new HttpError(Codes.NETWORK_UNAVAILABLE, {
    path,
    httpStatus: 0,
    cause,
    locale,
    retryable: true,
    message: messageFor(Codes.NETWORK_UNAVAILABLE, locale),
  });
}
