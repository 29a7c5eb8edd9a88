import { afterEach, describe, expect, it } from 'vitest';
import { createPlatform } from '../platform/createPlatform.js';
import { createMemoryStorage } from '../session/storage.js';
import { createFakeClock } from '../testing/fakeClock.js';
import { createFakeServer, fail, ok } from '../testing/fakeServer.js';
import { clearRecentErrors, recentErrors, RECENT_ERRORS_MAX, recordError } from './recentErrors.js';

afterEach(clearRecentErrors);

function setup() {
  const server = createFakeServer()
    .on('GET', '/cloudSchool/v1/fine', () => ok(1))
    .on('GET', '/cloudSchool/v1/broken', () => fail(500, '服务器内部错误'))
    .on('GET', '/cloudSchool/v1/offline', () => 'network-error');
  const platform = createPlatform({ apiBase: 'http://api.local', storage: createMemoryStorage(), clock: createFakeClock(), adapter: server.adapter, notify: () => undefined });
  platform.session.setLogin({ token: 'tok-secret', expire: 3600 });
  return { http: platform.http };
}

describe('recent errors of the HTTP layer', () => {
  it('records each failed call with code, message, time and path — no query, no token, no body', async () => {
    const { http } = setup();
    await http.get('/cloudSchool/v1/fine');
    await http.get('/cloudSchool/v1/broken', { password: 'pw' }, { silent: true }).catch(() => undefined);
    await http.get('/cloudSchool/v1/offline?accessToken=abc', undefined, { silent: true }).catch(() => undefined);
    const errors = recentErrors();
    expect(errors.map((e) => [e.code, e.url])).toEqual([
      [500, '/cloudSchool/v1/broken'],
      [504001, '/cloudSchool/v1/offline'],
    ]);
    expect(errors[0]!.message).toBe('服务器内部错误');
    expect(Date.parse(errors[0]!.at)).not.toBeNaN();
    expect(JSON.stringify(errors)).not.toMatch(/tok-secret|pw|abc/);
  });

  it('keeps only the last ten, oldest first', () => {
    for (let i = 0; i < 14; i += 1) recordError({ code: i, message: `m${i}` });
    expect(recentErrors().map((e) => e.code)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(recentErrors()).toHaveLength(RECENT_ERRORS_MAX);
  });

  it('hands out copies', () => {
    recordError({ code: 1, message: 'a' });
    recentErrors()[0]!.message = 'changed';
    expect(recentErrors()[0]!.message).toBe('a');
  });
});
