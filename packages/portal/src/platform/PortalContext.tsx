import { createContext, useContext, type ReactNode } from 'react';
import type { BootActions } from './boot';
import type { BootStore } from './bootStore';
import type { Platform } from './createPortalPlatform';

export interface Portal {
  platform: Platform;
  boot: BootStore;
  actions: BootActions;
}

const PortalContext = createContext<Portal | null>(null);

export function PortalProvider({ portal, children }: { portal: Portal; children: ReactNode }) {
  return <PortalContext.Provider value={portal}>{children}</PortalContext.Provider>;
}

export function usePortal(): Portal {
  const portal = useContext(PortalContext);
  if (!portal) throw new Error('usePortal outside PortalProvider');
  return portal;
}
