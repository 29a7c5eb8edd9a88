import type { ActivityDetail } from '@dscloud/sdk/activities';
import { Codes, isDsError } from '@dscloud/sdk/errors';
import { serverField } from '../kit';

/**
 * How a refused save is shown: a stale version (409 with the current activity in `data.current`)
 * offers to load it or overwrite; a refusal naming a parameter lands under its field; anything else
 * is the form's failure, in the server's words with the catalogue code.
 */
export type SaveRefusal =
  | { kind: 'stale'; current: ActivityDetail }
  | { kind: 'field'; field: string; message: string }
  | { kind: 'other'; message: string };

export function refusalOf(error: unknown): SaveRefusal {
  const message = isDsError(error) ? `${error.message}（${error.code}）` : error instanceof Error ? error.message : String(error);
  if (isDsError(error) && error.code === Codes.CONFLICT) {
    const data = (error as { envelope?: { data?: unknown } }).envelope?.data;
    const current = data !== null && typeof data === 'object' ? (data as { current?: unknown }).current : undefined;
    if (current !== null && typeof current === 'object' && 'activityId' in current && 'version' in current) return { kind: 'stale', current: current as ActivityDetail };
  }
  const field = serverField(error);
  if (field) return { kind: 'field', field, message: error instanceof Error ? error.message : String(error) };
  return { kind: 'other', message };
}
