/** The `{ status, message, data }` envelope every JSON answer uses (DESIGN.md). */
import { Codes, messageFor, type Locale } from '@dscloud/sdk/errors';
import type { FastifyRequest } from 'fastify';

export interface Envelope<T> {
  status: number;
  code: number;
  message: string;
  data: T;
}

/** Chinese unless the caller clearly asks for English first. */
export function localeOf(request: FastifyRequest): Locale {
  const header = request.headers['accept-language'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh-CN';
}

export function ok<T>(data: T, locale: Locale = 'zh-CN'): Envelope<T> {
  return { status: Codes.OK, code: Codes.OK, message: messageFor(Codes.OK, locale), data };
}

/** What a failure carries in `data`: the request parameter at fault, when there is one. */
export interface FailureData {
  field?: string;
  [more: string]: unknown;
}

/** `extra` carries what the caller needs to recover (e.g. `current` of a stale edit). */
export function failure(code: number, message: string, field?: string, extra?: Record<string, unknown>): Envelope<FailureData | null> {
  if (!field && !extra) return { status: code, code, message, data: null };
  return { status: code, code, message, data: { ...extra, ...(field ? { field } : {}) } };
}
