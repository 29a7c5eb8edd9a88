import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Calls `onBack` when the browser reports that the network is back (the window's `online` event),
 * while `active`: for the lazy parts and the file config that could not be fetched offline.
 */
export function useBackOnline(active: boolean, onBack: () => void): void {
  const latest = useRef(onBack);
  useLayoutEffect(() => {
    latest.current = onBack;
  });
  useEffect(() => {
    if (!active) return undefined;
    const back = () => latest.current();
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, [active]);
}
