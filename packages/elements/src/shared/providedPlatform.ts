import { createContext, useContext } from 'react';
import type { Platform } from '@dscloud/sdk';

/**
 * The platform a React host handed down (`PlatformProvider`). Kept apart from the shared registry so
 * that an element can read it without loading the platform core (HTTP client, session…) up front.
 */
export const PlatformContext = createContext<Platform | null>(null);

export function useProvidedPlatform(): Platform | null {
  return useContext(PlatformContext);
}
