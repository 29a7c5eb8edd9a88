import { useLayoutEffect, useRef } from 'react';

/**
 * Calls `onBack` when the browser reports that the network is back (the window's `online` event),
 * while `active`: for the lazy parts and the file config that could not be fetched offline. The listener
 * is attached in the commit that shows the failure (a layout effect), so an `online` event that comes
 * once the failure is on screen is never missed, as it could be before a passive effect ran.
 */
export function useBackOnline(active: boolean, onBack: () => void): void {
  const latest = useRef(onBack);
  useLayoutEffect(() => {
    latest.current = onBack;
  });
  useLayoutEffect(() => {
    if (!active) return undefined;
    const back = () => latest.current();
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, [active]);
}
