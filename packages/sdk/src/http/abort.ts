/**
 * Whether a failure was our own abort (pause, cancel, destroy, an unmounted screen) rather than the
 * network's: the DOM's AbortError and axios's cancellation alike.
 */
export function isAbort(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return error.name === 'AbortError' || error.name === 'CanceledError' || code === 'ABORT_ERR' || code === 'ERR_CANCELED';
}

export function abortError(): Error {
  const error = new Error('Aborted');
  error.name = 'AbortError';
  return error;
}
