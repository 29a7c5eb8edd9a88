import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';

/**
 * The first API calls of a route, started by index.html's start script before the portal's code arrives
 * (docs/performance.md, "Early data"): the page's answer is taken by the first call the screen makes
 * that is the same request (method, address, body and the headers the answer depends on), and only as
 * many times as the start script allows (once, or once each for a lesson's screen and its player).
 * Any other call, a later one, or an early request that failed goes out normally.
 */
export interface EarlyRequest {
  method: string;
  /** Path and query, as the start script sent them (`/cloudSchool/v1/cloudLesson/getById?lessonId=7`). */
  url: string;
  /** The JSON body as sent, or null. */
  body: string | null;
  headers: Record<string, string>;
  /** How many calls may take the answer (a lesson: the screen and its player each ask once); 1 by default. */
  uses?: number;
  answer: Promise<EarlyAnswer>;
}

export interface EarlyAnswer {
  status: number;
  statusText: string;
  contentType: string;
  text: string;
}

/**
 * The headers an answer may depend on: they must be the same for the answer to be taken. `topClass` is
 * not among them: it is the signed-in user's top organisation, given by the token (the client adds it
 * once the user is loaded, which the page's start script cannot know).
 */
const COMPARED = ['authorization', 'accept-language', 'ua'] as const;

declare global {
  interface Window {
    /** The start script's requests (index.html), each taken at most once. */
    dsEarly?: EarlyRequest[];
  }
}

function lowerHeaders(headers: unknown): Record<string, string> {
  const plain = headers && typeof headers === 'object' && 'toJSON' in headers ? (headers as { toJSON(): unknown }).toJSON() : headers;
  const out: Record<string, string> = {};
  if (plain && typeof plain === 'object') {
    for (const [key, value] of Object.entries(plain)) if (value !== undefined && value !== null) out[key.toLowerCase()] = String(value);
  }
  return out;
}

/** The request's path and query as the page's origin sees it, or null when it goes elsewhere. */
export function requestPath(config: Pick<InternalAxiosRequestConfig, 'url' | 'baseURL' | 'params'>, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(config.url ?? '', `${(config.baseURL || origin).replace(/\/+$/, '')}/`);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const params = config.params as Record<string, unknown> | undefined;
  if (params) {
    for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null) url.searchParams.append(key, String(value));
  }
  return `${url.pathname}${url.search}`;
}

/** Whether `config` asks exactly what `early` asked. */
export function sameRequest(early: EarlyRequest, config: InternalAxiosRequestConfig, origin: string): boolean {
  if ((config.method ?? 'get').toUpperCase() !== early.method.toUpperCase()) return false;
  if (config.responseType && config.responseType !== 'json') return false;
  if (requestPath(config, origin) !== early.url) return false;
  const data: unknown = config.data;
  const body = data === undefined || data === null ? null : data;
  if (typeof body !== 'string' && body !== null) return false;
  if (body !== early.body) return false;
  const mine = lowerHeaders(config.headers);
  const theirs = lowerHeaders(early.headers);
  return COMPARED.every((name) => (mine[name] ?? '') === (theirs[name] ?? ''));
}

/**
 * Wraps the HTTP client's transport: a request the start script already made is answered from its
 * pending answer (once); everything else, and an early request that failed, goes to `next`.
 */
export function earlyAnswers(next: AxiosAdapter, list: () => EarlyRequest[] | undefined = () => window.dsEarly, origin = window.location.origin): AxiosAdapter {
  return async (config) => {
    const pending = list();
    const index = pending && !config.signal?.aborted ? pending.findIndex((early) => sameRequest(early, config, origin)) : -1;
    if (!pending || index < 0) return next(config);
    const early = pending[index]!;
    early.uses = (early.uses ?? 1) - 1;
    if (early.uses <= 0) pending.splice(index, 1);
    let answer: EarlyAnswer;
    try {
      answer = await early.answer;
    } catch {
      return next(config);
    }
    // A failed early answer (the server's 5xx, a proxy's page) is asked again the normal way.
    if (answer.status >= 500 || !/json/i.test(answer.contentType)) return next(config);
    const response: AxiosResponse = {
      data: answer.text,
      status: answer.status,
      statusText: answer.statusText,
      headers: { 'content-type': answer.contentType },
      config,
      request: null,
    };
    return response;
  };
}
