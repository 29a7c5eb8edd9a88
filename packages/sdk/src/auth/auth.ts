import { createStore } from 'zustand/vanilla';
import { Codes, type Locale } from '../errors/catalogue.js';
import { DsError, toDsError } from '../errors/DsError.js';
import type { HttpClient } from '../http/client.js';
import { StorageKeys } from '../session/keys.js';
import { browserCurrentUrl, type Navigate } from '../session/navigation.js';
import type { LoginTicket, Session } from '../session/session.js';
import { readStoredObject, type KeyValueStorage } from '../session/storage.js';
import { systemClock, type Clock } from '../util/clock.js';
import { readonly, type ReadonlyStore } from '../util/readonlyStore.js';
import * as api from './authApi.js';
import { isDeployAttempt, readDeployParams } from './deploy.js';
import { encryptPassword, type EncryptPassword } from './encrypt.js';
import { initialLoginState, loginTransition, type LoginEvent, type LoginState, type LoginStatus } from './loginMachine.js';
import { readLoginUrlData, writeLoginUrlData } from './loginUrlData.js';
import { readQuery, sanitizeReturnUrl } from './returnUrl.js';

export interface Credentials {
  username: string;
  password: string;
  /** How the user logged in (kept as `loginNewType` for the shells). */
  loginType?: string;
  /** Where to go after success; by default the `returnUrl` of the current address, if any. */
  returnUrl?: string;
}

/** Failed attempts on the account from other addresses or devices in the 24 hours before a login. */
export interface LoginNotice {
  count: number;
  /** When the last one was (epoch ms). */
  lastAt: number;
}

/** A password login's answer: the session ticket, this browser's device token, and what the owner should know. */
interface PasswordTicket extends LoginTicket {
  deviceToken?: string;
  failedLogins?: LoginNotice;
}

/** Device tokens remembered per account; the oldest are dropped beyond this many accounts. */
const DEVICE_ACCOUNTS = 10;

export interface AuthOptions {
  http: HttpClient;
  session: Session;
  storage: KeyValueStorage;
  systemType: () => string;
  /** The `ed` field of the login body: the device type (pc, android, ios). */
  deviceType?: () => string;
  clock?: Clock;
  navigate?: Navigate;
  locale?: () => Locale;
  encrypt?: EncryptPassword;
  currentUrl?: () => string;
}

export interface Auth extends ReadonlyStore<LoginState> {
  /** The one way the login state changes; false when the event is not allowed in the current state. */
  transition(event: LoginEvent): boolean;
  submit(credentials: Credentials): Promise<LoginStatus>;
  /** The puzzle was solved: wait 500 ms (the tick shows), reset the counter and send the last credentials again. */
  captchaSolved(captchaToken: string): Promise<LoginStatus>;
  closeCaptcha(): void;
  /** Login mode 1 sends the user to the bureau's own login page; resolves with the mode. */
  loginMode(): Promise<number>;
  /** Deploy-type login from `flag`, `authorization` and `expire` in the address. */
  deployLogin(href?: string): Promise<LoginStatus>;
  logout(options?: { navigate?: boolean }): Promise<void>;
  publicKey(): Promise<string>;
  fetchCaptcha(username: string): Promise<api.CaptchaPuzzle>;
  verifyCaptcha(captchaId: string, x: number): Promise<string>;
  wechatLoginParam(areaCode?: string): Promise<string>;
  /** Failed attempts from elsewhere the server told of at this session's login, until dismissed. */
  loginNotice(): LoginNotice | null;
  dismissLoginNotice(): void;
}

/** Pause between a solved puzzle and the new attempt (spec §9). */
export const CAPTCHA_SUCCESS_DELAY = 500;

