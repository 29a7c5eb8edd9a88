import { describe, expect, it } from 'vitest';
import { followPlace, type ScrollWindow } from './restoredScroll';

/** A window whose page grows when the test says so; scrolling stops at the page's end, as a browser's does. */
function fakeWindow(height: number) {
  const listeners = new Map<string, () => void>();
  let grew: () => void = () => undefined;
  let observing = false;
  const page = { scrollHeight: height } as unknown as Element & { scrollHeight: number };
  const win = {
    scrollY: 0,
    innerHeight: 800,
    document: { documentElement: page },
    scrollTo(_x: number, y: number) {
      win.scrollY = Math.min(y, page.scrollHeight - win.innerHeight);
    },
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    removeEventListener: (type: string) => listeners.delete(type),
    ResizeObserver: class {
      constructor(callback: () => void) {
        grew = callback;
      }
      observe() {
        observing = true;
      }
      disconnect() {
        observing = false;
      }
    } as unknown as typeof ResizeObserver,
  } satisfies ScrollWindow & { scrollY: number };
  return {
    win,
    grow(to: number) {
      page.scrollHeight = to;
      if (observing) grew();
    },
    act: (type: string) => listeners.get(type)?.(),
    observing: () => observing,
  };
}

describe('followPlace: back and forward reach the place once the page is long enough', () => {
  it('goes on to the place as the list arrives, then stays there', () => {
    const w = fakeWindow(1200);
    w.win.scrollTo(0, 636); // what ScrollRestoration could do on a page still without its list
    expect(w.win.scrollY).toBe(400);
    followPlace(636, w.win);
    w.grow(1300);
    expect(w.win.scrollY).toBe(500);
    w.grow(2000);
    expect(w.win.scrollY).toBe(636);
    w.grow(2600);
    expect(w.win.scrollY).toBe(636);
  });

  it('leaves the window alone once the reader scrolls or presses a key, and when stopped', () => {
    for (const act of ['wheel', 'keydown', 'touchstart', 'pointerdown']) {
      const w = fakeWindow(1000);
      w.win.scrollTo(0, 900);
      followPlace(900, w.win);
      w.act(act);
      expect(w.observing()).toBe(false);
      w.grow(3000);
      expect(w.win.scrollY).toBe(200);
    }
    const w = fakeWindow(1000);
    const stop = followPlace(900, w.win);
    stop();
    w.grow(3000);
    expect(w.win.scrollY).toBe(0);
  });
});
