// Helpers shared by the player's browser tests.
import { apiBase } from '../test/apiBase.js';
import { waitFor } from '../test/waitFor.js';
import type { VideoSource } from './playerTypes.js';

export const shadow = (el: HTMLElement) => el.shadowRoot!;
export const $ = <T extends Element = HTMLElement>(el: HTMLElement, selector: string) => shadow(el).querySelector<T>(selector);
export const video = (el: HTMLElement) => $<HTMLVideoElement>(el, 'video')!;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function mountPlayer(attributes: Record<string, string> = {}, sources?: VideoSource[]): HTMLElement {
  const el = document.createElement('ds-lesson-player');
  el.setAttribute('api-base', apiBase());
  el.setAttribute('muted', '');
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  if (sources) el.sources = sources;
  el.style.width = '640px';
  document.body.append(el);
  return el;
}

/** Plyr has loaded (lazily) and wraps a video with a source. */
export const ready = (el: HTMLElement) => waitFor(() => $(el, '.plyr') && video(el)?.querySelector('source'), { message: 'Plyr built' });
export const playing = (el: HTMLElement, atLeast = 0.2) =>
  waitFor(() => !video(el).paused && video(el).currentTime >= atLeast, { message: `playing past ${atLeast} s` });