export function createAuth(options: AuthOptions): Auth {
  const { http, session, storage } = options;
  const clock = options.clock ?? systemClock;
  const locale = options.locale ?? (() => 'zh-CN' as const);
  const encrypt = options.encrypt ?? encryptPassword;
  const currentUrl = options.currentUrl ?? browserCurrentUrl;
  const store = createStore<LoginState>(() => ({ ...initialLoginState }));
  let last: Required<Pick<Credentials, 'username' | 'password'>> & Credentials = { username: '', password: '' };
  let publicKey: Promise<string> | null = null;

  const transition = (event: LoginEvent): boolean => {
    const next = loginTransition(store.getState(), event);
    if (next) store.setState(next, true);
    return next !== null;
  };
  const status = () => store.getState().status;
  const error = (code: number, cause?: unknown) =>
    new DsError(code, { locale: locale(), ...(cause === undefined ? {} : { cause }) });

  function getPublicKey(): Promise<string> {
    publicKey ??= api.fetchPublicKey(http).catch((failure: unknown) => {
      publicKey = null;
      throw failure;
    });
    return publicKey;
  }

  function goAfterLogin(returnUrl: string | undefined): void {
    const wanted = returnUrl ?? readQuery(currentUrl()).get('returnUrl');
    if (!wanted || !options.navigate) return;
    options.navigate({ to: 'url', url: sanitizeReturnUrl(wanted, originOf(currentUrl())) });
  }

  const accountKey = (username: string) => username.trim().toLowerCase();

  function deviceTokens(): Record<string, string> {
    const stored = Object.entries(readStoredObject(storage, StorageKeys.loginDevices));
    return Object.fromEntries(stored.filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  }

  /** Keeps the device token the server gave for this account, most recent last, a few accounts at most. */
  function rememberDevice(username: string, token: string | undefined): void {
    if (!token) return;
    const key = accountKey(username);
    const entries = Object.entries(deviceTokens()).filter(([account]) => account !== key);
    entries.push([key, token]);
    storage.set(StorageKeys.loginDevices, JSON.stringify(Object.fromEntries(entries.slice(-DEVICE_ACCOUNTS))));
  }

  function loggedIn(ticket: LoginTicket, loginType?: string): void {
    session.setLogin(ticket);
    if (loginType) storage.set(StorageKeys.loginNewType, loginType);
  }

  async function attempt(captchaToken?: string): Promise<LoginStatus> {
    if (status() !== 'submitting' && !transition({ type: 'submit' })) return status();
    try {
      let password: string;
      try {
        password = await encrypt(last.password, await getPublicKey());
      } catch (failure) {
        publicKey = null;
        throw failure;
      }
      const deviceToken = deviceTokens()[accountKey(last.username)];
      const ticket = await http.post<PasswordTicket>(
        http.paths.cas('/login/restful'),
        {
          username: last.username,
          password,
          code: options.systemType(),
          ed: options.deviceType?.() ?? 'pc',
          ...(captchaToken ? { captchaToken } : {}),
          ...(deviceToken ? { deviceToken } : {}),
        },
        { public: true, silent: true },
      );
      loggedIn(ticket, last.loginType);
      rememberDevice(last.username, ticket?.deviceToken);
      storage.remove(StorageKeys.loginNotice);
      if (ticket?.failedLogins && ticket.failedLogins.count > 0) storage.set(StorageKeys.loginNotice, JSON.stringify(ticket.failedLogins));
      transition({ type: 'succeeded' });
      goAfterLogin(last.returnUrl);
    } catch (failure) {
      const dsError = toDsError(failure);
      if (dsError.code === Codes.CAPTCHA_REQUIRED) transition({ type: 'captchaRequired', error: dsError });
      else transition({ type: 'failed', error: dsError, counts: true });
    }
    return status();
  }

  return {
    ...readonly(store),
    transition,
    async submit(credentials) {
      if (!['idle', 'failed', 'success'].includes(status())) return status();
      const username = credentials.username.trim();
      const password = credentials.password.trim();
      if (!username || !password) {
        transition({ type: 'invalid', error: error(username ? Codes.PASSWORD_EMPTY : Codes.USERNAME_EMPTY) });
        return status();
      }
      last = { ...credentials, username, password };
      if (store.getState().attempts > 1) {
        transition({ type: 'captchaRequired' });
        return status();
      }
      return attempt();
    },
    async captchaSolved(captchaToken) {
      if (status() !== 'captcha') return status();
      await clock.sleep(CAPTCHA_SUCCESS_DELAY);
      // The user may have closed the puzzle during the pause.
      if (!transition({ type: 'captchaSolved' })) return status();
      return attempt(captchaToken);
    },
    closeCaptcha: () => void transition({ type: 'captchaClosed' }),
    async loginMode() {
      const mode = await api.fetchLoginMode(http);
      storage.set(StorageKeys.loginMode, String(mode));
      if (mode !== 1) return mode;
      const loginUrl = await api.fetchLoginUrl(http);
      writeLoginUrlData(storage, { loginUrl });
      if (loginUrl && transition({ type: 'redirect' })) options.navigate?.({ to: 'url', url: loginUrl, replace: true });
      return mode;
    },
    async deployLogin(href = currentUrl()) {
      const params = readDeployParams(href);
      if (!isDeployAttempt(params)) {
        transition({ type: 'invalid', error: error(Codes.DEPLOY_LOGIN_FAILED) });
        return status();
      }
      if (!transition({ type: 'submit' })) return status();
      try {
        const ticket = await http.post<LoginTicket>(
          http.paths.cas('/sz/login/restful'),
          { authorization: params.authorization, code: options.systemType(), ed: options.deviceType?.() ?? 'pc' },
          { public: true, silent: true },
        );
        loggedIn({ token: ticket?.token, expire: ticket?.expire ?? params.expire }, 'deploy');
        transition({ type: 'succeeded' });
        goAfterLogin(readQuery(href).get('returnUrl') ?? undefined);
      } catch (failure) {
        transition({ type: 'failed', error: error(Codes.DEPLOY_LOGIN_FAILED, failure), counts: false });
      }
      return status();
    },
    async logout({ navigate = true } = {}) {
      const token = session.getState().token;
      const target = readLoginUrlData(storage).logoutUrl;
      if (token) {
        // The local logout happens whatever the server says: a user who clicked "退出" is out.
        await http.post(http.paths.cas('/sz/removeToken'), { accessToken: token }, { public: true, silent: true }).catch(() => undefined);
      }
      session.logout();
      transition({ type: 'reset' });
      if (!navigate || !options.navigate) return;
      options.navigate(target ? { to: 'url', url: target } : { to: 'login', returnUrl: currentUrl() });
    },
    publicKey: getPublicKey,
    fetchCaptcha: (username) => api.fetchCaptcha(http, username),
    verifyCaptcha: (captchaId, x) => api.verifyCaptcha(http, captchaId, x),
    wechatLoginParam: (areaCode) => api.wechatLoginParam(http, areaCode),
    loginNotice() {
      const notice = readStoredObject(storage, StorageKeys.loginNotice);
      return Number(notice.count) > 0 ? { count: Number(notice.count), lastAt: Number(notice.lastAt) || 0 } : null;
    },
    dismissLoginNotice: () => storage.remove(StorageKeys.loginNotice),
  };
}

function originOf(href: string): string {
  try {
    return new URL(href).origin;
  } catch {
    return '';
  }
}
