import type { PortalLocale } from './messages';

type Listener = () => void;

const KEY = 'ds.locale';

function initial(): PortalLocale {
  try {
    return localStorage.getItem(KEY) === 'en' ? 'en' : 'zh-CN';
  } catch {
    return 'zh-CN';
  }
}

let current: PortalLocale = initial();
const listeners = new Set<Listener>();

/** The portal's chosen language; survives reloads so a bureau user keeps their choice. */
export const localeStore = {
  get: (): PortalLocale => current,
  set(next: PortalLocale): void {
    if (next === current) return;
    current = next;
    try {
      localStorage.setItem(KEY, next);
    } catch {
      // private mode: the choice lasts for this page only
    }
    document.documentElement.lang = next === 'en' ? 'en' : 'zh-CN';
    listeners.forEach((l) => l());
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
