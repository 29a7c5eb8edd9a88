type Listener = () => void;

/** What the portal learnt at start-up and after each login; the shell renders from it. */
export interface BootState {
  config: 'loading' | 'ready' | 'failed';
  /** The current user: none while logged out. */
  user: 'none' | 'loading' | 'ready' | 'failed';
  /** Whether the current user audits activity works (spec §6); null until known. */
  auditPerson: boolean | null;
}

export interface BootStore {
  getState(): BootState;
  setState(patch: Partial<BootState>): void;
  subscribe(listener: Listener): () => void;
}

export function createBootStore(): BootStore {
  let state: BootState = { config: 'loading', user: 'none', auditPerson: null };
  const listeners = new Set<Listener>();
  return {
    getState: () => state,
    setState(patch) {
      state = { ...state, ...patch };
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
