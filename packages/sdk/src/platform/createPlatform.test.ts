import { describe, expect, it } from 'vitest';
import { Codes } from '../errors/catalogue.js';
import type { Navigation } from '../session/navigation.js';
import { createMemoryStorage } from '../session/storage.js';
import { createFakeClock } from '../testing/fakeClock.js';
import { createFakeServer, fail, ok } from '../testing/fakeServer.js';
import type { Notice } from '../util/notice.js';
import { createPlatform } from './createPlatform.js';

function setup() {
  const server = createFakeServer()
    .on('GET', '/cas/publicKey', () => ok({ publicKey: 'pem' }))
    .on('POST', '/cas/login/restful', () => ok({ token: 'tok-1', expire: 3600 }))
    .on('GET', '/cas/sz/refreshToken', () => ok({ token: 'tok-2', expire: 3600 }))
    .on('GET', '/base/v1/user/current', () => ok({ identityCode: 5, baseUserId: 1, userName: '李老师', topOrgId: 77 }))
    .on('POST', '/base/v1/globalConfig/list', () =>
      ok({
        rows: [
          { configKey: 'common.platform.areaCode', configValue: 'dsideal' },
          { configKey: 'common.platform.name', configValue: '云校' },
          { configKey: 'common.message.showError', configValue: '1' },
        ],
      }),
    )
    .on('GET', '/cloudSchool/v1/cloudLesson/getById', () => fail(Codes.NOT_FOUND, '课程不存在'));
  const notices: Notice[] = [];
  const navigations: Navigation[] = [];
  const clock = createFakeClock();
  const storage = createMemoryStorage();
  const platform = createPlatform({
    apiBase: 'http://api.local',
    storage,
    clock,
    adapter: server.adapter,
    notify: (n) => notices.push(n),
    navigate: (n) => navigations.push(n),
    currentUrl: () => 'http://api.local/#/login',
    encrypt: async (plain) => `enc(${plain})`,
  });
  return { server, platform, notices, navigations, clock, storage };
}

describe('createPlatform', () => {
  it('wires login, user, headers, config and the error-notice switch together', async () => {
    const { server, platform, notices, storage } = setup();
    expect(platform.systemType).toBe('web');
    await expect(platform.auth.submit({ username: 'teacher', password: 'pw' })).resolves.toBe('success');
    expect(server.requestsTo('/cas/login/restful')[0]?.body).toMatchObject({ password: 'enc(pw)', code: 'web' });
    expect(platform.session.isLoggedIn()).toBe(true);

    await platform.user.load();
    expect(server.requestsTo('/base/v1/user/current')[0]?.headers).toMatchObject({ Authorization: 'tok-1', ua: 'web' });

    await platform.config.ready();
    const lesson = '/cloudSchool/v1/cloudLesson/getById';
    await platform.http.get(platform.paths.cloudSchool('/v1/cloudLesson/getById'), { lessonId: 1 }).catch(() => undefined);
    expect(server.requestsTo(lesson)[0]?.headers).toMatchObject({ topClass: '77', 'Accept-Language': 'zh-CH' });
    expect(notices).toEqual([{ kind: 'error', message: '课程不存在', path: lesson, status: 404, duration: 5000 }]);
    expect(storage.get('isShowNotifyMessage')).toBe('1');
  });

  it('keeps the loaded user across a token refresh', async () => {
    const { platform, clock, server } = setup();
    await platform.auth.submit({ username: 'teacher', password: 'pw' });
    await platform.user.load();
    await clock.advance(3600 * 1000);
    await platform.http.get('/base/v1/user/current');
    expect(server.requestsTo('/cas/sz/refreshToken')).toHaveLength(1);
    expect(platform.session.getState().token).toBe('tok-2');
    expect(platform.user.getState().user?.userName).toBe('李老师');
  });

  it('session.headers() carries what the HTTP client sends: token, ua, topClass and the language', async () => {
    const { platform, clock, server } = setup();
    await expect(platform.session.headers()).resolves.toEqual({ 'Accept-Language': 'zh-CH', ua: 'web' });
    await platform.auth.submit({ username: 'teacher', password: 'pw' });
    await platform.user.load();
    expect(await platform.session.headers()).toEqual({ 'Accept-Language': 'zh-CH', ua: 'web', topClass: '77', Authorization: 'tok-1' });
    await clock.advance(3600 * 1000);
    expect(await platform.session.headers({ locale: 'en' })).toMatchObject({ Authorization: 'tok-2', 'Accept-Language': 'en' });
    expect(server.requestsTo('/cas/sz/refreshToken')).toHaveLength(1);
    expect(platform.http.headers('host-token')).toMatchObject({ Authorization: 'host-token', ua: 'web', topClass: '77' });
  });

  it('switches the SDK strings to English', () => {
    const { platform } = setup();
    expect(platform.t('session.expired')).toBe('登录已过期，请重新登录');
    platform.i18n.setLocale('en');
    expect(platform.t('session.expired')).toBe('Your session has expired, please log in again');
  });
});
