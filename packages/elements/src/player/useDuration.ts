import { useEffect, useState } from 'react';
import { mediaOf } from './usePlayback.js';
import { isDestroyed, type PlyrPlayer } from './usePlyr.js';

/** The playing video's length in seconds, 0 until the browser knows it (a new source starts over). */
export function useDuration(player: PlyrPlayer | null, src: string): number {
  const [known, setKnown] = useState({ src, seconds: 0 });
  useEffect(() => {
    if (!player) return;
    // Plyr makes a new media element for each source, so the events are taken from Plyr, which relays them.
    const update = () => {
      const { duration } = mediaOf(player);
      setKnown({ src, seconds: Number.isFinite(duration) && duration > 0 ? duration : 0 });
    };
    update();
    player.on('loadeddata', update);
    player.on('loadedmetadata', update);
    return () => {
      // A rebuilt or unmounted player was destroyed first, and its listeners with it.
      if (isDestroyed(player)) return;
      player.off('loadeddata', update);
      player.off('loadedmetadata', update);
    };
  }, [player, src]);
  return known.src === src ? known.seconds : 0;
}
