/**
 * Values an element takes as properties or boolean attributes outside r2wc: r2wc reflects every
 * declared prop to an attribute (a token must never be one) and ignores empty attribute values
 * (`<ds-uploader multiple>`). The element writes here; its React view subscribes.
 */
export interface HostState {
  token: string | undefined;
  multiple: boolean;
  requireH264: boolean;
}

export interface HostStateStore {
  get(): HostState;
  set(patch: Partial<HostState>): void;
  subscribe(listener: () => void): () => void;
}

const stores = new WeakMap<Element, HostStateStore>();

export function hostState(host: Element): HostStateStore {
  let store = stores.get(host);
  if (!store) {
    let state: HostState = { token: undefined, multiple: false, requireH264: false };
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
