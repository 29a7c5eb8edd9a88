import axios, { isCancel, type AxiosAdapter, type AxiosResponse, type Method } from 'axios';
import { createStore } from 'zustand/vanilla';
import { Codes, SESSION_ENDING_CODES, type Locale } from '../errors/catalogue.js';
import { HttpError } from '../errors/HttpError.js';
import { ERROR_NOTICE_DURATION, type Notify } from '../util/notice.js';
import { readonly, type ReadonlyStore } from '../util/readonlyStore.js';
import { networkError, unwrapEnvelope } from './envelope.js';
import type { AuthGate } from './gate.js';
import type { JsonClient, RequestOptions } from './calls.js';
import { createPaths, type Prefixes } from './paths.js';
import { readBlobAnswer, type BlobResult } from './blob.js';
import { recordError } from './recentErrors.js';

export interface BlobRequestOptions extends RequestOptions {
  method?: 'GET' | 'POST';
}

export interface HttpClientOptions {
  /** Origin of the platform API; '' means the page's own origin. */
  apiBase?: string;
  prefixes?: Partial<Prefixes>;
  /** The transport seam: tests hand in a fake adapter, hosts may hand in fetch or a shell bridge. */
  adapter?: AxiosAdapter;
  timeout?: number;
  systemType?: () => string;
  /** Top organisation id of the current user, once known. */
  topClass?: () => string | number | null | undefined;
  locale?: () => Locale;
  gate?: AuthGate;
  notify?: Notify;
  /** Initial state of the global error-notice switch. */
  showErrorNotice?: boolean;
}

export interface HttpSettings {
  /** The global switch (config `common.message.showError`): failed calls raise a notice. */
  showErrorNotice: boolean;
}

export type { RequestOptions } from './calls.js';

export interface HttpClient extends JsonClient {
  readonly apiBase: string;
  readonly settings: ReadonlyStore<HttpSettings>;
  setShowErrorNotice(on: boolean): void;
  /** File-type answers (downloads, exports): never raise the global notice. */
  blob(path: string, body?: unknown, options?: BlobRequestOptions): Promise<BlobResult>;
  /**
   * The headers every call of this client carries (language, platform id `ua`, top organisation, and
   * `Authorization` when a token is given), for calls made outside it: keepalive fetches on page hide.
   */
  headers(token?: string | null, locale?: Locale): Record<string, string>;
  /** The same client (headers, session, envelope) over another transport: tests, a shell's bridge. */
  withAdapter(adapter: AxiosAdapter): HttpClient;
}

/** The transport the client uses when none is given (XHR in a browser): for a seam that wraps the real line. */
export function defaultTransport(): AxiosAdapter {
  return axios.getAdapter(axios.defaults.adapter);
}

