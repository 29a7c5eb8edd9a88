import { createStore } from 'zustand/vanilla';
import { Codes, SESSION_ENDING_CODES, type Locale } from '../errors/catalogue.js';
import { DsError } from '../errors/DsError.js';
import { HttpError } from '../errors/HttpError.js';
import type { AuthGate } from '../http/gate.js';
import { systemClock, type Clock } from '../util/clock.js';
import { ERROR_NOTICE_DURATION, type Notify } from '../util/notice.js';
import { readonly, type ReadonlyStore } from '../util/readonlyStore.js';
import { fingerprint } from './fingerprint.js';
import { SESSION_KEYS, StorageKeys } from './keys.js';
import { browserCurrentUrl, type Navigate } from './navigation.js';
import {
  initialSessionState,
  isLoggedIn,
  sessionTransition,
  type SessionEvent,
  type SessionState,
} from './sessionMachine.js';
import type { KeyValueStorage } from './storage.js';

/** The login and refresh answers (spec §3): a token and its lifetime in seconds. */
export interface LoginTicket {
  token?: string | null;
  expire?: number | string | null;
}

export interface SessionOptions {
  storage: KeyValueStorage;
  /** Asks the server for a new token (`GET {cas}/sz/refreshToken?oldToken=&ua=`). */
  refresh: (oldToken: string) => Promise<LoginTicket>;
  clock?: Clock;
  navigate?: Navigate;
  notify?: Notify;
  locale?: () => Locale;
  /** The address to come back to after logging in again. */
  currentUrl?: () => string;
  /**
   * The headers a call carries for a token (language, `ua`, top organisation…): the platform hands in
   * its HTTP client's, so calls made outside the client look the same. Default: `Authorization` only.
   */
  requestHeaders?: (token: string | null, locale?: Locale) => Record<string, string>;
}

export interface Session extends ReadonlyStore<SessionState>, AuthGate {
  setLogin(ticket: LoginTicket): void;
  /** The token to use now, refreshed first when past its time (one refresh shared by every caller). */
  ensureFresh(): Promise<string | null>;
  /**
   * The headers of an authenticated call made outside the platform's HTTP client (uploads over XHR,
   * keepalive fetches): the token as `Authorization` (DESIGN.md), refreshed first when due through the
   * same single refresh as every other call, plus the platform's usual headers. No `Authorization`
   * without a login. Rejects like `ensureFresh` (session replaced, refresh refused or unreachable).
   */
  headers(options?: { locale?: Locale }): Promise<Record<string, string>>;
  /** Forget the login on this device (storage and state); the server side is `auth.logout()`. */
  logout(): void;
  isLoggedIn(): boolean;
  onChange(listener: (state: SessionState, previous: SessionState) => void): () => void;
  /** Stops following other tabs. */
  dispose(): void;
}

/** Share of the token lifetime after which it is refreshed before use (spec §9). */
export const EXPIRY_SHARE = 0.98;

