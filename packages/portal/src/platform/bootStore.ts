import { createStore, type StoreApi } from 'zustand/vanilla';

/** What the portal learnt at start-up and after each login; the shell renders from it. */
export interface BootState {
  config: 'loading' | 'ready' | 'failed';
  /** The current user: none while logged out. */
  user: 'none' | 'loading' | 'ready' | 'failed';
  /** Whether the current user audits activity works (spec §6); null until known. */
  auditPerson: boolean | null;
}

export type BootStore = StoreApi<BootState>;

export function createBootStore(): BootStore {
  return createStore<BootState>()(() => ({ config: 'loading', user: 'none', auditPerson: null }));
}
