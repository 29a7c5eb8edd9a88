/**
 * A node selection posted by a host frame (the e-textbook of the original product was a frame that
 * posted its choice as JSON text). Only messages from exact origins are read; text that is not JSON,
 * or JSON that is not a node selection, is the conversion error of spec §8 (4220303) — reported and
 * answered to the sender, never thrown.
 */
import { Codes, messageFor } from '@dscloud/sdk/errors';
import type { NodeSelection } from '@dscloud/sdk/tools';

export const SELECT_MESSAGE = 'ds-etextbook-select';
export const ERROR_MESSAGE = 'ds-etextbook-error';

export type HostMessageResult = { kind: 'ignored' } | { kind: 'selection'; selection: NodeSelection } | { kind: 'error'; code: number; message: string };

const FIELDS: (keyof NodeSelection)[] = ['businessEditionId', 'businessBookId', 'businessBookLabel', 'nodeLabel', 'nodeId'];

export function readHostMessage(origin: string, data: unknown, allowed: readonly string[], ownOrigin: string): HostMessageResult {
  if (origin !== ownOrigin && !allowed.includes(origin)) return { kind: 'ignored' };
  const message = data as { type?: unknown; data?: unknown } | null;
  if (!message || typeof message !== 'object' || message.type !== SELECT_MESSAGE) return { kind: 'ignored' };
  const conversion = (why: string) => ({ kind: 'error' as const, code: Codes.TOOL_CONVERSION_ERROR, message: `${messageFor(Codes.TOOL_CONVERSION_ERROR)}（${why}）` });
  if (typeof message.data !== 'string') return conversion('data 需要是 JSON 文本');
  let parsed: unknown;
  try {
    parsed = JSON.parse(message.data);
  } catch (error) {
    return conversion((error as Error).message);
  }
  const selection = parsed as Partial<Record<keyof NodeSelection, unknown>> | null;
  if (!selection || typeof selection !== 'object') return conversion('需要一个对象');
  const missing = FIELDS.filter((f) => typeof selection[f] !== 'string' || (f === 'nodeId' && !selection[f]));
  if (missing.length) return conversion(`缺少字段：${missing.join('、')}`);
  return { kind: 'selection', selection: Object.fromEntries(FIELDS.map((f) => [f, selection[f]])) as unknown as NodeSelection };
}
