import { Codes } from '../errors/catalogue.js';
import { DsError } from '../errors/DsError.js';
import type { HttpClient } from '../http/client.js';
import type { Clock } from '../util/clock.js';
import { ERROR_NOTICE_DURATION, type Notify } from '../util/notice.js';
import { createLoader, type Loader } from './loader.js';
import { appSettingsOf, EMPTY_APP_SETTINGS, type AppSettings } from './appSettings.js';
import type { ConfigRow, FileConfig, GlobalConfig } from './types.js';

export interface ConfigOptions {
  http: HttpClient;
  clock?: Clock;
  notify?: Notify;
}

export interface Config extends Loader<GlobalConfig> {
  /** A global config value once loaded (undefined before, or when the key is absent). */
  global(key: string): string | undefined;
  /** The file/upload configuration, loaded on first use with the same retries. */
  file(): Promise<Readonly<FileConfig>>;
  readonly fileLoader: Loader<FileConfig>;
  /** `POST {base}/v1/globalConfig/getValueByKeys`: values by key, fetched now. */
  getValueByKeys(keys: readonly string[]): Promise<Readonly<Record<string, string>>>;
  /** The application's settings (help widget, hotlines, AI assistant) once loaded; all '' before or after a failure. */
  settings(): Readonly<AppSettings>;
  /** Loads the configuration (with its retries) and resolves with the application's settings. */
  settingsReady(): Promise<Readonly<AppSettings>>;
}

/** The server must name at least the area code and the platform name (spec §5). */
export const MIN_GLOBAL_ROWS = 2;

export function createConfig(options: ConfigOptions): Config {
  const { http } = options;
  const announce = (error: DsError) =>
    options.notify?.({ kind: 'error', message: error.message, duration: ERROR_NOTICE_DURATION });

  const globalLoader = createLoader<GlobalConfig>({
    ...(options.clock ? { clock: options.clock } : {}),
    failureCode: Codes.CONFIG_LOAD_FAILED,
    onFailure: announce,
    keepCodes: [Codes.GLOBAL_CONFIG_MISSING],
    fetch: async () => {
      const data = await http.post<{ rows?: ConfigRow[] } | ConfigRow[] | null>(
        http.paths.base('/v1/globalConfig/list'),
        {},
        { public: true, silent: true },
      );
      const rows = (Array.isArray(data) ? data : data?.rows ?? []).filter(isRow);
      if (rows.length < MIN_GLOBAL_ROWS) throw new DsError(Codes.GLOBAL_CONFIG_MISSING);
      return { rows, values: Object.fromEntries(rows.map((row) => [row.configKey, String(row.configValue ?? '')])) };
    },
  });

  const fileLoader = createLoader<FileConfig>({
    ...(options.clock ? { clock: options.clock } : {}),
    failureCode: Codes.CONFIG_LOAD_FAILED,
    onFailure: announce,
    fetch: () => http.get<FileConfig>(http.paths.file('/v1/file/config'), undefined, { silent: true }),
  });

  // One frozen view per loaded value: readers compare it by identity.
  let seen: Readonly<GlobalConfig> | null = null;
  let view: Readonly<AppSettings> = EMPTY_APP_SETTINGS;
  const settings = () => {
    const value = globalLoader.getState().value;
    if (!value) return EMPTY_APP_SETTINGS;
    if (value !== seen) {
      seen = value;
      view = appSettingsOf(value);
    }
    return view;
  };

  return {
    ...globalLoader,
    global: (key) => globalLoader.getState().value?.values[key],
    file: fileLoader.ready,
    fileLoader,
    settings,
    settingsReady: () => globalLoader.ready().then(settings),
    async getValueByKeys(keys) {
      const data = await http.post<unknown[]>(http.paths.base('/v1/globalConfig/getValueByKeys'), [...keys], {
        public: true,
        silent: true,
      });
      const list = Array.isArray(data) ? data : [];
      const entries = list.map((item, index) =>
        isRow(item) ? [item.configKey, String(item.configValue)] : [keys[index] ?? String(index), String(item ?? '')],
      );
      return Object.freeze(Object.fromEntries(entries) as Record<string, string>);
    },
  };
}

function isRow(value: unknown): value is ConfigRow {
  return !!value && typeof value === 'object' && typeof (value as ConfigRow).configKey === 'string';
}
