import { abortError } from './uploadError.js';

export type HeaderMap = Record<string, string>;

/** What came back: the HTTP status (0 when nothing arrived) and the body, parsed when it is JSON. */
export interface TransportResponse {
  status: number;
  body: unknown;
}

export interface PostInit {
  headers: HeaderMap;
  signal?: AbortSignal;
}

export interface FormPostInit extends PostInit {
  /** Bytes of the request body sent so far; lets a 10 MB chunk show progress before it is answered. */
  onProgress?: (loaded: number, total: number) => void;
}

/**
 * The upload engine's HTTP seam. It rejects only when no answer arrived (network down, aborted);
 * any answer, even a 500, resolves, so that the caller decides what is worth another try.
 */
export interface UploadTransport {
  postJson(url: string, body: unknown, init: PostInit): Promise<TransportResponse>;
  postForm(url: string, form: FormData, init: FormPostInit): Promise<TransportResponse>;
}

/** JSON over fetch; multipart over XMLHttpRequest where it exists, because fetch reports no upload progress. */
export function createDefaultTransport(): UploadTransport {
  return {
    async postJson(url, body, init) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...init.headers },
        body: JSON.stringify(body),
        signal: init.signal,
      });
      return { status: response.status, body: parseBody(await response.text()) };
    },
    postForm(url, form, init) {
      if (typeof XMLHttpRequest === 'undefined') return postFormWithFetch(url, form, init);
      return postFormWithXhr(url, form, init);
    },
  };
}

async function postFormWithFetch(url: string, form: FormData, init: FormPostInit): Promise<TransportResponse> {
  const response = await fetch(url, { method: 'POST', headers: init.headers, body: form, signal: init.signal });
  const text = await response.text();
  init.onProgress?.(1, 1);
  return { status: response.status, body: parseBody(text) };
}

function postFormWithXhr(url: string, form: FormData, init: FormPostInit): Promise<TransportResponse> {
  return new Promise((resolve, reject) => {
    if (init.signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => init.onProgress?.(event.loaded, event.total);
    xhr.onload = () => {
      init.signal?.removeEventListener('abort', onAbort);
      resolve({ status: xhr.status, body: parseBody(xhr.responseText) });
    };
    xhr.onerror = () => {
      init.signal?.removeEventListener('abort', onAbort);
      reject(new TypeError(`Network error while posting to ${url}`));
    };
    xhr.onabort = () => {
      init.signal?.removeEventListener('abort', onAbort);
      reject(abortError());
    };
    init.signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(form);
  });
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
