import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';

const h = useHarness();

const me = (token: string) => h.call('GET', '/base/v1/user/current', { token });
const refresh = (oldToken: string, ua = 'web') =>
  h.call<{ token: string; expire: number }>('GET', `/cas/sz/refreshToken?oldToken=${encodeURIComponent(oldToken)}&ua=${ua}`);

describe('token refresh', () => {
  it('rotates: the successor works, the old token keeps working for the grace, and a second refresh returns the same successor', async () => {
    const old = await h.token('teacher');
    const first = await refresh(old);
    expect(first.status).toBe(200);
    expect(first.data.expire).toBe(7200);
    expect(first.data.token).not.toBe(old);
    const second = await refresh(old);
    expect(second.data.token).toBe(first.data.token);
    expect((await me(first.data.token)).status).toBe(200);
    expect((await me(old)).status).toBe(200);
    h.advance(31_000);
    expect((await me(old)).status).toBe(4010005);
    expect((await me(first.data.token)).status).toBe(200);
  });

  it('refuses an unknown token with 4010005', async () => {
    const answer = await refresh('no-such-token');
    expect(answer.http).toBe(401);
    expect(answer.status).toBe(4010005);
    const missing = await h.call('GET', '/cas/sz/refreshToken?ua=web');
    expect(missing.status).toBe(4010001);
  });

  it('refreshes a just-expired token, but not one expired long ago', async () => {
    const recent = await h.token('student');
    const stale = await h.token('student');
    h.advance(7200_000 + 60_000);
    expect((await me(recent)).status).toBe(4010003);
    expect((await refresh(recent)).status).toBe(200);
    h.advance(300_000);
    const late = await refresh(stale);
    expect(late.status).toBe(4010003);
    expect(late.message).toBe('登录已过期，请重新登录');
  });

  it('treats a replay of a rotated token after the grace as theft and ends the whole login', async () => {
    const old = await h.token('parent');
    const next = (await refresh(old)).data.token;
    h.advance(31_000);
    expect((await refresh(old)).status).toBe(4010005);
    expect((await me(next)).status).toBe(4010005);
  });
});

describe('token check and removal', () => {
  it('checks a live token and reports its remaining seconds', async () => {
    const token = await h.token('admin');
    const answer = await h.call('POST', '/cas/sz/checkToken', { body: { accessToken: token } });
    expect(answer.status).toBe(200);
    expect(answer.data.valid).toBe(true);
    expect(answer.data.expire).toBeGreaterThan(7000);
    expect((await h.call('POST', '/cas/sz/checkToken', { body: { accessToken: 'garbage' } })).status).toBe(4010005);
  });

  it('kills a removed token at once, with its successor and predecessor', async () => {
    const old = await h.token('researcher');
    const next = (await refresh(old)).data.token;
    const other = await h.token('researcher');
    const answer = await h.call('POST', '/cas/sz/removeToken', { body: { accessToken: old } });
    expect(answer.status).toBe(200);
    expect(answer.data.removed).toBe(true);
    expect((await me(old)).status).toBe(4010005);
    expect((await me(next)).status).toBe(4010005);
    expect((await refresh(next)).status).toBe(4010005);
    // Another login of the same person (another device) is not touched.
    expect((await me(other)).status).toBe(200);
    expect((await h.call('POST', '/cas/sz/removeToken', { body: { accessToken: 'unknown' } })).data.removed).toBe(false);
  });

  it('names the missing accessToken', async () => {
    const answer = await h.call('POST', '/cas/sz/removeToken', { body: {} });
    expect(answer.status).toBe(4200005);
    expect(answer.message).toContain('accessToken');
  });
});

describe('tokens on protected calls', () => {
  it('answers 4010001 without a token, 4010005 for garbage or removed, 4010003 once expired', async () => {
    const none = await h.call('GET', '/base/v1/user/current');
    expect([none.http, none.status, none.message]).toEqual([401, 4010001, '未找到登录凭证，请重新登录']);
    expect((await me('   ')).status).toBe(4010001);
    expect((await me('Bearer ')).status).toBe(4010001);
    expect((await me('Bearer')).status).toBe(4010001);
    expect((await me('garbage-token')).status).toBe(4010005);
    expect((await me('x'.repeat(2000))).status).toBe(4010005);
    const token = await h.token('teacher');
    expect((await me(`Bearer ${token}`)).status).toBe(200);
    h.advance(7200_000);
    expect((await me(token)).status).toBe(4010003);
    const removedToken = await h.token('teacher');
    await h.call('POST', '/cas/sz/removeToken', { body: { accessToken: removedToken } });
    expect((await me(removedToken)).status).toBe(4010005);
  });

  it('refuses a disabled account with 4030001', async () => {
    const token = await h.token('auditor');
    await h.query(`UPDATE users SET disabled = true WHERE username = 'auditor'`);
    try {
      const answer = await me(token);
      expect([answer.http, answer.status]).toEqual([403, 4030001]);
      expect((await h.login('auditor')).status).toBe(4030001);
    } finally {
      await h.query(`UPDATE users SET disabled = false WHERE username = 'auditor'`);
    }
  });
});
