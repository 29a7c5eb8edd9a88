import { useEffect } from 'react';
import type { FileConfig } from '@dscloud/sdk/config';
import type { Platform } from '../shared/platformRegistry.js';
import { useStore, type ReadableStore } from '../shared/useStore.js';

type ConfigState = { status: 'idle' | 'loading' | 'ready' | 'failed'; value: Readonly<FileConfig> | null };
const IDLE: ConfigState = { status: 'idle', value: null };
const notYet: ReadableStore<ConfigState> = { getState: () => IDLE, subscribe: () => () => undefined };
const whole = (state: ConfigState) => state;

/**
 * The server's upload settings (allowed extensions, chunk size, size limits) through the platform's
 * config loader, so every element of one platform loads them once. `idle` until there is a platform.
 */
export function useFileConfig(platform: Platform | undefined) {
  const state = useStore<ConfigState, ConfigState>(platform?.config.fileLoader ?? notYet, whole);
  useEffect(() => {
    // The loader reports failure in its own state; nothing to do with the rejection here.
    platform?.config.file().catch(() => undefined);
  }, [platform]);
  return { status: state.status, value: state.value ?? undefined };
}
