/**
 * The application's settings and configuration (spec §3) as the SDK's loaders hold them: the settings
 * (help, hotlines, AI assistant) from the global configuration loader, the application configuration
 * from the device bridge's loader (the browser's at once, a shell's once it answered).
 */
import type { AppSettings } from '@dscloud/sdk/config';
import type { AppConfig } from '@dscloud/sdk/device';
import { useSyncExternalStore } from 'react';
import { useBoot } from './hooks';
import { usePortal } from './PortalContext';

/** The application's settings; all '' until the configuration is loaded. */
export function useAppSettings(): Readonly<AppSettings> {
  const { platform } = usePortal();
  useBoot(); // re-render when the configuration is (re)loaded
  return platform.config.settings();
}

/** The application configuration of the bridge in use (a shell's replaces the browser's when it answers). */
export function useAppConfig(): Readonly<AppConfig> {
  const { device } = usePortal();
  const bridge = useSyncExternalStore(device.subscribe, () => device.getState().bridge);
  const loader = bridge.appConfigLoader;
  useSyncExternalStore(loader.subscribe, loader.getState);
  return bridge.appConfig;
}
