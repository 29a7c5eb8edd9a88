/**
 * Exports with progress: one download of a blob call (`http.blob`, which never raises the global
 * error notice — spec §8, file calls) as a state machine, so a button is never "downloading and
 * failed" at once. Pure: `useDownload` drives it and saves the file.
 *
 *   idle ──start──▶ downloading ──progress──▶ downloading
 *     ▲                 │ ├──done──▶ done
 *     │                 │ ├──fail──▶ failed
 *     └──start (again)──┘ └──cancel─▶ cancelled
 */
import type { BlobResult } from '@dscloud/sdk/http';
import { isDsError } from '@dscloud/sdk/errors';

export type DownloadState =
  | { status: 'idle' }
  /** `total` is null when the server sent no Content-Length (a streamed export): the bar is indeterminate. */
  | { status: 'downloading'; loaded: number; total: number | null }
  | { status: 'done'; fileName: string; size: number }
  | { status: 'failed'; message: string }
  | { status: 'cancelled' };

export type DownloadEvent =
  | { type: 'start' }
  | { type: 'progress'; loaded: number; total?: number }
  | { type: 'done'; fileName: string; size: number }
  | { type: 'fail'; message: string }
  | { type: 'cancel' };

export const idleDownload: DownloadState = { status: 'idle' };

/** The one transition function; an event that does not apply to the state leaves it unchanged. */
export function downloadTransition(state: DownloadState, event: DownloadEvent): DownloadState {
  if (event.type === 'start') return state.status === 'downloading' ? state : { status: 'downloading', loaded: 0, total: null };
  if (state.status !== 'downloading') return state;
  switch (event.type) {
    case 'progress': {
      const total = event.total !== undefined && event.total > 0 ? event.total : null;
      return { status: 'downloading', loaded: Math.max(state.loaded, event.loaded), total };
    }
    case 'done':
      return { status: 'done', fileName: event.fileName, size: event.size };
    case 'fail':
      return { status: 'failed', message: event.message };
    case 'cancel':
      return { status: 'cancelled' };
  }
}

/** Whole percent received, or null while the size is unknown (the bar is then indeterminate). */
export function percentOf(state: DownloadState): number | null {
  if (state.status !== 'downloading' || state.total === null) return null;
  return Math.min(100, Math.floor((state.loaded / state.total) * 100));
}

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** A byte count for people: 0 B, 512 B, 1.5 KB, 12 MB. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value).toString() : value.toFixed(1);
  return `${shown} ${UNITS[unit]}`;
}

/**
 * What a refused export says: the server's envelope message with its code (the SDK reads the JSON
 * envelope out of the blob answer), or the plain error text.
 */
export function refusalText(error: unknown): string {
  if (isDsError(error)) return `${error.message}（${error.code}）`;
  return error instanceof Error ? error.message : String(error);
}

/** The name to save under: the server's RFC 6266 name, else the screen's own. */
export function saveName(result: Pick<BlobResult, 'fileName'>, fallback: string): string {
  return result.fileName?.trim() || fallback;
}

/** Hands a blob to the browser's save dialog under `fileName`. */
export function saveBlob(blob: Blob, fileName: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const a = doc.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  doc.body.append(a);
  a.click();
  a.remove();
  // The click has started the download; the URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
