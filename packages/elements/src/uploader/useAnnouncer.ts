import { useCallback, useEffect, useRef, useState } from 'react';

/** Screen readers queue every change of a live region: progress is spoken at most this often. */
export const PROGRESS_ANNOUNCE_MS = 4000;

/**
 * Text for one polite live region. Outcomes (done, failed) are spoken at once; progress only when
 * the last progress message is old enough, so a reader is not flooded with percentages.
 */
export function useAnnouncer(): [string, (text: string, kind: 'progress' | 'outcome') => void] {
  const [text, setText] = useState('');
  const lastProgress = useRef(-Infinity);
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);
  const announce = useCallback((next: string, kind: 'progress' | 'outcome') => {
    if (!alive.current) return;
    const now = performance.now();
    if (kind === 'progress') {
      if (now - lastProgress.current < PROGRESS_ANNOUNCE_MS) return;
      lastProgress.current = now;
    }
    setText(next);
  }, []);
  return [text, announce];
}
