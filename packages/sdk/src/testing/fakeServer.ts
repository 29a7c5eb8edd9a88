import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { httpStatusFor } from '../errors/catalogue.js';

export interface FakeRequest {
  method: string;
  /** Path without the API base and without the query string. */
  path: string;
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type FakeHandler = (request: FakeRequest) => FakeReply | 'network-error' | Promise<FakeReply | 'network-error'>;

/** A success envelope. */
export const ok = (data?: unknown): FakeReply => ({ status: 200, body: { status: 200, message: '成功', data } });

/** A failure envelope with the catalogue's HTTP status for the code. */
export const fail = (code: number, message?: string): FakeReply => ({
  status: httpStatusFor(code),
  body: { status: code, message, data: null },
});

export interface FakeServer {
  /** The axios adapter to hand to `createPlatform({ adapter })`. */
  adapter: AxiosAdapter;
  on(method: string, path: string, handler: FakeHandler): FakeServer;
  requests: FakeRequest[];
  requestsTo(path: string): FakeRequest[];
}

/** An in-memory API for tests at the transport seam: routes by method and path, records every request. */
export function createFakeServer(): FakeServer {
  const routes = new Map<string, FakeHandler>();
  const requests: FakeRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const request = toFakeRequest(config);
    requests.push(request);
    const handler = routes.get(`${request.method} ${request.path}`);
    const reply = handler ? await handler(request) : fail(404, `no fake route ${request.method} ${request.path}`);
    if (reply === 'network-error') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    const body = reply.body;
    const isBinary = body instanceof Blob || body instanceof Uint8Array;
    return {
      data: config.responseType === 'blob' && !isBinary ? new Blob([JSON.stringify(body)], { type: 'application/json' }) : isBinary ? body : JSON.stringify(body),
      status: reply.status ?? 200,
      statusText: String(reply.status ?? 200),
      headers: new AxiosHeaders({ 'content-type': isBinary ? 'application/octet-stream' : 'application/json', ...reply.headers }),
      config,
      request: {},
    };
  };
  const server: FakeServer = {
    adapter,
    on(method, path, handler) {
      routes.set(`${method.toUpperCase()} ${path}`, handler);
      return server;
    },
    requests,
    requestsTo: (path) => requests.filter((request) => request.path === path),
  };
  return server;
}

function toFakeRequest(config: InternalAxiosRequestConfig): FakeRequest {
  const url = new URL(config.url ?? '/', 'http://fake.local');
  const query: Record<string, string> = Object.fromEntries(url.searchParams);
  for (const [key, value] of Object.entries((config.params ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) query[key] = String(value);
  }
  let body: unknown = config.data;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      // keep the raw text
    }
  }
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(AxiosHeaders.from(config.headers).toJSON())) {
    if (value !== undefined && value !== null) headers[key] = String(value);
  }
  return { method: (config.method ?? 'get').toUpperCase(), path: url.pathname, query, body, headers };
}
