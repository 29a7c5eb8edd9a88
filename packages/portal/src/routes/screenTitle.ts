import { useMatches } from 'react-router';
import type { TKey } from '../i18n/useT';

/** Route `handle` of the portal: the screen's name, shown by placeholders and in the tab title. */
export interface ScreenHandle {
  title: TKey;
}

export function isScreenHandle(value: unknown): value is ScreenHandle {
  return typeof value === 'object' && value !== null && typeof (value as ScreenHandle).title === 'string';
}

/** The name of the innermost screen that has one. */
export function useScreenTitle(): TKey | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle;
    if (isScreenHandle(handle)) return handle.title;
  }
  return null;
}
