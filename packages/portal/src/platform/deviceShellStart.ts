/**
 * The shell side of the portal's start (platform/deviceShell.ts): loaded only when the portal is framed
 * by a page of another origin, so a browser's first load does not carry the bridge.
 */
import { Codes, messageFor } from '@dscloud/sdk/errors';
import { connectShellBridge } from '@dscloud/sdk/device';
import type { Notify } from '@dscloud/sdk/http';
import type { Platform } from './createPortalPlatform';
import type { DeviceStore } from './deviceShell';

/** Connects to the shell at `hostOrigin` (the framing page's origin, as `framingOrigin()` found it). */
export async function startDeviceShell(platform: Platform, store: DeviceStore, notify: Notify, hostOrigin: string): Promise<void> {
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
