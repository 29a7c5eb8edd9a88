/**
 * The portal inside a device shell (docs/device.md). Framed by a page of another origin — which the
 * server's CSP allows only for the configured shell origins (`SHELL_ORIGINS`) — the portal greets that
 * exact origin; if a shell answers, the bridge replaces the browser's ways: the shell's token signs the
 * user in (「获取token失败」 when it cannot be had), new and refreshed tokens and logouts are told
 * to the shell, downloads and other sites go through it. Otherwise everything stays as in a browser.
 */
import { Codes, messageFor } from '@dscloud/sdk/errors';
import { connectShellBridge, createWebBridge, type DeviceBridge } from '@dscloud/sdk/device';
import { createStore } from 'zustand/vanilla';
import type { Notify } from '@dscloud/sdk/http';
import type { Platform } from './createPortalPlatform';

export interface DeviceState {
  status: 'web' | 'connecting' | 'shell';
  bridge: DeviceBridge;
}

export type DeviceStore = ReturnType<typeof createDeviceStore>;

export function createDeviceStore(platform: Platform) {
  return createStore<DeviceState>(() => ({ status: 'web', bridge: createWebBridge({ device: platform.device }) }));
}

/** The origin of the page framing this one, when it is another origin; null at the top or framed by itself. */
export function framingOrigin(win: Window = window): string | null {
  if (win.parent === win) return null;
  const ancestors = win.location.ancestorOrigins;
  let origin = ancestors && ancestors.length > 0 ? ancestors[0]! : null;
  if (!origin && win.document.referrer) {
    try {
      origin = new URL(win.document.referrer).origin;
    } catch {
      origin = null;
    }
  }
  return origin && origin !== 'null' && origin !== win.location.origin ? origin : null;
}

export async function startDeviceShell(platform: Platform, store: DeviceStore, notify: Notify): Promise<void> {
  const hostOrigin = framingOrigin();
  if (!hostOrigin) return;
  store.setState({ status: 'connecting' });
  let bridge;
  try {
    bridge = await connectShellBridge({ host: window.parent, hostOrigin, inbox: window, device: platform.device });
  } catch {
    store.setState({ status: 'web' });
    return;
  }
  store.setState({ status: 'shell', bridge });
  const locale = platform.i18n.locale();
  const error = (message: string) => notify({ kind: 'error', message, duration: 5_000 });

  try {
    const login = await bridge.getToken();
    if (login && login.token !== platform.session.getState().token) platform.session.setLogin(login);
  } catch (cause) {
    console.error(cause);
    error(messageFor(Codes.DEVICE_TOKEN_FAILED, locale));
  }

  platform.session.subscribe((state, previous) => {
    if (state.token === previous.token) return;
    const seconds = Math.max(1, Math.round(((state.expireAt ?? Date.now()) - Date.now()) / 1000));
    const told = state.token ? bridge.saveToken({ token: state.token, expire: seconds }) : bridge.logout();
    told.catch((cause: unknown) => console.error(cause));
  });
}
