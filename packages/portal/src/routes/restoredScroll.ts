import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Back and forward return the reader to their place: react-router's ScrollRestoration scrolls there in
 * the commit that shows the screen. A screen's list (lessons, a table's page) arrives after that, so
 * the page may still be too short and the window stops above the place. Until the reader acts (wheel,
 * touch, click, key) or the next navigation, the window goes on to the place as the page grows.
 */
interface RouterLike {
  subscribe(listener: (state: { location: { key: string }; restoreScrollPosition: number | false | null }) => void): () => void;
}

/** The place the router restores for the history entry it shows, as it decided it. */
let restoring: { key: string; y: number } | null = null;

/** Keeps the router's decision for `useRestoredScroll` (once, beside the router). */
export function watchRestoredScroll(router: RouterLike): () => void {
  return router.subscribe(({ location, restoreScrollPosition }) => {
    restoring = typeof restoreScrollPosition === 'number' ? { key: location.key, y: restoreScrollPosition } : null;
  });
}

/** After `<ScrollRestoration />`: follows the restored place of a back or forward while the page grows. */
export function useRestoredScroll(): void {
  const { key } = useLocation();
  useLayoutEffect(() => (restoring?.key === key ? followPlace(restoring.y, window) : undefined), [key]);
}

const READER_ACTS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

export interface ScrollWindow {
  readonly scrollY: number;
  readonly innerHeight: number;
  readonly document: { readonly documentElement: Element };
  scrollTo(x: number, y: number): void;
  addEventListener(type: string, listener: () => void, options: AddEventListenerOptions): void;
  removeEventListener(type: string, listener: () => void, options: EventListenerOptions): void;
  ResizeObserver: typeof ResizeObserver;
}

/** Scrolls to `y` whenever the page grows while the window is still above it; answers how to stop. */
export function followPlace(y: number, win: ScrollWindow): () => void {
  const page = win.document.documentElement;
  const observer = new win.ResizeObserver(() => {
    if (win.scrollY < y - 1 && page.scrollHeight - win.innerHeight > win.scrollY + 1) win.scrollTo(0, y);
  });
  const stop = () => {
    observer.disconnect();
    for (const type of READER_ACTS) win.removeEventListener(type, stop, { capture: true });
  };
  for (const type of READER_ACTS) win.addEventListener(type, stop, { capture: true, passive: true });
  observer.observe(page);
  return stop;
}
