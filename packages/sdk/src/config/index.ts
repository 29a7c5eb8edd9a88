export { createConfig, MIN_GLOBAL_ROWS, type Config, type ConfigOptions } from './config.js';
export {
  createLoader,
  loaderTransition,
  LOADER_RETRY,
  type Loader,
  type LoaderOptions,
  type LoaderState,
  type LoaderStatus,
  type LoaderEvent,
} from './loader.js';
export {
  ConfigKeys,
  DEFAULT_AREA_CODE,
  type ConfigRow,
  type GlobalConfig,
  type FileConfig,
  type FileExtension,
} from './types.js';
export { deepFreeze } from '../util/deepFreeze.js';
export { appSettingsOf, EMPTY_APP_SETTINGS, type AppSettings, type HelpEndSettings } from './appSettings.js';
export { createAppConfigLoader, type AppConfigSource } from './appConfigLoader.js';
