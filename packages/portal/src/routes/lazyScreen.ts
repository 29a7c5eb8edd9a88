import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/** A screen's code could not be fetched (network, new deployment): the cure is a reload, not a bug report. */
export class ScreenLoadError extends Error {
  override readonly name = 'ScreenLoadError';
}

type Module = { default: ComponentType };

/** Route `lazy` for a screen module whose default export is the screen. */
export function lazyScreen(load: () => Promise<Module>): NonNullable<RouteObject['lazy']> {
  return async () => {
    let mod: Module;
    try {
      mod = await load();
    } catch (cause) {
      throw new ScreenLoadError('screen module failed to load', { cause });
    }
    return { Component: mod.default };
  };
}
