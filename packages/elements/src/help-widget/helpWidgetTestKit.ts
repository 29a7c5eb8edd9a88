import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createPlatform, type Platform } from '@dscloud/sdk';
import { createFakeServer, createMemoryStorage, ok, type FakeHandler, type FakeServer } from '@dscloud/sdk/testing';
import { PlatformProvider } from '../shared/PlatformContext.js';
import { HelpWidget, type HelpWidgetProps } from './HelpWidget.js';
import { memoryOpenMemory, type OpenMemory } from './openMemory.js';

export const CONFIG = '/base/v1/globalConfig/list';
export const FEEDBACK = '/cloudSchool/v1/feedback/save';

/** Settings of a bureau that filled in every item of the widget. */
export const FULL_SETTINGS: Record<string, string> = {
  'common.platform.areaCode': 'dsideal',
  'common.platform.name': '东山市教育云校',
  'common.help.wechatQr': '101',
  'common.help.wechatVideo': 'https://video.example.cn/wechat.mp4',
  'common.help.tvQr': '102',
  'common.help.tvVideo': '',
  'common.help.centerUrl': '',
  'common.hotline.account': '0571-88880001',
  'common.hotline.usage': '400-800-1234转2',
  'common.hotline.groupChat': 'QQ 群 123456789',
};

export const configAnswer =
  (values: Record<string, string>): FakeHandler =>
  () =>
    ok({ rows: Object.entries(values).map(([configKey, configValue]) => ({ configKey, configValue })) });

export interface MountedWidget {
  host: HTMLDivElement;
  server: FakeServer;
  platform: Platform;
  memory: OpenMemory;
  root: Root;
  render(props?: Partial<HelpWidgetProps>): void;
  unmount(): void;
}

/** `<HelpWidget>` on a platform whose HTTP transport is an in-memory fake; `token` signs the session in. */
export function mountWidget(options: { settings?: Record<string, string>; token?: string; memory?: OpenMemory; props?: Partial<HelpWidgetProps>; server?: FakeServer } = {}): MountedWidget {
  const server = (options.server ?? createFakeServer()).on('POST', CONFIG, configAnswer(options.settings ?? FULL_SETTINGS));
  const storage = createMemoryStorage();
  const platform = createPlatform({ apiBase: 'http://platform.test', adapter: server.adapter, storage, notify: () => undefined });
  if (options.token) platform.session.setLogin({ token: options.token, expire: 3600 });
  const memory = options.memory ?? memoryOpenMemory();
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const mounted: MountedWidget = {
    host,
    server,
    platform,
    memory,
    root,
    render(more = {}) {
      root.render(createElement(PlatformProvider, { platform }, createElement(HelpWidget, { memory, ...options.props, ...more })));
    },
    unmount() {
      root.unmount();
      host.remove();
    },
  };
  mounted.render();
  return mounted;
}
