/**
 * The application configuration of spec §3 (`AppConfig`) loaded like the other configuration: through
 * the SDK's loader, so it has the same states (idle → loading → ready | failed), is frozen by the
 * loader (a write throws) and is read from one place. In a browser the facts are known at once (the
 * loader is ready when made); in a shell they arrive with the shell's `ready` answer.
 */
import { appConfigOf, type AppConfig } from '../device/appConfig.js';
import type { DeviceInfo } from '../device/systemType.js';
import { Codes } from '../errors/catalogue.js';
import { NO_RETRY } from '../http/retryPolicy.js';
import { createLoader, type Loader } from './loader.js';

/** What the app announces about itself (a shell's `ready` message); only known fields of the right type are taken. */
export type AppConfigSource = () => Promise<Partial<Record<keyof AppConfig, unknown>>>;

export interface AppConfigLoaderOptions {
  device: DeviceInfo;
  /** Asked once when loading; without it the configuration is the browser's and is ready at once. */
  announce?: AppConfigSource;
}

export function createAppConfigLoader(options: AppConfigLoaderOptions): Loader<AppConfig> {
  const loader = createLoader<AppConfig>({
    // An app that did not answer is not asked again: the page works as in a browser.
    retry: NO_RETRY,
    failureCode: Codes.DEVICE_BRIDGE_FAILED,
    keepCodes: [Codes.DEVICE_BRIDGE_FAILED, Codes.DEVICE_BRIDGE_TIMEOUT],
    fetch: async () => appConfigOf(options.device, options.announce ? await options.announce() : {}),
  });
  if (!options.announce) {
    loader.transition({ type: 'start' });
    loader.transition({ type: 'attempt' });
    loader.transition({ type: 'succeeded', value: appConfigOf(options.device) });
  }
  return loader;
}
