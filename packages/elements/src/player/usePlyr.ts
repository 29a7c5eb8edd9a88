import { useEffect, useState, type RefObject } from 'react';
import type Plyr from 'plyr';
import { adoptStyles } from '../shared/adoptStyles.js';
import { plyrLabels, type Lang } from './messages.js';

export type PlyrPlayer = Plyr;

/** Speeds of the settings menu. */
const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2];

/** Plyr's icons refer to `#plyr-*` symbols, which resolve inside the same (shadow) tree only. */
function adoptSprite(root: Node, sprite: string): void {
  const target = root instanceof ShadowRoot ? root : (root.ownerDocument ?? document).body;
  if (!target || target.querySelector('[data-ds-sprite="plyr"]')) return;
  const holder = (root.ownerDocument ?? document).createElement('div');
  holder.dataset.dsSprite = 'plyr';
  holder.hidden = true;
  holder.setAttribute('aria-hidden', 'true');
  holder.innerHTML = sprite;
  target.prepend(holder);
}

/** What a choice in the quality menu does, per player (set with each source; none for a plain file). */
const qualityHandlers = new WeakMap<object, (name: number) => void>();

function options(lang: Lang, muted: boolean, self: { player?: PlyrPlayer }): Plyr.Options {
  return {
    i18n: plyrLabels(lang),
    controls: ['play-large', 'play', 'progress', 'current-time', 'duration', 'mute', 'volume', 'captions', 'settings', 'pip', 'fullscreen'],
    settings: ['captions', 'quality', 'speed'],
    speed: { selected: 1, options: SPEEDS },
    // The rungs of a stream (setQualities); `forced` hands the choice to the stream, 0 is 自动.
    quality: { default: 0, options: [], forced: true, onChange: (name: number) => self.player && qualityHandlers.get(self.player)?.(name) },
    // Seek previews come with a source that has them (loadSource).
    previewThumbnails: { enabled: false, src: '' },
    // Space, arrows, f, m, c (and k, 0-9) while the player has the focus; a page-wide listener
    // would steal keys from the host page's own fields.
    keyboard: { focused: true, global: false },
    tooltips: { controls: true, seek: true },
    captions: { active: false, language: 'auto', update: true },
    // No CDN: the sprite is inlined by adoptSprite(); an icon URL on another host makes Plyr write
    // plain `#plyr-*` references, and with loadSprite off it never fetches that URL.
    loadSprite: false,
    iconUrl: 'https://plyr.invalid/plyr.svg',
    blankVideo: '',
    // Volume and caption choices stay with the host page's own storage policy, not Plyr's.
    storage: { enabled: false, key: 'ds-plyr' },
    muted,
    resetOnEnd: false,
    ratio: undefined,
  };
}

const destroyed = new WeakSet<PlyrPlayer>();

/** Whether a rebuild destroyed this instance: its listeners went with it, and `off()` would throw. */
export const isDestroyed = (player: PlyrPlayer): boolean => destroyed.has(player);

/**
 * Creates the player in an effect: Plyr moves and wraps the `<video>`, which React must never own,
 * so React renders only the empty `host` and this hook fills it. Plyr, its CSS and its sprite load
 * lazily on first mount (their own chunk).
 */
export function usePlyr(host: RefObject<HTMLDivElement | null>, lang: Lang, muted: boolean): PlyrPlayer | null {
  const [player, setPlayer] = useState<PlyrPlayer | null>(null);
  useEffect(() => {
    let cancelled = false;
    let instance: PlyrPlayer | null = null;
    const element = host.current;
    const self: { player?: PlyrPlayer } = {};
    void import('./plyrBundle.js').then(({ Plyr, plyrCss, plyrSprite }) => {
      if (cancelled || !element) return;
      const root = element.getRootNode();
      adoptStyles(root, 'plyr', plyrCss, '[data-ds-root="ds-lesson-player"]');
      adoptSprite(root, plyrSprite);
      const video = document.createElement('video');
      video.playsInline = true;
      video.preload = 'metadata';
      video.muted = muted;
      element.append(video);
      instance = new Plyr(video, options(lang, muted, self));
      // The settings button's only label is its tooltip, which Plyr hides while the menu is open: the
      // open menu's button would have no name for a screen reader. It keeps one of its own.
      // Plyr builds its controls again with each source, and then says it is ready.
      const label = plyrLabels(lang).settings;
      const nameSettings = () => {
        const settings = element.querySelector('button[data-plyr="settings"][aria-haspopup]');
        if (settings && typeof label === 'string') settings.setAttribute('aria-label', label);
      };
      nameSettings();
      instance.on('ready', nameSettings);
      self.player = instance;
      setPlayer(instance);
    });
    return () => {
      cancelled = true;
      if (instance) destroyed.add(instance);
      instance?.destroy();
      element?.replaceChildren();
      setPlayer(null);
    };
    // Labels are fixed when Plyr is built; a language change rebuilds the player.
  }, [host, lang, muted]);
  return player;
}

/**
 * The quality menu of the next source (call before loadSource, which builds the controls): the rungs'
 * names tallest first, with 自动 before them; no menu for fewer than two rungs. The viewer's last choice
 * carries over to the next video (its nearest rung).
 */
export function setQualities(player: PlyrPlayer, names: readonly number[], onChoose: ((name: number) => void) | null): void {
  (player as unknown as { config: { quality: { options: number[] } } }).config.quality.options = names.length > 1 ? [0, ...names] : [];
  if (onChoose) qualityHandlers.set(player, onChoose);
  else qualityHandlers.delete(player);
}

/** Loads a video into the player; `crossOrigin` fetches it in CORS mode (captions on another origin need it). */
export function loadSource(player: PlyrPlayer, source: Plyr.SourceInfo, crossOrigin: boolean): void {
  (player as unknown as { config: { crossorigin: boolean } }).config.crossorigin = crossOrigin;
  player.source = source;
}

export function seekTo(player: PlyrPlayer, seconds: number): void {
  player.currentTime = seconds;
}
