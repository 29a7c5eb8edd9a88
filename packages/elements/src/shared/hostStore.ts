import { createStore, type StoreApi } from 'zustand/vanilla';

/**
 * Values an element takes outside r2wc, per host element: r2wc reflects every declared prop to an
 * attribute (a token or a playlist must stay properties) and ignores empty attribute values
 * (`<ds-uploader multiple>`). The element writes here; its React view subscribes.
 */
export type HostStore<S> = StoreApi<S>;

/** A per-host store factory: the same host always gets the same zustand store. */
export function hostStoreFor<S extends object>(initial: () => S): (host: Element) => HostStore<S> {
  const stores = new WeakMap<Element, HostStore<S>>();
  return (host) => {
    let store = stores.get(host);
    if (!store) {
      store = createStore<S>()(initial);
      stores.set(host, store);
    }
    return store;
  };
}
