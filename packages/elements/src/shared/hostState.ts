/**
 * Values an element takes outside r2wc, per host element: r2wc reflects every declared prop to an
 * attribute (a token or a playlist must stay properties) and ignores empty attribute values
 * (`<ds-uploader multiple>`). The element writes here; its React view subscribes.
 */
export interface HostStore<S> {
  get(): S;
  set(patch: Partial<S>): void;
  subscribe(listener: () => void): () => void;
}

/** A per-host store factory: the same host always gets the same store. */
export function hostStateFor<S extends object>(initial: () => S): (host: Element) => HostStore<S> {
  const stores = new WeakMap<Element, HostStore<S>>();
  return (host) => {
    let store = stores.get(host);
    if (!store) {
      let state = initial();
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
  };
}
