import { Codes, isDsError } from '@dscloud/sdk/errors';

/** The server's words and catalogue code, as the pages show a refusal: 「节点已满（409）」. */
export function errorText(error: unknown): string {
  if (isDsError(error)) return `${error.message}（${error.code}）`;
  return error instanceof Error ? error.message : String(error);
}

/** A 409: a full node, a stale version or a state that no longer allows the action. */
export function isConflict(error: unknown): boolean {
  return isDsError(error) && error.code === Codes.CONFLICT;
}

/** For loads where "not there" is an answer the page shows, not a failure. */
export function notFoundAsNull(error: unknown): null {
  if (isDsError(error) && error.code === Codes.NOT_FOUND) return null;
  throw error;
}
