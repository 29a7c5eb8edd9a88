import type { AxiosAdapter } from 'axios';
import { createAuth, type Auth } from '../auth/auth.js';
import type { EncryptPassword } from '../auth/encrypt.js';
import { createConfig, type Config } from '../config/config.js';
import { ConfigKeys } from '../config/types.js';
import { browserDeviceInfo, type DeviceFlags, type DeviceInfo } from '../device/systemType.js';
import type { Locale } from '../errors/catalogue.js';
import { createHttpClient, type HttpClient } from '../http/client.js';
import type { AuthGate } from '../http/gate.js';
import type { Paths, Prefixes } from '../http/paths.js';
import { createI18n, type I18n } from '../i18n/i18n.js';
import { StorageKeys } from '../session/keys.js';
import { browserCurrentUrl, browserNavigate, type Navigate } from '../session/navigation.js';
import { createSession, type LoginTicket, type Session } from '../session/session.js';
import { browserStorage, type KeyValueStorage } from '../session/storage.js';
import { createUserService, type UserService } from '../user/userService.js';
import { systemClock, type Clock } from '../util/clock.js';
import { consoleNotify, type Notify } from '../util/notice.js';

export interface PlatformOptions {
  /** Origin of the platform API; '' (default) is the page's own origin. */
  apiBase?: string;
  prefixes?: Partial<Prefixes>;
  storage?: KeyValueStorage;
  locale?: Locale;
  /** Platform id sent as `ua` and login `code`; by default stored `systemType`, else detected. */
  systemType?: string;
  /** Shell flags for detection when `systemType` is not given. */
  device?: DeviceFlags;
  navigate?: Navigate;
  notify?: Notify;
  /** HTTP transport seam (an axios adapter). */
  adapter?: AxiosAdapter;
  clock?: Clock;
  /** The current address, for `returnUrl` and the deploy-type parameters. */
  currentUrl?: () => string;
  encrypt?: EncryptPassword;
}

export interface Platform {
  readonly apiBase: string;
  readonly paths: Paths;
  readonly systemType: string;
  readonly device: DeviceInfo;
  readonly storage: KeyValueStorage;
  readonly http: HttpClient;
  readonly session: Session;
  readonly auth: Auth;
  readonly config: Config;
  readonly user: UserService;
  readonly i18n: I18n;
  readonly t: I18n['t'];
  /** Stops following other tabs (tests, hot reload). */
  dispose(): void;
}

/** Everything one page needs to talk to one platform, wired once and shared by every element on it. */
export function createPlatform(options: PlatformOptions = {}): Platform {
  const storage = options.storage ?? browserStorage();
  const clock = options.clock ?? systemClock;
  const notify = options.notify ?? consoleNotify;
  const navigate = options.navigate ?? browserNavigate;
  const currentUrl = options.currentUrl ?? browserCurrentUrl;
  const i18n = createI18n(options.locale);
  const locale = i18n.locale;
  const device = browserDeviceInfo(options.device);
  const systemType = options.systemType ?? storage.get(StorageKeys.systemType) ?? device.systemType;
  if (options.systemType) storage.set(StorageKeys.systemType, options.systemType);

  // The client and the session need each other (requests wait for refreshes, refreshes are requests).
  let session: Session | undefined;
  const gate: AuthGate = {
    acquire: () => session!.acquire(),
    renew: (stale) => session!.renew(stale),
    end: (error, token) => session!.end(error, token),
  };
  let user: UserService | undefined;
  const http = createHttpClient({
    ...(options.apiBase !== undefined ? { apiBase: options.apiBase } : {}),
    ...(options.prefixes ? { prefixes: options.prefixes } : {}),
    ...(options.adapter ? { adapter: options.adapter } : {}),
    systemType: () => systemType,
    topClass: () => user?.getState().user?.topOrgId,
    locale,
    gate,
    notify,
    showErrorNotice: storage.get(StorageKeys.isShowNotifyMessage) === '1',
  });
  session = createSession({
    storage,
    clock,
    navigate,
    notify,
    locale,
    currentUrl,
    requestHeaders: (token, lang) => http.headers(token, lang),
    refresh: (oldToken) =>
      http.get<LoginTicket>(http.paths.cas('/sz/refreshToken'), { oldToken, ua: systemType }, { public: true, silent: true }),
  });
  const auth = createAuth({
    http,
    session,
    storage,
    clock,
    navigate,
    locale,
    currentUrl,
    systemType: () => systemType,
    deviceType: () => device.deviceType,
    ...(options.encrypt ? { encrypt: options.encrypt } : {}),
  });
  const config = createConfig({ http, clock, notify });
  user = createUserService({ http, session, clock, notify });

  // The bureau decides whether failed calls raise a notice (config `common.message.showError`).
  config.whenReady((value) => {
    const on = value.values[ConfigKeys.showError] === '1';
    http.setShowErrorNotice(on);
    storage.set(StorageKeys.isShowNotifyMessage, on ? '1' : '0');
  });

  return {
    apiBase: http.apiBase,
    paths: http.paths,
    systemType,
    device,
    storage,
    http,
    session,
    auth,
    config,
    user,
    i18n,
    t: i18n.t,
    dispose: () => session?.dispose(),
  };
}
