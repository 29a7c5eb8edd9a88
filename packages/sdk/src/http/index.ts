export {
  createHttpClient,
  acceptLanguageFor,
  defaultTransport,
  type HttpClient,
  type HttpClientOptions,
  type HttpSettings,
  type RequestOptions,
  type BlobRequestOptions,
} from './client.js';
export type { JsonClient } from './calls.js';
export { createPaths, joinPath, DEFAULT_PREFIXES, type Prefixes, type Paths, type PathBuilder } from './paths.js';
export { isAbort, abortError } from './abort.js';
export { retryPolicy, withRetry, isRetryable, NO_RETRY, type RetryPolicy } from './retryPolicy.js';
export { unwrapEnvelope, isEnvelope, networkError } from './envelope.js';
export { fileNameFrom, type BlobResult } from './blob.js';
export type { AuthGate } from './gate.js';
export { ERROR_NOTICE_DURATION, consoleNotify, type Notice, type Notify } from '../util/notice.js';
export type { Envelope } from '../errors/HttpError.js';
export { recentErrors, clearRecentErrors, RECENT_ERRORS_MAX, type RecordedError } from './recentErrors.js';
