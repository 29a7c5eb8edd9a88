import type { Paths } from './paths.js';

export interface RequestOptions {
  /** Sent without a token and never refreshed (login, public lists, global config). */
  public?: boolean;
  /**
   * A call to another service (the object store's form endpoint): none of the platform's headers,
   * no token; a failure is still an HttpError.
   */
  external?: boolean;
  /** No global error notice for this call; the caller shows its own message. */
  silent?: boolean;
  /** Query parameters (for GET and DELETE the body argument is used as the query when given). */
  params?: Record<string, unknown>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Milliseconds; 0 for none (large uploads on slow lines). */
  timeout?: number;
  onUploadProgress?: (event: { loaded: number; total?: number }) => void;
  /** Bytes of the answer received so far; `total` from Content-Length when the server sent one. */
  onDownloadProgress?: (event: { loaded: number; total?: number }) => void;
}

/**
 * The JSON calls of the platform's HTTP client: what an API module (`createLessonsApi`, …) needs of it.
 * Kept apart from the client so that modules the server shares see types only, no browser transport.
 */
export interface JsonClient {
  readonly paths: Paths;
  get<T>(path: string, query?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, query?: unknown, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** An absolute URL for a path, for `<img src>`, `<a href>` and shells that download themselves. */
  url(path: string): string;
}
