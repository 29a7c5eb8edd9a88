/**
 * Whether an error means "the database is away" (restarting, unreachable, connection cut) rather than
 * a fault of the query: such a request answers 503 5030001, which clients retry, instead of 500. The
 * pool drops the broken connection and opens a new one for the next request.
 */
const CODES = new Set(['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
const MESSAGES = /Connection terminated|connection error and is not queryable|Client was closed|terminating connection|the database system is (starting up|shutting down)|Connection terminated due to connection timeout/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (CODES.has(code) || code.startsWith('08')) return true;
    if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true;
  }
  return false;
}
