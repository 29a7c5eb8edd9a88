/**
 * The page's side of the shell message protocol (docs/device.md). The page talks only to the frame
 * that hosts it (`host`, e.g. `window.parent`) at one exact origin: it posts with that origin as the
 * target (never '*'), and takes a message only when it comes from that window *and* that origin and
 * answers a request it sent (by id). Every call has a timeout that fails with a clear error.
 */
import { Codes } from '../errors/catalogue.js';
import { DsError } from '../errors/DsError.js';
import { createAppConfigLoader } from '../config/appConfigLoader.js';
import type { AppConfig } from './appConfig.js';
import {
  BRIDGE_TAG,
  BRIDGE_TIMEOUTS,
  BRIDGE_VERSION,
  type BridgeMethod,
  type DeviceBridge,
  type PageMessage,
  type PickedFile,
  type ShellLogin,
  type ShellMessage,
} from './bridge.js';
import type { DeviceInfo } from './systemType.js';

/** The window the shell runs in, as far as the page needs it (typed here: no DOM types in the SDK's shared modules). */
export interface MessageHost {
  postMessage(message: unknown, targetOrigin: string): void;
}

export interface MessageEventLike {
  data: unknown;
  origin: string;
  source: unknown;
}

/** Where the shell's answers arrive (the page's own window). */
export interface MessageInbox {
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
}

export interface ShellBridgeOptions {
  host: MessageHost;
  /** The shell's exact origin (`https://shell.example.cn`); messages from any other origin are ignored. */
  hostOrigin: string;
  inbox: MessageInbox;
  device: DeviceInfo;
  timeouts?: Partial<typeof BRIDGE_TIMEOUTS>;
}

export interface ShellBridge extends DeviceBridge {
  /** Stops listening; pending calls fail. */
  close(): void;
}

let sequence = 0;
const newId = () => `p${Date.now().toString(36)}-${(++sequence).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

function isShellMessage(data: unknown): data is ShellMessage {
  const m = data as Partial<ShellMessage> | null;
  return !!m && typeof m === 'object' && m.tag === BRIDGE_TAG && m.v === BRIDGE_VERSION && typeof m.id === 'string';
}

/**
 * Says hello to the shell and resolves with the bridge once it answers `ready` (with its application
 * configuration); rejects with 5040201 when no shell answers in time (the page is not in a shell).
 */
export function connectShellBridge(options: ShellBridgeOptions): Promise<ShellBridge> {
  const timeouts = { ...BRIDGE_TIMEOUTS, ...options.timeouts };
  const pending = new Map<string, { resolve: (m: ShellMessage) => void; reject: (e: DsError) => void; timer: ReturnType<typeof setTimeout> }>();

  const listener = (event: MessageEventLike) => {
    if (event.source !== options.host || event.origin !== options.hostOrigin || !isShellMessage(event.data)) return;
    const waiting = pending.get(event.data.id);
    if (!waiting) return;
    pending.delete(event.data.id);
    clearTimeout(waiting.timer);
    waiting.resolve(event.data);
  };
  options.inbox.addEventListener('message', listener);

  const send = (message: PageMessage, what: BridgeMethod | 'hello'): Promise<ShellMessage> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(message.id);
        reject(new DsError(Codes.DEVICE_BRIDGE_TIMEOUT, { message: `客户端未响应（${what}，${Math.round(timeouts[what] / 1000)} 秒），请重试` }));
      }, timeouts[what]);
      pending.set(message.id, { resolve, reject, timer });
      options.host.postMessage(message, options.hostOrigin);
    });

  async function call<T>(method: BridgeMethod, params?: unknown): Promise<T> {
    const answer = await send({ tag: BRIDGE_TAG, v: BRIDGE_VERSION, type: 'call', id: newId(), method, ...(params === undefined ? {} : { params }) }, method);
    if (answer.type !== 'result') throw new DsError(Codes.DEVICE_BRIDGE_FAILED, { message: `客户端的回答不符合协议（${method}）` });
    if (!answer.ok) {
      const code = answer.error.code === Codes.DEVICE_CALL_UNSUPPORTED ? Codes.DEVICE_CALL_UNSUPPORTED : Codes.DEVICE_BRIDGE_FAILED;
      throw new DsError(code, { message: answer.error.message || undefined });
    }
    return answer.result as T;
  }

  const close = () => {
    options.inbox.removeEventListener('message', listener);
    for (const [id, waiting] of pending) {
      clearTimeout(waiting.timer);
      waiting.reject(new DsError(Codes.DEVICE_BRIDGE_FAILED, { message: '与客户端的连接已关闭' }));
      pending.delete(id);
    }
  };

  // The shell's `ready` answer is its application configuration, loaded like the other configuration.
  const appConfigLoader = createAppConfigLoader({
    device: { ...options.device, isDeviceShell: true },
    announce: async () => {
      const answer = await send({ tag: BRIDGE_TAG, v: BRIDGE_VERSION, type: 'hello', id: newId() }, 'hello');
      if (answer.type !== 'ready') throw new DsError(Codes.DEVICE_BRIDGE_FAILED, { message: '客户端的回答不符合协议（hello）' });
      return { ...answer.appConfig, isDeviceShell: true };
    },
  });

  return appConfigLoader.ready().then(
    (appConfig: Readonly<AppConfig>) => {
      return {
        kind: 'shell' as const,
        appConfig,
        appConfigLoader,
        close,
        getToken: async () => {
          const login = await call<ShellLogin | null>('getToken');
          if (login === null || login === undefined) return null;
          if (typeof login.token !== 'string' || !login.token || !(Number(login.expire) > 0)) {
            throw new DsError(Codes.DEVICE_TOKEN_FAILED, { message: '获取token失败：客户端给出的登录信息不完整' });
          }
          return { token: login.token, expire: Number(login.expire) };
        },
        saveToken: (login) => call<void>('saveToken', login),
        logout: () => call<void>('logout'),
        selectFile: async (params = {}) => {
          const files = await call<PickedFile[]>('selectFile', { accept: params.accept ?? [], multiple: params.multiple ?? false });
          return Array.isArray(files) ? files : [];
        },
        downloadFile: (request) => call<void>('downloadFile', request),
        openUrl: (url) => call<void>('openUrl', { url }),
        exitLogin: () => call<void>('exitLogin'),
      };
    },
    (error: unknown) => {
      close();
      throw error;
    },
  );
}
