export * from './catalogue.js';
export { DsError, toDsError, isDsError, type DsErrorOptions } from './DsError.js';
export { HttpError, isRetryableStatus, type Envelope, type HttpErrorOptions } from './HttpError.js';
