import { hostStateFor, type HostStore } from '../shared/hostState.js';
import type { VideoSource } from './playerTypes.js';

/** What `<ds-lesson-player>` takes as properties or boolean attributes outside r2wc. */
export interface PlayerHostState {
  sources: VideoSource[] | undefined;
  token: string | undefined;
  autoplay: boolean;
  muted: boolean;
}

export type PlayerHostStore = HostStore<PlayerHostState>;

export const playerHostState = hostStateFor<PlayerHostState>(() => ({ sources: undefined, token: undefined, autoplay: false, muted: false }));
