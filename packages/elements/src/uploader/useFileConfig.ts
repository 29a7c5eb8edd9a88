import { useCallback, useEffect } from 'react';
import type { FileConfig } from '@dscloud/sdk/config';
import type { Platform } from '../shared/platformRegistry.js';
import { useStore, type ReadableStore } from '../shared/useStore.js';
import { useBackOnline } from './useBackOnline.js';

type ConfigState = { status: 'idle' | 'loading' | 'ready' | 'failed'; value: Readonly<FileConfig> | null };
const IDLE: ConfigState = { status: 'idle', value: null };
const notYet: ReadableStore<ConfigState> = { getState: () => IDLE, subscribe: () => () => undefined };
const whole = (state: ConfigState) => state;

/**
 * The server's upload settings (allowed extensions, chunk size, size limits) through the platform's
 * config loader, so every element of one platform loads them once. `idle` until there is a platform.
 * A failed load is tried again when the network is back, or at once with `reload()`.
 */
export function useFileConfig(platform: Platform | undefined) {
  const state = useStore<ConfigState, ConfigState>(platform?.config.fileLoader ?? notYet, whole);
  // The loader reports failure in its own state; nothing to do with the rejection here.
  const reload = useCallback(() => void platform?.config.file().catch(() => undefined), [platform]);
  useEffect(reload, [reload]);
  useBackOnline(state.status === 'failed', reload);
  return { status: state.status, value: state.value ?? undefined, reload };
}
