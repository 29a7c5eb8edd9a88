import type { ReactNode } from 'react';
import { getPlatform, type Platform } from './platformRegistry.js';
import { PlatformContext, useProvidedPlatform } from './providedPlatform.js';

export interface PlatformProviderProps {
  platform: Platform;
  children?: ReactNode;
}

/** Lets a React host (the portal, a story) hand its own platform to every element below it. */
export function PlatformProvider({ platform, children }: PlatformProviderProps) {
  return <PlatformContext.Provider value={platform}>{children}</PlatformContext.Provider>;
}

/**
 * The platform an element talks to: the provided one, else the shared one for `apiBase`
 * (default: the origin the element script came from).
 */
export function usePlatform(apiBase?: string | null): Platform {
  const provided = useProvidedPlatform();
  return provided ?? getPlatform(apiBase);
}
