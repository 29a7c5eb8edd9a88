import { apiBase } from '../test/apiBase.js';
import { waitFor } from '../test/waitFor.js';
import type { DsToolEditorElement } from './tool-editor.element.js';
import './tool-editor.element.js';

export { login } from '../uploader/uploaderTestKit.js';

export const $ = <T extends Element = HTMLElement>(el: HTMLElement, selector: string) => el.shadowRoot!.querySelector<T>(selector);
export const $$ = <T extends Element = HTMLElement>(el: HTMLElement, selector: string) => Array.from(el.shadowRoot!.querySelectorAll<T>(selector));

export function mountEditor(attributes: Record<string, string>, token?: string): DsToolEditorElement {
  const el = document.createElement('ds-tool-editor');
  el.setAttribute('api-base', apiBase());
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  if (token) el.token = token;
  document.body.append(el);
  return el;
}

export const ready = (el: HTMLElement) => waitFor(() => $(el, '.ds-tool-editor[data-ready]'), { message: 'tool loaded', timeout: 15000 });

/** The next event of a kind from an element. */
export function next<T>(el: HTMLElement, type: string): Promise<CustomEvent<T>> {
  return new Promise((resolve) => el.addEventListener(type, (e) => resolve(e as CustomEvent<T>), { once: true }));
}

export async function call<T>(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; message: string; data: T }> {
  const response = await fetch(`${apiBase()}${path}`, {
    method,
    headers: { Authorization: token, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as { status: number; message: string; data: T };
}

export interface PickedNode {
  businessEditionId: string;
  businessBookId: string;
  businessBookLabel: string;
  nodeLabel: string;
  nodeId: string;
}

/** The first chapter of the first book that has one, as the node picker would return it. */
export async function firstChapter(token: string): Promise<PickedNode & { hasChildren: boolean }> {
  type Child = { id: string; label: string; leaf: boolean; businessBookLabel?: string; businessEditionId?: string; businessBookId?: string };
  const stage = (body: unknown) => call<Child[]>('POST', '/business/v1/stage/children', token, body).then((a) => a.data);
  for (const edition of await stage({})) {
    for (const book of await stage({ parentLevel: 'edition', parentId: edition.id })) {
      const chapters = await stage({ parentLevel: 'book', parentId: book.id });
      const chapter = chapters.find((c) => !c.leaf) ?? chapters[0];
      if (chapter) return { businessEditionId: edition.id, businessBookId: book.id, businessBookLabel: book.label, nodeLabel: chapter.label, nodeId: chapter.id, hasChildren: !chapter.leaf };
    }
  }
  throw new Error('the seed has no chapter');
}

/** What a host frame posts: a node selection as JSON text. */
export const postSelection = (text: string) => window.postMessage({ type: 'ds-etextbook-select', data: text }, location.origin);
