import { encryptPassword } from '@dscloud/sdk/auth';
import { md5 } from 'hash-wasm';
import { apiBase } from '../test/apiBase.js';
import { waitFor } from '../test/waitFor.js';
import type { DsUploaderElement } from './uploader.element.js';

/** The server checks magic numbers against the extension: random bytes get the right header. */
const MAGIC: Record<string, string> = { zip: 'PK\x03\x04', pdf: '%PDF-1.7\n' };

/**
 * Deterministic pseudo-random bytes (xorshift32) behind the extension's magic number: the same seed
 * gives the same file in every run.
 */
export function pseudoRandomFile(name: string, size: number, seed: number, lastModified = 1_767_225_600_000): File {
  const words = new Uint32Array(Math.ceil(size / 4));
  let x = seed >>> 0 || 1;
  for (let i = 0; i < words.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    words[i] = x >>> 0;
  }
  const bytes = new Uint8Array(words.buffer, 0, size);
  const magic = MAGIC[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? '';
  for (let i = 0; i < magic.length && i < size; i++) bytes[i] = magic.charCodeAt(i);
  return new File([bytes], name, { type: 'application/octet-stream', lastModified });
}

export async function md5Of(blob: Blob): Promise<string> {
  return md5(new Uint8Array(await blob.arrayBuffer()));
}

/** Logs in as a demo account the way the SDK does (RSA-encrypted password) and returns the token. */
export async function login(username = 'teacher', password = 'Ds@123456'): Promise<string> {
  const key = (await (await fetch(`${apiBase()}/cas/publicKey`)).json()) as { data: { publicKey: string } };
  const response = await fetch(`${apiBase()}/cas/login/restful`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: await encryptPassword(password, key.data.publicKey), code: 'web', ed: 'pc' }),
  });
  const body = (await response.json()) as { status: number; message: string; data: { token: string } };
  if (body.status !== 200) throw new Error(`login ${username} failed: ${body.status} ${body.message}`);
  return body.data.token;
}

/** MD5 of what the server hands back for a stored file. */
export async function downloadedMd5(fileInfoId: number | string, token: string): Promise<string> {
  const response = await fetch(`${apiBase()}/file/v1/file/download/${fileInfoId}`, { headers: { Authorization: token } });
  if (!response.ok) throw new Error(`download ${fileInfoId} answered ${response.status}`);
  return md5Of(await response.blob());
}

/** Chunk requests the page finished since `since` (Resource Timing also sees cross-origin XHRs). */
export function chunkRequestsSince(since: number): number {
  return performance.getEntriesByType('resource').filter((entry) => entry.startTime >= since && entry.name.includes('/api/file/v1/file/block')).length;
}

export function mountUploader(attributes: Record<string, string>, token?: string): DsUploaderElement {
  const el = document.createElement('ds-uploader');
  el.setAttribute('api-base', apiBase());
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  if (token) el.token = token;
  document.body.append(el);
  return el;
}

export const $ = <T extends Element = HTMLElement>(el: HTMLElement, selector: string) => el.shadowRoot!.querySelector<T>(selector);
export const $$ = <T extends Element = HTMLElement>(el: HTMLElement, selector: string) => Array.from(el.shadowRoot!.querySelectorAll<T>(selector));

/** Hands files to the element's input as the native picker would. */
export async function choose(el: HTMLElement, files: File[]): Promise<void> {
  await waitFor(() => $(el, '.ds-uploader[data-ready]'), { message: 'upload settings loaded' });
  const input = $<HTMLInputElement>(el, 'input[type="file"]')!;
  const transfer = new DataTransfer();
  files.forEach((file) => transfer.items.add(file));
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

export const rowStatus = (el: HTMLElement, index = 0) => $$(el, '.ds-uploader__status')[index]?.textContent ?? '';

export function nextEvent<T>(el: HTMLElement, type: string, timeout = 60000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} within ${timeout} ms`)), timeout);
    el.addEventListener(type, (event) => (clearTimeout(timer), resolve((event as CustomEvent<T>).detail)), { once: true });
  });
}
