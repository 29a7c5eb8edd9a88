/**
 * The device bridge of spec §7: what the page asks of the app it runs in. In a plain browser the
 * page does it itself (`createWebBridge`); inside the PC, pad and mobile shells the shell does it
 * (`connectShellBridge`, the message protocol of docs/device.md). Pure types: no browser API here.
 */
import type { Loader } from '../config/loader.js';
import type { AppConfig } from './appConfig.js';

/** What a shell hands over after it logged the user in (the platform's login answer). */
export interface ShellLogin {
  token: string;
  /** Seconds the token stays valid, as the login answer's `expire`. */
  expire: number;
}

/** A file the user picked, as the page uploads it. */
export type PickedFile = Blob & { readonly name: string };

export interface DeviceBridge {
  /** 'web': the page does everything itself; 'shell': an app answers over the message protocol. */
  readonly kind: 'web' | 'shell';
  /** The app's configuration (spec §3), announced by the shell or derived in the browser. */
  readonly appConfig: Readonly<AppConfig>;
  /** The loader the configuration came through (`createAppConfigLoader`): its state and frozen value. */
  readonly appConfigLoader: Loader<AppConfig>;
  /** The token the app holds for this user, or null when it holds none. */
  getToken(): Promise<ShellLogin | null>;
  /** Tells the app about a new or refreshed token. */
  saveToken(login: ShellLogin): Promise<void>;
  /** The user logged out of the page: the app forgets the token. */
  logout(): Promise<void>;
  /** Lets the user pick files (the app's own picker inside a shell). */
  selectFile(options?: { accept?: readonly string[]; multiple?: boolean }): Promise<PickedFile[]>;
  /** Downloads a file (the shell saves it where its users look for downloads). */
  downloadFile(request: { url: string; fileName: string }): Promise<void>;
  /** Opens another site (the shell's browser; a new tab on the web). */
  openUrl(url: string): Promise<void>;
  /** Leaves the signed-in part of the app (the shell shows its login). */
  exitLogin(): Promise<void>;
}

export type BridgeMethod = 'getToken' | 'saveToken' | 'logout' | 'selectFile' | 'downloadFile' | 'openUrl' | 'exitLogin';

/** Every message of the protocol carries this tag and version, so other messages on the window are ignored. */
export const BRIDGE_TAG = 'ds-device-bridge';
export const BRIDGE_VERSION = 1;

/** Page → shell. `hello` opens the conversation; the others are calls answered by `id`. */
export type PageMessage =
  | { tag: typeof BRIDGE_TAG; v: 1; type: 'hello'; id: string }
  | { tag: typeof BRIDGE_TAG; v: 1; type: 'call'; id: string; method: BridgeMethod; params?: unknown };

/** Shell → page: the answer to `hello` (who the shell is) or to a call. */
export type ShellMessage =
  | { tag: typeof BRIDGE_TAG; v: 1; type: 'ready'; id: string; appConfig: Partial<AppConfig> }
  | { tag: typeof BRIDGE_TAG; v: 1; type: 'result'; id: string; ok: true; result?: unknown }
  | { tag: typeof BRIDGE_TAG; v: 1; type: 'result'; id: string; ok: false; error: { code?: number; message: string } };

/** How long the page waits for each call's answer (ms); picking a file waits for the user. */
export const BRIDGE_TIMEOUTS: Readonly<Record<BridgeMethod | 'hello', number>> = Object.freeze({
  hello: 3_000,
  getToken: 10_000,
  saveToken: 5_000,
  logout: 5_000,
  exitLogin: 5_000,
  openUrl: 5_000,
  downloadFile: 60_000,
  selectFile: 10 * 60_000,
});
