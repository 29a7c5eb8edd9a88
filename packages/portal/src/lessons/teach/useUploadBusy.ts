import { useEffect, useState, type RefObject } from 'react';

/** Row states of the uploader after which nothing more happens to a file without the user. */
const SETTLED = new Set(['done', 'failed', 'cancelled']);

/**
 * Whether the uploader inside `host` still has a file on its way (checking, hashing, uploading or
 * paused). Read from the rows' `data-status`, which the uploader renders for every file: the
 * element's events say when a file is done, but not when one was added or paused.
 */
export function useUploadBusy(host: RefObject<HTMLElement | null>): boolean {
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const root = host.current;
    if (!root) return undefined;
    const read = () => {
      const states = Array.from(root.querySelectorAll<HTMLElement>('[data-file-id][data-status]'), (row) => row.dataset.status ?? '');
      setBusy(states.some((state) => !SETTLED.has(state)));
    };
    read();
    const observer = new MutationObserver(read);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] });
    return () => observer.disconnect();
  }, [host]);
  return busy;
}
