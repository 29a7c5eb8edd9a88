import { createContext, useContext, type ReactNode } from 'react';
import type { BootActions } from './boot';
import type { BootStore } from './bootStore';
import type { Platform } from './createPortalPlatform';
import type { DeviceStore } from './deviceShell';

export interface Portal {
  platform: Platform;
  boot: BootStore;
  actions: BootActions;
  /** The device bridge: the browser's by default, a shell's once one answered (platform/deviceShell.ts). */
  device: DeviceStore;
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
