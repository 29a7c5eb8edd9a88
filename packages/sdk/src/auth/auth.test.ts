import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Codes } from '../errors/catalogue.js';
import { createHttpClient } from '../http/client.js';
import { StorageKeys } from '../session/keys.js';
import type { Navigation } from '../session/navigation.js';
import { createSession } from '../session/session.js';
import { createMemoryStorage } from '../session/storage.js';
import { createFakeClock } from '../testing/fakeClock.js';
import { createFakeServer, fail, ok, type FakeRequest } from '../testing/fakeServer.js';
import { createAuth } from './auth.js';
import { deployFailureDialog } from './deploy.js';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
const PEM = publicKey.export({ type: 'spki', format: 'pem' }).toString();

/** What the server does: RSA without padding, then strip PKCS#1 v1.5 type 2 by hand (Node 20 refuses it). */
function decrypt(base64: string): string {
  const block = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, Buffer.from(base64, 'base64'));
  expect(block[0]).toBe(0);
  expect(block[1]).toBe(2);
  return block.subarray(block.indexOf(0, 2) + 1).toString('utf8');
}

function setup(href = 'http://portal.local/#/login?returnUrl=http%3A%2F%2Fportal.local%2F%23%2Fmy-notes') {
  const server = createFakeServer().on('GET', '/cas/publicKey', () => ok({ publicKey: PEM }));
  const storage = createMemoryStorage();
  const clock = createFakeClock();
  const navigations: Navigation[] = [];
  const http = createHttpClient({ adapter: server.adapter, systemType: () => 'web' });
  const navigate = (target: Navigation) => navigations.push(target);
  const session = createSession({ storage, clock, refresh: async () => ({}), navigate, currentUrl: () => href });
  const auth = createAuth({ http, session, storage, clock, navigate, systemType: () => 'web', currentUrl: () => href });
  const logins = () => server.requestsTo('/cas/login/restful');
  return { server, storage, clock, navigations, session, auth, logins };
}

const acceptOnly = (password: string) => (request: FakeRequest) => {
  const body = request.body as { password: string };
  return decrypt(body.password) === password ? ok({ token: 't-1', expire: 7200 }) : fail(Codes.WRONG_CREDENTIALS, '用户名或密码错误');
};

