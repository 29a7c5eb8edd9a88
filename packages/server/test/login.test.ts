import { describe, expect, it } from 'vitest';
import { constants, generateKeyPairSync, publicEncrypt } from 'node:crypto';
import { DEMO_PASSWORD, freshIp, useHarness } from './harness.js';

const h = useHarness();

const count = async (table: string) => Number((await h.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n);

describe('password login', () => {
  it('hands out the public key the browser encrypts with', async () => {
    const answer = await h.call<{ publicKey: string }>('GET', '/cas/publicKey');
    expect(answer.status).toBe(200);
    expect(answer.data.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });

  it('logs the demo teacher in and the token opens user/current', async () => {
    const answer = await h.login('teacher');
    expect(answer.http).toBe(200);
    expect(answer.status).toBe(200);
    expect(answer.data.expire).toBe(7200);
    expect(answer.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await h.call('GET', '/base/v1/user/current', { token: answer.data.token });
    expect(me.status).toBe(200);
    expect(me.data.userName).toBe('王晓明');
  });

  it('trims the user name before looking it up', async () => {
    const answer = await h.login('  teacher  ');
    expect(answer.status).toBe(200);
  });

  it.each([[''], ['   '], ['\t\n']])('refuses an empty user name %j with 4200003', async (username) => {
    const answer = await h.login(username);
    expect(answer.http).toBe(400);
    expect(answer.status).toBe(4200003);
    expect(answer.message).toBe('请输入账号');
  });

  it('refuses a missing user name with 4200003 and an empty password with 4200004', async () => {
    const noName = await h.call('POST', '/cas/login/restful', { body: { password: h.encrypt('x') }, ip: freshIp() });
    expect(noName.status).toBe(4200003);
    const noPassword = await h.call('POST', '/cas/login/restful', { body: { username: 'teacher', password: '' }, ip: freshIp() });
    expect(noPassword.status).toBe(4200004);
    expect(noPassword.message).toBe('请输入密码');
  });

  it('answers a 1 MB password with 413 and stores nothing', async () => {
    const before = [await count('login_failures'), await count('tokens')];
    const answer = await h.call('POST', '/cas/login/restful', {
      body: { username: 'student', password: 'A'.repeat(1024 * 1024) },
      ip: freshIp(),
    });
    expect(answer.http).toBe(413);
    expect(answer.status).toBe(413);
    expect(answer.data).toBeNull();
    expect([await count('login_failures'), await count('tokens')]).toEqual(before);
  });

  it('names the field when the password is longer than any ciphertext', async () => {
    const answer = await h.call('POST', '/cas/login/restful', { body: { username: 'parent', password: 'A'.repeat(5000) }, ip: freshIp() });
    expect(answer.http).toBe(400);
    expect(answer.message).toContain('password');
  });

  it('treats invalid base64, a foreign key and a plain-text password all as wrong credentials', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    const foreign = publicEncrypt({ key: other, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(DEMO_PASSWORD)).toString('base64');
    for (const [i, password] of ['!!!not base64!!!', foreign, DEMO_PASSWORD, 'QUJD'].entries()) {
      const answer = await h.call('POST', '/cas/login/restful', { body: { username: `nobody${i}`, password }, ip: freshIp() });
      expect(answer.status).toBe(4200001);
      expect(answer.message).toBe('用户名或密码错误');
    }
    // The real password under the wrong key must not log the real user in either.
    const real = await h.call('POST', '/cas/login/restful', { body: { username: 'researcher', password: foreign }, ip: freshIp() });
    expect(real.status).toBe(4200001);
  });

  it('answers malformed JSON and a wrong content type with the envelope', async () => {
    const bad = await h.call('POST', '/cas/login/restful', {
      rawBody: '{"username": "teacher", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.http).toBe(400);
    expect(bad.status).toBe(5000009);
    expect(bad.data).toBeNull();
    const form = await h.call('POST', '/cas/login/restful', {
      rawBody: 'username=teacher&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.http).toBe(415);
    expect(form.status).toBe(415);
    expect(form.message).toContain('application/json');
  });

  it('gives unknown users and wrong passwords the same answer in similar time', async () => {
    // Several real accounts so that each gets only one failure (no captcha in the way).
    const { hashPassword } = await import('../src/auth/password.js');
    const hash = await hashPassword('Correct#1');
    for (let i = 0; i < 6; i++) {
      await h.query(
        `INSERT INTO users (id, username, display_name, identity_code, org_id, password_hash, created_at)
         VALUES ($1, $2, '测试教师', 5, '330102001001', $3, 0)`,
        [`timing-${i}`, `timing${i}`, hash],
      );
    }
    const time = async (username: string) => {
      const t0 = performance.now();
      const answer = await h.login(username, 'Wrong#1');
      expect(answer.status).toBe(4200001);
      expect(answer.message).toBe('用户名或密码错误');
      return performance.now() - t0;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) {
      known.push(await time(`timing${i}`));
      unknown.push(await time(`ghost-user-${i}`));
    }
    // Without the dummy hash an unknown user answers 50–100× faster than a real one (no scrypt); a
    // factor of 3 either way leaves room for a loaded 2-core machine running two test files at once.
    const ratio = median(known) / median(unknown);
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });

  it('serves a burst of parallel logins, each with its own working token', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => h.login('student')));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const tokens = new Set(answers.map((a) => a.data.token));
    expect(tokens.size).toBe(20);
    const checks = await Promise.all([...tokens].map((token) => h.call('GET', '/base/v1/user/current', { token })));
    expect(checks.every((c) => c.status === 200 && c.data.userName === '李子涵')).toBe(true);
  });
});

describe('login mode and WeChat', () => {
  it('reports login mode 0 and an empty login url by default', async () => {
    expect((await h.call('GET', '/cas/cm/loginMode?mode=web')).data).toEqual({ loginMode: 0 });
    expect((await h.call('GET', '/cas/cm/loginUrl?page=web')).data).toEqual({ loginUrl: '' });
  });

  it('explains that WeChat login is not configured', async () => {
    const answer = await h.call('POST', '/cas/wechat/getLoginParam', { body: {} });
    expect(answer.status).toBe(503);
    expect(answer.message).toContain('WECHAT_APP_ID');
  });
});
