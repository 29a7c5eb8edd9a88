import { createStore } from 'zustand/vanilla';
import type { PortalLocale } from './messages';

const KEY = 'ds.locale';

function initial(): PortalLocale {
  try {
    return localStorage.getItem(KEY) === 'en' ? 'en' : 'zh-CN';
  } catch {
    return 'zh-CN';
  }
}

const store = createStore<PortalLocale>()(initial);

// Remembered and announced on every change, whoever makes it, so a bureau user keeps their choice.
store.subscribe((next) => {
  try {
    localStorage.setItem(KEY, next);
  } catch {
    // private mode: the choice lasts for this page only
  }
  document.documentElement.lang = next === 'en' ? 'en' : 'zh-CN';
});

/** The portal's chosen language; survives reloads. */
export const localeStore = {
  get: (): PortalLocale => store.getState(),
  set: (next: PortalLocale): void => store.setState(next, true),
  subscribe: (listener: () => void): (() => void) => store.subscribe(listener),
};