/** Zh-CN goes out as the platform's historical 'zh-CH' (spec §9). */
export function acceptLanguageFor(locale: Locale): string {
  return locale === 'en' ? 'en' : 'zh-CH';
}

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const apiBase = (options.apiBase ?? '').replace(/\/+$/, '');
  const paths = createPaths(options.prefixes);
  const locale = options.locale ?? (() => 'zh-CN' as const);
  const settings = createStore<HttpSettings>(() => ({ showErrorNotice: options.showErrorNotice ?? false }));
  const transport = axios.create({
    baseURL: apiBase,
    timeout: options.timeout ?? 60_000,
    // Every answer, 4xx included, is read as an envelope; only a missing answer is a transport error.
    validateStatus: () => true,
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  function headersFor(token: string | null | undefined, lang: Locale, extra?: Record<string, string>): Record<string, string> {
    const headers: Record<string, string> = { 'Accept-Language': acceptLanguageFor(lang), ...extra };
    if (token) headers.Authorization = token;
    const ua = options.systemType?.();
    if (ua) headers.ua = ua;
    const top = options.topClass?.();
    if (top !== null && top !== undefined && top !== '') headers.topClass = String(top);
    return headers;
  }

  async function send(
    method: Method,
    path: string,
    token: string | null,
    body: unknown,
    opts: RequestOptions,
    responseType: 'json' | 'blob',
  ): Promise<AxiosResponse> {
    const headers = opts.external ? { ...opts.headers } : headersFor(token, locale(), opts.headers);
    const queryInBody = method === 'GET' || method === 'DELETE';
    try {
      return await transport.request({
        method,
        url: path,
        headers,
        params: queryInBody && body !== undefined ? { ...(body as object), ...opts.params } : opts.params,
        data: queryInBody ? undefined : body,
        responseType,
        ...(opts.signal ? { signal: opts.signal } : {}),
        ...(opts.timeout !== undefined ? { timeout: opts.timeout } : {}),
        ...(opts.onUploadProgress ? { onUploadProgress: opts.onUploadProgress } : {}),
        ...(opts.onDownloadProgress ? { onDownloadProgress: opts.onDownloadProgress } : {}),
      });
    } catch (cause) {
      if (isCancel(cause)) throw cause;
      throw networkError(path, cause, locale());
    }
  }

  async function call<T>(
    method: Method,
    path: string,
    body: unknown,
    opts: RequestOptions,
    read: (response: AxiosResponse) => Promise<T> | T,
    responseType: 'json' | 'blob' = 'json',
  ): Promise<T> {
    const gate = opts.public || opts.external ? undefined : options.gate;
    let token = gate ? await gate.acquire() : null;
    try {
      try {
        return await read(await send(method, path, token, body, opts, responseType));
      } catch (error) {
        if (!(error instanceof HttpError) || error.code !== Codes.TOKEN_EXPIRED || !gate || !token) throw error;
        // The server saw the token expire before our clock did: one shared refresh, one replay.
        token = await gate.renew(token);
        return await read(await send(method, path, token, body, opts, responseType));
      }
    } catch (error) {
      if (error instanceof HttpError) recordError({ code: error.code, message: error.message, url: path });
      if (error instanceof HttpError && gate && endsSession(error.code)) {
        gate.end(error, token);
      } else if (error instanceof HttpError && !opts.silent && responseType === 'json' && !isStatistics(path)) {
        announce(error);
      }
      throw error;
    }
  }

  function announce(error: HttpError): void {
    if (!settings.getState().showErrorNotice || !options.notify) return;
    options.notify({
      kind: 'error',
      message: error.localizedMessage(locale()),
      path: error.path,
      status: error.code,
      duration: ERROR_NOTICE_DURATION,
    });
  }

  const json =
    (method: Method) =>
    <T>(path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> =>
      call<T>(method, path, body, opts, (response) => unwrapEnvelope<T>(path, response.status, response.data, locale()));

  return {
    paths,
    apiBase,
    settings: readonly(settings),
    setShowErrorNotice: (on) => settings.setState({ showErrorNotice: on }),
    get: json('GET'),
    delete: json('DELETE'),
    post: json('POST'),
    put: json('PUT'),
    blob: (path, body, opts = {}) =>
      call(opts.method ?? 'GET', path, body, opts, (response) => readBlobAnswer(path, response, locale()), 'blob'),
    url: (path) => `${apiBase}${path.startsWith('/') ? path : `/${path}`}`,
    headers: (token, lang = locale()) => headersFor(token, lang),
    withAdapter: (adapter) => createHttpClient({ ...options, adapter, showErrorNotice: settings.getState().showErrorNotice }),
  };
}

/** 4010003 on a replayed call means even a fresh token is refused: the session is over too. */
function endsSession(code: number): boolean {
  return SESSION_ENDING_CODES.has(code) || code === Codes.TOKEN_EXPIRED;
}

/** Statistics calls fail quietly: their screens show an empty chart instead (spec §8). */
function isStatistics(path: string): boolean {
  return path.includes('/sta');
}
