import { useEffect } from 'react';
import type { Platform } from '../shared/platformRegistry.js';
import { useStore } from '../shared/useStore.js';

/**
 * The server's upload settings (allowed extensions, chunk size, size limits) through the platform's
 * config loader, so every element of one platform loads them once.
 */
export function useFileConfig(platform: Platform) {
  const loader = platform.config.fileLoader;
  const state = useStore(loader, (s) => s);
  useEffect(() => {
    // The loader reports failure in its own state; nothing to do with the rejection here.
    platform.config.file().catch(() => undefined);
  }, [platform]);
  return { status: state.status, value: state.value ?? undefined };
}
