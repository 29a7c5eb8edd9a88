import type { KeyValueStorage } from '@dscloud/sdk/session';

/**
 * Where the viewer stopped in a video, kept on this device for videos the server keeps no record of
 * (anonymous viewers, plain `sources`). One key per video; positions near the end are dropped so a
 * finished video starts again from the beginning.
 */
export function resumePositions(storage: KeyValueStorage) {
  const key = (videoKey: string) => `dsPlayerPosition:${videoKey}`;
  return {
    get(videoKey: string): number | null {
      const value = Number(storage.get(key(videoKey)));
      return Number.isFinite(value) && value > 0 ? value : null;
    },
    set(videoKey: string, position: number, duration: number): void {
      if (!Number.isFinite(position) || position < 1 || (duration > 0 && duration - position < 3)) storage.remove(key(videoKey));
      else storage.set(key(videoKey), String(Math.floor(position)));
    },
  };
}

export type ResumePositions = ReturnType<typeof resumePositions>;