describe('login machine', () => {
  it('refuses an empty account or password without sending anything', async () => {
    const { auth, server } = setup();
    await auth.submit({ username: '   ', password: 'x' });
    expect(auth.getState()).toMatchObject({ status: 'failed', attempts: 0 });
    expect(auth.getState().error?.code).toBe(Codes.USERNAME_EMPTY);
    expect(auth.getState().error?.message).toBe('请输入账号');
    await auth.submit({ username: 'teacher', password: '  ' });
    expect(auth.getState().error?.code).toBe(Codes.PASSWORD_EMPTY);
    expect(auth.getState().error?.message).toBe('请输入密码');
    expect(server.requests).toHaveLength(0);
  });

  it('trims, encrypts with the server key and logs in, then goes to the sanitised returnUrl', async () => {
    const { auth, server, session, storage, navigations, logins } = setup();
    server.on('POST', '/cas/login/restful', acceptOnly('Ds@123456'));
    await expect(auth.submit({ username: ' teacher ', password: ' Ds@123456 ' })).resolves.toBe('success');
    const body = logins()[0]?.body as Record<string, string>;
    expect(body).toMatchObject({ username: 'teacher', code: 'web', ed: 'pc' });
    expect(body.password).not.toContain('Ds@123456');
    expect(logins()[0]?.headers.Authorization).toBeUndefined();
    expect(session.getState()).toMatchObject({ token: 't-1', status: 'active' });
    expect(storage.get(StorageKeys.token)).toBe('t-1');
    expect(navigations).toEqual([{ to: 'url', url: '/#/my-notes' }]);
  });

  it('shows the server message, counts failures and fetches the public key once', async () => {
    const { auth, server } = setup();
    server.on('POST', '/cas/login/restful', acceptOnly('right'));
    await auth.submit({ username: 'teacher', password: 'wrong' });
    expect(auth.getState()).toMatchObject({ status: 'failed', attempts: 1 });
    expect(auth.getState().error?.message).toBe('用户名或密码错误');
    await auth.submit({ username: 'teacher', password: 'wrong' });
    expect(auth.getState().attempts).toBe(2);
    expect(server.requestsTo('/cas/publicKey')).toHaveLength(1);
  });

  it('asks for the captcha after two failures, then waits 500 ms, resets and resubmits with the token', async () => {
    const { auth, server, clock, logins } = setup();
    server.on('POST', '/cas/login/restful', acceptOnly('right'));
    await auth.submit({ username: 'teacher', password: 'wrong' });
    await auth.submit({ username: 'teacher', password: 'wrong' });
    await expect(auth.submit({ username: 'teacher', password: 'right' })).resolves.toBe('captcha');
    expect(logins()).toHaveLength(2);

    const solved = auth.captchaSolved('cap-1');
    await clock.advance(499);
    expect(logins()).toHaveLength(2);
    expect(auth.getState().status).toBe('captcha');
    await clock.advance(1);
    await expect(solved).resolves.toBe('success');
    expect(logins()).toHaveLength(3);
    expect(logins()[2]?.body).toMatchObject({ username: 'teacher', captchaToken: 'cap-1' });
    expect(auth.getState()).toMatchObject({ status: 'success', attempts: 0 });
  });

  it('closing the captcha during the pause sends nothing', async () => {
    const { auth, server, clock, logins } = setup();
    server.on('POST', '/cas/login/restful', acceptOnly('right'));
    await auth.submit({ username: 'a', password: 'b' });
    await auth.submit({ username: 'a', password: 'b' });
    await auth.submit({ username: 'a', password: 'b' });
    const solved = auth.captchaSolved('cap');
    auth.closeCaptcha();
    await clock.advance(500);
    await expect(solved).resolves.toBe('idle');
    expect(logins()).toHaveLength(2);
  });

  it('opens the captcha when the server demands it (4200006)', async () => {
    const { auth, server } = setup();
    server.on('POST', '/cas/login/restful', () => fail(Codes.CAPTCHA_REQUIRED));
    await expect(auth.submit({ username: 'teacher', password: 'x' })).resolves.toBe('captcha');
    expect(auth.getState().error?.code).toBe(4200006);
  });

  it('keeps the device token per account and sends it with that account’s later logins only', async () => {
    const { auth, server, storage, logins } = setup('http://portal.local/#/login');
    let issued = 0;
    server.on('POST', '/cas/login/restful', (request) => {
      const body = request.body as { username: string; deviceToken?: string };
      return ok({ token: `t-${++issued}`, expire: 7200, deviceToken: body.deviceToken ?? `device-of-${body.username}` });
    });
    await auth.submit({ username: 'Teacher', password: 'p' });
    expect(logins()[0]?.body).not.toHaveProperty('deviceToken');
    await auth.logout({ navigate: false });
    // The device outlives the logout, and the account name is matched as the server does (trimmed, any case).
    await auth.submit({ username: ' teacher ', password: 'p' });
    expect(logins()[1]?.body).toMatchObject({ deviceToken: 'device-of-Teacher' });
    await auth.logout({ navigate: false });
    await auth.submit({ username: 'student', password: 'p' });
    expect(logins()[2]?.body).not.toHaveProperty('deviceToken');
    expect(JSON.parse(storage.get(StorageKeys.loginDevices)!)).toEqual({ teacher: 'device-of-Teacher', student: 'device-of-student' });
  });

  it('sends no device token that another script stored as something other than text', async () => {
    const { auth, server, storage, logins } = setup('http://portal.local/#/login');
    storage.set(StorageKeys.loginDevices, JSON.stringify({ teacher: 5 }));
    server.on('POST', '/cas/login/restful', () => ok({ token: 't', expire: 7200, deviceToken: 'd' }));
    await expect(auth.submit({ username: 'teacher', password: 'p' })).resolves.toBe('success');
    expect(logins()[0]?.body).not.toHaveProperty('deviceToken');
    expect(JSON.parse(storage.get(StorageKeys.loginDevices)!)).toEqual({ teacher: 'd' });
  });

  it('keeps the failures the server told of at login until they are dismissed or the user logs out', async () => {
    const { auth, server } = setup('http://portal.local/#/login');
    const failedLogins = { count: 7, lastAt: 1_764_000_000_000 };
    server.on('POST', '/cas/login/restful', () => ok({ token: 't', expire: 7200, deviceToken: 'd', failedLogins }));
    expect(auth.loginNotice()).toBeNull();
    await auth.submit({ username: 'teacher', password: 'p' });
    expect(auth.loginNotice()).toEqual(failedLogins);
    auth.dismissLoginNotice();
    expect(auth.loginNotice()).toBeNull();

    await auth.logout({ navigate: false });
    await auth.submit({ username: 'teacher', password: 'p' });
    expect(auth.loginNotice()).toEqual(failedLogins);
    await auth.logout({ navigate: false });
    expect(auth.loginNotice()).toBeNull();
  });

  it('shows the account-wide delay the server names (4290002) as a failure with its wait', async () => {
    const { auth, server } = setup();
    const message = '该账号近期在其他设备上多次密码错误，为保护账号，请 2 分钟后再试；在您曾登录过的设备上可直接登录';
    server.on('POST', '/cas/login/restful', () => fail(Codes.ACCOUNT_LOGIN_DELAYED, message));
    await expect(auth.submit({ username: 'teacher', password: 'x' })).resolves.toBe('failed');
    expect(auth.getState().error?.code).toBe(4290002);
    expect(auth.getState().error?.message).toBe(message);
  });

  it('ignores a second submit while one is on its way', async () => {
    const { auth, server, logins } = setup();
    server.on('POST', '/cas/login/restful', acceptOnly('p'));
    await Promise.all([auth.submit({ username: 'u', password: 'p' }), auth.submit({ username: 'u', password: 'p' })]);
    expect(logins()).toHaveLength(1);
  });
});

