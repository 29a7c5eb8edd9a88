/** Key/value persistence as a seam: localStorage in browsers, memory in tests and in Node. */
export interface KeyValueStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  /**
   * Changes made elsewhere (another tab). `key` null means everything was cleared. Optional: a storage
   * without neighbours has nothing to report.
   */
  subscribe?(listener: (key: string | null) => void): () => void;
}

/** The browser's localStorage with its `storage` event; memory when there is none (Node, locked-down webviews). */
export function browserStorage(): KeyValueStorage {
  const local = typeof window !== 'undefined' ? safeLocalStorage() : null;
  if (!local) return createMemoryStorage();
  return {
    get: (key) => local.getItem(key),
    set: (key, value) => local.setItem(key, value),
    remove: (key) => local.removeItem(key),
    subscribe(listener) {
      const onStorage = (event: StorageEvent) => {
        if (event.storageArea === local || event.storageArea === null) listener(event.key);
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  };
}

function safeLocalStorage(): Storage | null {
  try {
    // Safari private mode and sandboxed frames throw on access rather than returning null.
    const storage = window.localStorage;
    storage.getItem('token');
    return storage;
  } catch {
    return null;
  }
}

/** A storage shared by several "tabs": a write in one is reported to the others, later, like a storage event. */
export interface SharedMemory {
  tab(): KeyValueStorage;
  snapshot(): Record<string, string>;
}

export function createSharedMemory(initial: Record<string, string> = {}): SharedMemory {
  const data = new Map<string, string>(Object.entries(initial));
  const tabs = new Set<{ listeners: Set<(key: string | null) => void> }>();
  const broadcast = (from: object, key: string) => {
    for (const tab of tabs) {
      if (tab === from) continue;
      queueMicrotask(() => tab.listeners.forEach((listener) => listener(key)));
    }
  };
  return {
    tab() {
      const self = { listeners: new Set<(key: string | null) => void>() };
      tabs.add(self);
      return {
        get: (key) => data.get(key) ?? null,
        set(key, value) {
          data.set(key, value);
          broadcast(self, key);
        },
        remove(key) {
          data.delete(key);
          broadcast(self, key);
        },
        subscribe(listener) {
          self.listeners.add(listener);
          return () => self.listeners.delete(listener);
        },
      };
    },
    snapshot: () => Object.fromEntries(data),
  };
}

export function createMemoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  return createSharedMemory(initial).tab();
}

/**
 * A JSON object kept under `key`, or {} when absent, malformed or not an object: storage is writable by
 * any script on the origin, so callers still check each value's type.
 */
export function readStoredObject(storage: KeyValueStorage, key: string): Record<string, unknown> {
  const raw = storage.get(key);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
