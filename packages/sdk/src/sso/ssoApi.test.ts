import { describe, expect, it } from 'vitest';
import { createPlatform } from '../platform/createPlatform.js';
import { createMemoryStorage } from '../session/storage.js';
import { createFakeClock } from '../testing/fakeClock.js';
import { createFakeServer, fail, ok } from '../testing/fakeServer.js';
import { Codes } from '../errors/catalogue.js';
import { createSsoApi } from './ssoApi.js';

const TICKET = '/cloudSchool/v1/sso/ticket';

function setup() {
  const server = createFakeServer()
    .on('POST', TICKET, (request) =>
      (request.body as { target: string }).target === 'smartGrowth'
        ? ok({ url: 'https://growth.example.cn/entry?ticket=abc', expiresAt: '2026-01-01T00:01:00.000Z' })
        : fail(Codes.SSO_TARGET_NOT_CONFIGURED),
    )
    .on('GET', '/cas/sz/checkToken', (request) => ok({ valid: true, ticket: request.query.ticket, service: request.query.service }));
  const platform = createPlatform({ apiBase: 'http://api.local', storage: createMemoryStorage(), clock: createFakeClock(), adapter: server.adapter, notify: () => undefined });
  return { server, platform, sso: createSsoApi(platform.http) };
}

describe('single sign-on client', () => {
  it('asks for a ticket with the session token and answers the URL carrying it', async () => {
    const { server, platform, sso } = setup();
    platform.session.setLogin({ token: 'tok-session', expire: 3600 });
    await expect(sso.ticket('smartGrowth')).resolves.toEqual({ url: 'https://growth.example.cn/entry?ticket=abc', expiresAt: '2026-01-01T00:01:00.000Z' });
    const [request] = server.requestsTo(TICKET);
    expect(request!.headers.Authorization).toBe('tok-session');
    expect(request!.body).toEqual({ target: 'smartGrowth' });
  });

  it('fails with the catalogue code when the target has no URL configured', async () => {
    const { platform, sso } = setup();
    platform.session.setLogin({ token: 'tok-session', expire: 3600 });
    await expect(sso.ticket('virtualSimulation', { silent: true })).rejects.toMatchObject({ code: Codes.SSO_TARGET_NOT_CONFIGURED });
  });

  it('checks a ticket publicly, without the session token', async () => {
    const { server, platform, sso } = setup();
    platform.session.setLogin({ token: 'tok-session', expire: 3600 });
    await sso.check({ ticket: 't', service: 'https://growth.example.cn/entry' });
    const [request] = server.requestsTo('/cas/sz/checkToken');
    expect(request!.headers.Authorization).toBeUndefined();
    expect(request!.query).toEqual({ ticket: 't', service: 'https://growth.example.cn/entry' });
  });
});
