import { describe, expect, it } from 'vitest';
import { Codes } from '../errors/catalogue.js';
import { BRIDGE_TAG, type PageMessage } from './bridge.js';
import { connectShellBridge, type MessageEventLike } from './shellBridge.js';
import { detectSystemType } from './systemType.js';

const SHELL = 'https://shell.example.cn';
const device = detectSystemType('Mozilla/5.0 (Linux; Android 13; Pixel 7) Mobile ideallecture/3.2');

/** Plays the shell: a host window whose posted messages a script answers, and the page's inbox. */
function fakeShell(answer: (m: PageMessage, reply: (data: unknown, from?: { origin?: string; source?: unknown }) => void) => void) {
  const listeners = new Set<(e: MessageEventLike) => void>();
  const sent: Array<{ message: PageMessage; targetOrigin: string }> = [];
  const host = {
    postMessage(message: unknown, targetOrigin: string) {
      sent.push({ message: message as PageMessage, targetOrigin });
      const reply = (data: unknown, from: { origin?: string; source?: unknown } = {}) =>
        queueMicrotask(() => listeners.forEach((l) => l({ data, origin: from.origin ?? SHELL, source: 'source' in from ? from.source : host })));
      answer(message as PageMessage, reply);
    },
  };
  const inbox = { addEventListener: (_: 'message', l: (e: MessageEventLike) => void) => listeners.add(l), removeEventListener: (_: 'message', l: (e: MessageEventLike) => void) => listeners.delete(l) };
  return { host, inbox, sent, listeners };
}

const ready = (m: PageMessage) => ({ tag: BRIDGE_TAG, v: 1, type: 'ready', id: m.id, appConfig: { withLogin: false, cloudType: 'city', systemType: 'ideallecture', isAppCertification: true } });
const result = (m: PageMessage, out: object) => ({ tag: BRIDGE_TAG, v: 1, type: 'result', id: m.id, ...out });

describe('shell bridge', () => {
  it('greets the shell at its exact origin, takes its frozen application configuration, and matches answers to calls by id', async () => {
    const shell = fakeShell((m, reply) => {
      if (m.type === 'hello') return reply(ready(m));
      if (m.type === 'call' && m.method === 'getToken') return reply(result(m, { ok: true, result: { token: 'tok-shell', expire: 7200 } }));
      if (m.type === 'call') return reply(result(m, { ok: true }));
    });
    const bridge = await connectShellBridge({ host: shell.host, hostOrigin: SHELL, inbox: shell.inbox, device });
    expect(shell.sent.every((s) => s.targetOrigin === SHELL)).toBe(true);
    expect(bridge.kind).toBe('shell');
    expect(bridge.appConfig).toMatchObject({ isDeviceShell: true, withLogin: false, cloudType: 'city', deviceType: 'android', systemType: 'ideallecture', isAppCertification: true });
    expect(() => ((bridge.appConfig as { withLogin: boolean }).withLogin = true)).toThrow(TypeError);
    await expect(bridge.getToken()).resolves.toEqual({ token: 'tok-shell', expire: 7200 });
    await bridge.openUrl('https://growth.example.cn/?ticket=t');
    const calls = shell.sent.map((s) => s.message).filter((m) => m.type === 'call');
    expect(calls.map((m) => m.type === 'call' && [m.method, m.params])).toEqual([['getToken', undefined], ['openUrl', { url: 'https://growth.example.cn/?ticket=t' }]]);
    expect(new Set(shell.sent.map((s) => s.message.id)).size).toBe(shell.sent.length);
    bridge.close();
  });

  it('ignores answers from another origin or another window, and then times out with a clear error', async () => {
    const shell = fakeShell((m, reply) => {
      if (m.type === 'hello') return reply(ready(m));
      reply(result(m, { ok: true, result: { token: 'evil', expire: 1 } }), { origin: 'https://evil.example.com' });
      reply(result(m, { ok: true, result: { token: 'evil', expire: 1 } }), { source: {} });
    });
    const bridge = await connectShellBridge({ host: shell.host, hostOrigin: SHELL, inbox: shell.inbox, device, timeouts: { getToken: 50 } });
    const error = await bridge.getToken().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: Codes.DEVICE_BRIDGE_TIMEOUT, message: '客户端未响应（getToken，0 秒），请重试' });
    bridge.close();
  });

  it('is no shell when nobody answers hello', async () => {
    const shell = fakeShell(() => undefined);
    await expect(connectShellBridge({ host: shell.host, hostOrigin: SHELL, inbox: shell.inbox, device, timeouts: { hello: 30 } })).rejects.toMatchObject({ code: Codes.DEVICE_BRIDGE_TIMEOUT });
    expect(shell.listeners.size).toBe(0);
  });

  it('turns a shell’s refusal into the platform’s errors, and an incomplete login into 获取token失败', async () => {
    const shell = fakeShell((m, reply) => {
      if (m.type === 'hello') return reply(ready(m));
      if (m.type === 'call' && m.method === 'getToken') return reply(result(m, { ok: true, result: { token: '', expire: 0 } }));
      if (m.type === 'call' && m.method === 'selectFile') return reply(result(m, { ok: false, error: { code: Codes.DEVICE_CALL_UNSUPPORTED, message: '' } }));
      if (m.type === 'call') return reply(result(m, { ok: false, error: { message: '磁盘已满' } }));
    });
    const bridge = await connectShellBridge({ host: shell.host, hostOrigin: SHELL, inbox: shell.inbox, device });
    await expect(bridge.getToken()).rejects.toMatchObject({ code: Codes.DEVICE_TOKEN_FAILED });
    await expect(bridge.selectFile()).rejects.toMatchObject({ code: Codes.DEVICE_CALL_UNSUPPORTED, message: '当前客户端不支持该操作' });
    await expect(bridge.downloadFile({ url: 'u', fileName: 'f.mp4' })).rejects.toMatchObject({ code: Codes.DEVICE_BRIDGE_FAILED, message: '磁盘已满' });
    bridge.close();
  });
});
