import { hostStateFor, type HostStore } from '../shared/hostState.js';

/** What `<ds-uploader>` takes as properties or boolean attributes outside r2wc. */
export interface HostState {
  token: string | undefined;
  multiple: boolean;
  requireH264: boolean;
}

export type HostStateStore = HostStore<HostState>;

export const hostState = hostStateFor<HostState>(() => ({ token: undefined, multiple: false, requireH264: false }));
