import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { loadWords, screenWords, type WordsLoader } from '../i18n/catalogue';

/** A screen's code could not be fetched (network, new deployment): the cure is a reload, not a bug report. */
export class ScreenLoadError extends Error {
  override readonly name = 'ScreenLoadError';
}

type Module = { default: ComponentType };

/**
 * Route `lazy` for a screen module whose default export is the screen. The screen's words come with
 * its code (every screen's words unless `words` names fewer), fetched at the same time.
 */
export function lazyScreen(load: () => Promise<Module>, words: WordsLoader[] = [screenWords]): NonNullable<RouteObject['lazy']> {
  return async () => {
    let mod: Module;
    try {
      [mod] = await Promise.all([load(), ...words.map(loadWords)]);
    } catch (cause) {
      throw new ScreenLoadError('screen module failed to load', { cause });
    }
    return { Component: mod.default };
  };
}
