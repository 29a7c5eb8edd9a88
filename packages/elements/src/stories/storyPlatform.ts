import { createPlatform } from '@dscloud/sdk';
import { createFakeServer, createMemoryStorage, fail, ok, type FakeHandler } from '@dscloud/sdk/testing';
import type { Platform } from '../shared/platformRegistry.js';
import { fakePuzzle } from './fakePuzzle.js';
import { publicKeyPem } from './storyKey.js';

export interface StoryPlatformOptions {
  /** Global config values over the defaults (docs/contracts.md keys). */
  config?: Record<string, string>;
  /** Answer of `POST /cas/login/restful`; default: success. */
  login?: FakeHandler;
  deploy?: FakeHandler;
}

const never = () => new Promise<never>(() => undefined);

/** Answers that keep a request pending forever, to show busy states. */
export const pending: FakeHandler = () => never();
export const refuse = (code: number, message?: string): FakeHandler => () => fail(code, message);

/**
 * A real SDK platform whose transport is an in-memory fake: stories show every state without a server.
 */
export function storyPlatform(options: StoryPlatformOptions = {}): Platform {
  const values: Record<string, string> = {
    'common.platform.areaCode': 'dsideal',
    'common.platform.name': '东山市教育云校',
    'common.login.rememberPassword': '0',
    'common.login.forgotPasswordUrl': '',
    'common.login.wechatAreaCodes': '',
    ...options.config,
  };
  const server = createFakeServer()
    .on('POST', '/base/v1/globalConfig/list', () =>
      ok({ rows: Object.entries(values).map(([configKey, configValue]) => ({ configKey, configValue })) }),
    )
    .on('GET', '/cas/publicKey', async () => ok({ publicKey: await publicKeyPem() }))
    .on('POST', '/cas/login/restful', options.login ?? (() => ok({ token: 'story-token', expire: 7200 })))
    .on('POST', '/cas/sz/login/restful', options.deploy ?? (() => fail(4200008)))
    .on('GET', '/cas/captcha', () => ok(fakePuzzle()))
    .on('POST', '/cas/captcha/verify', () => fail(4200007))
    .on('POST', '/cas/wechat/getLoginParam', () => ok('about:blank'));
  return createPlatform({ apiBase: '', adapter: server.adapter, storage: createMemoryStorage() });
}
