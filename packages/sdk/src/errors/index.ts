export * from './catalogue.js';
export { DsError, toDsError, isDsError, type DsErrorOptions } from './DsError.js';
export { HttpError, type Envelope, type HttpErrorOptions } from './HttpError.js';
