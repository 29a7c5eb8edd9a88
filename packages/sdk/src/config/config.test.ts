import { describe, expect, it } from 'vitest';
import { Codes } from '../errors/catalogue.js';
import { createHttpClient } from '../http/client.js';
import { createFakeClock } from '../testing/fakeClock.js';
import { createFakeServer, fail, ok } from '../testing/fakeServer.js';
import type { Notice } from '../util/notice.js';
import { createConfig } from './config.js';
import { loaderTransition, type LoaderState } from './loader.js';

const LIST = '/base/v1/globalConfig/list';
const ROWS = [
  { configKey: 'common.platform.areaCode', configValue: 'dsideal' },
  { configKey: 'common.platform.name', configValue: '东师理想云校' },
];

function setup() {
  const server = createFakeServer();
  const clock = createFakeClock();
  const notices: Notice[] = [];
  const http = createHttpClient({ adapter: server.adapter });
  const config = createConfig({ http, clock, notify: (notice) => notices.push(notice) });
  return { server, clock, config, notices };
}

describe('config loader', () => {
  it('goes idle → loading → ready and serves values by key, without a token', async () => {
    const { server, config } = setup();
    server.on('POST', LIST, () => ok({ rows: ROWS }));
    const seen: string[] = [];
    config.subscribe((state) => seen.push(state.status));
    expect(config.getState().status).toBe('idle');
    await config.ready();
    expect(seen).toEqual(['loading', 'loading', 'ready']);
    expect(config.global('common.platform.name')).toBe('东师理想云校');
    expect(server.requests[0]?.headers.Authorization).toBeUndefined();
    await config.ready();
    expect(server.requestsTo(LIST)).toHaveLength(1);
  });

  it('retries three times, 100 ms apart, then succeeds', async () => {
    const { server, clock, config } = setup();
    let calls = 0;
    server.on('POST', LIST, () => (++calls < 4 ? 'network-error' : ok({ rows: ROWS })));
    const ready = config.ready();
    await clock.advance(300);
    await expect(ready).resolves.toMatchObject({ values: { 'common.platform.areaCode': 'dsideal' } });
    expect(calls).toBe(4);
    expect(config.getState()).toMatchObject({ status: 'ready', attempts: 4 });
  });

  it('fails with 服务器配置加载失败 after the retries run out, with one notice for many callers', async () => {
    const { server, clock, config, notices } = setup();
    server.on('POST', LIST, () => fail(Codes.UNAVAILABLE));
    const first = config.ready().catch((e: unknown) => e);
    const second = config.ready().catch((e: unknown) => e);
    await clock.advance(1000);
    const error = (await first) as { code: number; message: string; cause: { code: number } };
    expect(await second).toBe(error);
    expect(error.code).toBe(Codes.CONFIG_LOAD_FAILED);
    expect(error.message).toBe('服务器配置加载失败');
    expect(error.cause.code).toBe(503);
    expect(server.requestsTo(LIST)).toHaveLength(4);
    expect(config.getState().status).toBe('failed');
    expect(notices.map((n) => n.message)).toEqual(['服务器配置加载失败']);
  });

  it('does not retry a refusal', async () => {
    const { server, config } = setup();
    server.on('POST', LIST, () => fail(Codes.FORBIDDEN));
    await expect(config.ready()).rejects.toMatchObject({ code: Codes.CONFIG_LOAD_FAILED });
    expect(server.requestsTo(LIST)).toHaveLength(1);
  });

  it('refuses fewer than two rows with 未获取到指定的全局配置数据', async () => {
    const { server, config } = setup();
    server.on('POST', LIST, () => ok({ rows: ROWS.slice(0, 1) }));
    await expect(config.ready()).rejects.toMatchObject({ code: 5000012, message: '未获取到指定的全局配置数据' });
    expect(server.requestsTo(LIST)).toHaveLength(1);
  });

  it('can load again after a failure', async () => {
    const { server, config } = setup();
    server.on('POST', LIST, () => fail(Codes.FORBIDDEN));
    await config.ready().catch(() => undefined);
    server.on('POST', LIST, () => ok({ rows: ROWS }));
    await expect(config.ready()).resolves.toBeDefined();
  });

  it('freezes what it loaded: a write throws', async () => {
    const { server, config } = setup();
    server.on('POST', LIST, () => ok({ rows: ROWS }));
    const value = await config.ready();
    expect(() => {
      (value.values as Record<string, string>)['common.platform.name'] = '别的平台';
    }).toThrow(TypeError);
    expect(() => {
      (value.rows[0] as { configValue: string }).configValue = 'x';
    }).toThrow(TypeError);
    expect(config.global('common.platform.name')).toBe('东师理想云校');
  });

  it('whenReady calls back once the value arrives', async () => {
    const { server, config } = setup();
    server.on('POST', LIST, () => ok({ rows: ROWS }));
    const names: string[] = [];
    config.whenReady((value) => names.push(value.values['common.platform.name'] ?? ''));
    await config.ready();
    config.whenReady(() => names.push('again'));
    expect(names).toEqual(['东师理想云校', 'again']);
  });

  it('loads the file configuration with the token and freezes it', async () => {
    const { server, config } = setup();
    server.on('GET', '/file/v1/file/config', () =>
      ok({ uploadChunkSize: 10485760, uploadMaxSize: 2048, extensions: [{ extension: 'mp4', fileCategoryCode: 2 }] }),
    );
    const file = await config.file();
    expect(file.uploadChunkSize).toBe(10485760);
    expect(Object.isFrozen(file.extensions[0])).toBe(true);
  });

  it('reads values by keys', async () => {
    const { server, config } = setup();
    server.on('POST', '/base/v1/globalConfig/getValueByKeys', () => ok(['dsideal', '东师理想云校']));
    await expect(config.getValueByKeys(['common.platform.areaCode', 'common.platform.name'])).resolves.toEqual({
      'common.platform.areaCode': 'dsideal',
      'common.platform.name': '东师理想云校',
    });
  });

  it('allows only the transitions of the machine', () => {
    const idle: LoaderState<number> = { status: 'idle', value: null, attempts: 0 };
    expect(loaderTransition(idle, { type: 'succeeded', value: 1 })).toBeNull();
    const loading = loaderTransition(idle, { type: 'start' });
    expect(loading?.status).toBe('loading');
    const ready = loaderTransition(loading!, { type: 'succeeded', value: 1 });
    expect(loaderTransition(ready!, { type: 'start' })).toBeNull();
    expect(loaderTransition(ready!, { type: 'reset' })?.status).toBe('idle');
  });
});