export function createSession(options: SessionOptions): Session {
  const { storage } = options;
  const clock = options.clock ?? systemClock;
  const locale = options.locale ?? (() => 'zh-CN' as const);
  const currentUrl = options.currentUrl ?? browserCurrentUrl;
  const requestHeaders = options.requestHeaders ?? tokenHeader;
  const store = createStore<SessionState>(() =>
    initialSessionState(storage.get(StorageKeys.token), readExpireAt(storage)),
  );
  const send = (event: SessionEvent) => store.setState(sessionTransition(store.getState(), event), true);
  let inflight: Promise<string> | null = null;

  function writeTicket(ticket: LoginTicket): { token: string; expireAt: number } {
    const token = String(ticket.token);
    const seconds = Number(ticket.expire);
    const expireAt = Math.floor(clock.now() + seconds * 1000 * EXPIRY_SHARE);
    // Token last: another tab reacts to the token's storage event and must find the expiry already there.
    storage.set(StorageKeys.expire, String(seconds));
    storage.set(StorageKeys.expireTimeMillisecond, String(expireAt));
    storage.set(StorageKeys.token, token);
    return { token, expireAt };
  }

  function clearStorage(): void {
    for (const key of SESSION_KEYS) storage.remove(key);
  }

  function sendToLogin(): void {
    options.navigate?.({ to: 'login', returnUrl: currentUrl() });
  }

  function endSession(): void {
    clearStorage();
    send({ type: 'expired' });
    options.notify?.({
      kind: 'error',
      message: new DsError(Codes.TOKEN_EXPIRED, { locale: locale() }).message,
      duration: ERROR_NOTICE_DURATION,
    });
    sendToLogin();
  }

  /** Brings this page in line with what other tabs wrote; false when someone else logged in meanwhile. */
  function followStorage(): boolean {
    const stored = storage.get(StorageKeys.token);
    const state = store.getState();
    if (stored === state.token) return state.status !== 'replaced';
    if (stored === null) {
      send({ type: 'loggedOut' });
      return true;
    }
    const refreshedHere = storage.get(StorageKeys.tokenRefreshedFrom) === (state.token && fingerprint(state.token));
    if (state.token === null || state.status === 'expired') {
      send({ type: 'login', token: stored, expireAt: readExpireAt(storage) });
      return true;
    }
    if (refreshedHere) {
      send({ type: 'refreshed', token: stored, expireAt: readExpireAt(storage) });
      return true;
    }
    send({ type: 'replaced' });
    return false;
  }

  function refreshOnce(): Promise<string> {
    if (inflight) return inflight;
    const oldToken = store.getState().token;
    if (!oldToken) return Promise.reject(new DsError(Codes.TOKEN_NOT_FOUND, { locale: locale() }));
    send({ type: 'refreshStarted' });
    inflight = (async () => {
      let ticket: LoginTicket;
      try {
        ticket = await options.refresh(oldToken);
      } catch (error) {
        if (refused(error)) {
          endSession();
          throw new DsError(Codes.TOKEN_EXPIRED, { locale: locale(), cause: error });
        }
        send({ type: 'refreshFailed' });
        throw asRetryable(error, locale());
      }
      if (!ticket?.token || !(Number(ticket.expire) > 0)) {
        endSession();
        throw new DsError(Codes.TOKEN_EXPIRED, { locale: locale() });
      }
      // Another tab that still holds the old token will recognise this as a refresh, not a new user.
      storage.set(StorageKeys.tokenRefreshedFrom, fingerprint(oldToken));
      const written = writeTicket(ticket);
      send({ type: 'refreshed', ...written });
      return written.token;
    })().finally(() => {
      inflight = null;
    });
    return inflight;
  }

  async function ensureFresh(): Promise<string | null> {
    if (inflight) return inflight;
    if (!followStorage()) {
      sendToLogin();
      throw new DsError(Codes.SESSION_REPLACED, { locale: locale() });
    }
    const { token, expireAt } = store.getState();
    if (!token) return null;
    if (expireAt !== null && clock.now() >= expireAt) return refreshOnce();
    return token;
  }

  const unfollow = storage.subscribe?.((key) => {
    if (key === null || key === StorageKeys.token) followStorage();
  });

  return {
    ...readonly(store),
    setLogin(ticket) {
      if (!ticket.token || !(Number(ticket.expire) > 0)) {
        throw new DsError(Codes.UNKNOWN_SERVER_ERROR, { locale: locale() });
      }
      storage.remove(StorageKeys.tokenRefreshedFrom);
      send({ type: 'login', ...writeTicket(ticket) });
    },
    ensureFresh,
    headers: async (opts) => requestHeaders(await ensureFresh(), opts?.locale),
    acquire: ensureFresh,
    async renew(staleToken) {
      if (inflight) return inflight;
      const { token } = store.getState();
      // Someone already refreshed (or logged in again) since this call left: use that token.
      if (token && token !== staleToken) return token;
      return refreshOnce();
    },
    end(_error, token) {
      const state = store.getState();
      if (!token || token !== state.token || !isLoggedIn(state)) return;
      endSession();
    },
    logout() {
      clearStorage();
      send({ type: 'loggedOut' });
    },
    isLoggedIn: () => isLoggedIn(store.getState()),
    onChange: (listener) => store.subscribe(listener),
    dispose: () => unfollow?.(),
  };
}

function tokenHeader(token: string | null): Record<string, string> {
  return token ? { Authorization: token } : {};
}

function readExpireAt(storage: KeyValueStorage): number | null {
  const raw = storage.get(StorageKeys.expireTimeMillisecond);
  const value = raw === null ? NaN : Number(raw);
  return Number.isFinite(value) ? value : null;
}

/** The server said no to this token (as opposed to not answering or failing itself). */
function refused(error: unknown): boolean {
  if (!(error instanceof HttpError)) return false;
  if (SESSION_ENDING_CODES.has(error.code) || error.code === Codes.TOKEN_EXPIRED) return true;
  return error.httpStatus >= 400 && error.httpStatus < 500 && error.httpStatus !== 429;
}

function asRetryable(error: unknown, locale: Locale): HttpError {
  if (error instanceof HttpError && error.retryable) return error;
  return new HttpError(Codes.NETWORK_UNAVAILABLE, {
    path: error instanceof HttpError ? error.path : '',
    httpStatus: error instanceof HttpError ? error.httpStatus : 0,
    retryable: true,
    cause: error,
    locale,
  });
}
