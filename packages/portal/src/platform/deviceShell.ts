/**
 * The portal inside a device shell (docs/device.md). Framed by a page of another origin — which the
 * server's CSP allows only for the configured shell origins (`SHELL_ORIGINS`) — the portal greets that
 * exact origin; if a shell answers, the bridge replaces the browser's ways: the shell's token signs the
 * user in (「获取token失败」 when it cannot be had), new and refreshed tokens and logouts are told
 * to the shell, downloads and other sites go through it. Otherwise everything stays as in a browser.
 */
import { createWebBridge, type DeviceBridge } from '@dscloud/sdk/device';
import { createStore } from 'zustand/vanilla';
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
