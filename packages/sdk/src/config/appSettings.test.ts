import { describe, expect, it } from 'vitest';
import { BRIDGE_TAG, type PageMessage } from '../device/bridge.js';
import { connectShellBridge, type MessageEventLike } from '../device/shellBridge.js';
import { detectSystemType } from '../device/systemType.js';
import { createWebBridge } from '../device/webBridge.js';
import { Codes } from '../errors/catalogue.js';
import { createHttpClient } from '../http/client.js';
import { createFakeClock } from '../testing/fakeClock.js';
import { createFakeServer, ok } from '../testing/fakeServer.js';
import { createConfig } from './config.js';

const LIST = '/base/v1/globalConfig/list';
const row = (configKey: string, configValue: string) => ({ configKey, configValue });
const ROWS = [
  row('common.platform.areaCode', 'dsideal'),
  row('common.platform.name', '东师理想云校'),
  row('common.help.wechatQr', '101'),
  row('common.help.wechatVideo', ' /media/help/wechat.mp4 '),
  row('common.help.tvVideo', 'https://video.example.cn/tv.mp4'),
  row('common.hotline.usage', '400-800-1234转2'),
  row('common.ai.bureauId', '2'),
  row('common.ai.pageUrl', 'https://ai.example.cn/chat'),
];

describe('application settings through the configuration loader', () => {
  it('are empty until the configuration is loaded, then one frozen typed view of it (after the loader’s retries)', async () => {
    const server = createFakeServer();
    const clock = createFakeClock();
    let calls = 0;
    server.on('POST', LIST, () => (++calls < 2 ? 'network-error' : ok({ rows: ROWS })));
    const config = createConfig({ http: createHttpClient({ adapter: server.adapter }), clock });
    expect(config.settings().help.wechat.qr).toBe('');
    const loading = config.settingsReady();
    await clock.advance(100);
    const settings = await loading;
    expect(calls).toBe(2);
    expect(settings).toEqual({
      help: { wechat: { qr: '101', video: '/media/help/wechat.mp4' }, tv: { qr: '', video: 'https://video.example.cn/tv.mp4' }, centerUrl: '' },
      hotlines: { account: '', usage: '400-800-1234转2', groupChat: '' },
      ai: { bureauId: '2', pageUrl: 'https://ai.example.cn/chat' },
    });
    expect(config.settings()).toBe(settings);
    expect(() => ((settings.ai as { bureauId: string }).bureauId = '9')).toThrow(TypeError);
  });
});

describe('application configuration (spec §3) through the loader', () => {
  const device = detectSystemType('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120');

  it('is ready and frozen at once in a browser, from the device', () => {
    const bridge = createWebBridge({ device });
    expect(bridge.appConfigLoader.getState().status).toBe('ready');
    expect(bridge.appConfig).toBe(bridge.appConfigLoader.getState().value);
    expect(bridge.appConfig).toMatchObject({ deviceType: 'pc', isDeviceShell: false, withLogin: true, cloudType: '' });
    expect(() => ((bridge.appConfig as { withLogin: boolean }).withLogin = false)).toThrow(TypeError);
  });

  it('is loaded from the shell’s ready answer in a shell, and fails as the bridge timeout when no shell answers', async () => {
    const listeners = new Set<(e: MessageEventLike) => void>();
    const inbox = { addEventListener: (_: 'message', l: (e: MessageEventLike) => void) => listeners.add(l), removeEventListener: (_: 'message', l: (e: MessageEventLike) => void) => listeners.delete(l) };
    const origin = 'https://shell.example.cn';
    const host = {
      postMessage(message: unknown) {
        const m = message as PageMessage;
        const data = { tag: BRIDGE_TAG, v: 1, type: 'ready', id: m.id, appConfig: { withLogin: false, platformState: 'prod', courseWareType: 'ppt' } };
        queueMicrotask(() => listeners.forEach((l) => l({ data, origin, source: host })));
      },
    };
    const bridge = await connectShellBridge({ host, hostOrigin: origin, inbox, device });
    expect(bridge.appConfigLoader.getState()).toMatchObject({ status: 'ready', attempts: 1 });
    expect(bridge.appConfig).toMatchObject({ isDeviceShell: true, withLogin: false, platformState: 'prod', courseWareType: 'ppt' });
    bridge.close();

    const silent = { postMessage: () => undefined };
    const refused = await connectShellBridge({ host: silent, hostOrigin: origin, inbox, device, timeouts: { hello: 20 } }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: Codes.DEVICE_BRIDGE_TIMEOUT });
  });
});
