/**
 * The device bridge in a plain browser: the page does everything itself. The session keeps the token
 * (so the app holds none), files are picked with a file input, downloads go through a link, other
 * sites open in a new tab without access to this one. Browser globals are read only here (a seam
 * default), typed locally so the shared modules need no DOM types.
 */
import { createAppConfigLoader } from '../config/appConfigLoader.js';
import type { DeviceBridge, PickedFile } from './bridge.js';
import type { DeviceInfo } from './systemType.js';

interface Element {
  click(): void;
  remove(): void;
  setAttribute(name: string, value: string): void;
  addEventListener(type: string, listener: () => void, options?: { once?: boolean }): void;
  files?: ArrayLike<PickedFile> | null;
}
interface BrowserGlobals {
  document: { createElement(tag: string): Element; body: { append(node: Element): void } };
  open(url: string, target: string, features: string): unknown;
}

export interface WebBridgeOptions {
  device: DeviceInfo;
  /** Where "exit login" goes in a browser (the portal's login page). */
  exitLogin?: () => void;
}

export function createWebBridge(options: WebBridgeOptions): DeviceBridge {
  const browser = () => globalThis as unknown as BrowserGlobals;
  const appConfigLoader = createAppConfigLoader({ device: options.device });
  return {
    kind: 'web',
    get appConfig() {
      return appConfigLoader.getState().value!;
    },
    appConfigLoader,
    getToken: async () => null,
    saveToken: async () => undefined,
    logout: async () => undefined,
    selectFile: (params = {}) =>
      new Promise<PickedFile[]>((resolve) => {
        const input = browser().document.createElement('input');
        input.setAttribute('type', 'file');
        if (params.accept?.length) input.setAttribute('accept', params.accept.join(','));
        if (params.multiple) input.setAttribute('multiple', '');
        input.addEventListener('change', () => resolve(Array.from(input.files ?? [])), { once: true });
        input.addEventListener('cancel', () => resolve([]), { once: true });
        input.click();
      }),
    downloadFile: async ({ url, fileName }) => {
      const link = browser().document.createElement('a');
      link.setAttribute('href', url);
      link.setAttribute('download', fileName);
      browser().document.body.append(link);
      link.click();
      link.remove();
    },
    openUrl: async (url) => {
      browser().open(url, '_blank', 'noopener,noreferrer');
    },
    exitLogin: async () => options.exitLogin?.(),
  };
}