describe('deploy-type login', () => {
  it('needs flag 1 and an authorization, else fails with the 用户登录失败 dialog and sends nothing', async () => {
    for (const href of ['http://p.local/#/login?flag=0&authorization=abc', 'http://p.local/#/login?flag=1']) {
      const { auth, server } = setup(href);
      await expect(auth.deployLogin()).resolves.toBe('failed');
      expect(auth.getState().error?.code).toBe(Codes.DEPLOY_LOGIN_FAILED);
      expect(server.requests).toHaveLength(0);
    }
    expect(deployFailureDialog('zh-CN')).toEqual({
      title: '用户登录失败',
      content: '学院未找到相关用户，请联系学院管理员',
      okText: '知道了',
      redirectTo: '/',
    });
  });

  it('logs in with the authorization from the address', async () => {
    const { auth, server, session } = setup('http://p.local/?flag=1&authorization=auth-9&expire=600');
    server.on('POST', '/cas/sz/login/restful', (request) =>
      (request.body as { authorization: string }).authorization === 'auth-9' ? ok({ token: 'd-1', expire: 600 }) : fail(4200008),
    );
    await expect(auth.deployLogin()).resolves.toBe('success');
    expect(session.getState().token).toBe('d-1');
    expect(server.requests.at(-1)?.body).toEqual({ authorization: 'auth-9', code: 'web', ed: 'pc' });
  });

  it('a refused authorization is the same failure', async () => {
    const { auth, server } = setup('http://p.local/?flag=1&authorization=stale');
    server.on('POST', '/cas/sz/login/restful', () => fail(Codes.DEPLOY_LOGIN_FAILED));
    await auth.deployLogin();
    expect(auth.getState()).toMatchObject({ status: 'failed', attempts: 0 });
    expect(auth.getState().error?.message).toBe('用户登录失败');
  });
});

describe('login mode and logout', () => {
  it('redirects to the bureau login page in mode 1 and comes back there on logout', async () => {
    const { auth, server, navigations, session } = setup();
    server
      .on('GET', '/cas/cm/loginMode', () => ok({ loginMode: 1 }))
      .on('GET', '/cas/cm/loginUrl', () => ok({ loginUrl: 'https://sso.bureau.example/login' }))
      .on('POST', '/cas/sz/removeToken', () => ok(null));
    await expect(auth.loginMode()).resolves.toBe(1);
    expect(auth.getState().status).toBe('redirecting');
    expect(navigations).toEqual([{ to: 'url', url: 'https://sso.bureau.example/login', replace: true }]);

    auth.transition({ type: 'reset' });
    session.setLogin({ token: 'tok', expire: 60 });
    await auth.logout();
    expect(server.requestsTo('/cas/sz/removeToken')[0]?.body).toEqual({ accessToken: 'tok' });
    expect(session.getState().status).toBe('anonymous');
    expect(navigations.at(-1)).toEqual({ to: 'url', url: 'https://sso.bureau.example/login' });
  });

  it('stays on the platform in mode 0 and logs out locally even when the server is away', async () => {
    const { auth, server, navigations, session, storage } = setup('http://p.local/#/main');
    server.on('GET', '/cas/cm/loginMode', () => ok({ loginMode: 0 })).on('POST', '/cas/sz/removeToken', () => 'network-error');
    await expect(auth.loginMode()).resolves.toBe(0);
    expect(navigations).toEqual([]);
    session.setLogin({ token: 'tok', expire: 60 });
    await auth.logout();
    expect(storage.get(StorageKeys.token)).toBeNull();
    expect(navigations).toEqual([{ to: 'login', returnUrl: 'http://p.local/#/main' }]);
  });

  it('serves the captcha and WeChat helpers', async () => {
    const { auth, server } = setup();
    server
      .on('GET', '/cas/captcha', (r) => ok({ captchaId: `c-${r.query.username}`, background: '', piece: '', pieceY: 5, width: 310, height: 155 }))
      .on('POST', '/cas/captcha/verify', (r) => ok({ captchaToken: `tok-${(r.body as { x: number }).x}` }))
      .on('POST', '/cas/wechat/getLoginParam', () => ok('https://open.weixin.qq.com/connect/qrconnect?state=s1'));
    await expect(auth.fetchCaptcha(' teacher ')).resolves.toMatchObject({ captchaId: 'c-teacher' });
    await expect(auth.verifyCaptcha('c-teacher', 120.4)).resolves.toBe('tok-120');
    await expect(auth.wechatLoginParam('dsideal')).resolves.toContain('state=s1');
  });
});
