import type { VideoSource } from './playerTypes.js';

/**
 * What `<ds-lesson-player>` takes outside r2wc: r2wc reflects every declared prop into an attribute
 * (a playlist and a token must stay properties) and ignores empty attribute values (`<… autoplay>`).
 * The element writes here; its React view subscribes.
 */
export interface PlayerHostState {
  sources: VideoSource[] | undefined;
  token: string | undefined;
  autoplay: boolean;
  muted: boolean;
}

export interface PlayerHostStore {
  get(): PlayerHostState;
  set(patch: Partial<PlayerHostState>): void;
  subscribe(listener: () => void): () => void;
}

const stores = new WeakMap<Element, PlayerHostStore>();

export function playerHostState(host: Element): PlayerHostStore {
  let store = stores.get(host);
  if (!store) {
    let state: PlayerHostState = { sources: undefined, token: undefined, autoplay: false, muted: false };
    const listeners = new Set<() => void>();
    store = {
      get: () => state,
      set(patch) {
        state = { ...state, ...patch };
        listeners.forEach((listener) => listener());
      },
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    stores.set(host, store);
  }
  return store;
}
