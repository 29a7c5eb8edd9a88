/**
 * The account-wide delay: a script that solves the slider captcha and spreads its guesses over many
 * addresses is held to a growing wait per account, while the owner on a device that signed in
 * before goes straight in and is told of the failures.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { freshIp, solveCaptcha, useHarness, type Harness } from './harness.js';

const h = useHarness();

/** A wrong password from a new address with a solved captcha: what a distributed script sends. */
const guess = (harness: Harness, username: string, extra: Record<string, unknown> = {}) =>
  solveCaptcha(harness, username).then((captchaToken) => harness.login(username, 'Wrong#guess', freshIp(), { captchaToken, ...extra }));

/** The wait the answer names (Retry-After). */
const retryAfter = (answer: { headers: Headers }) => Number(answer.headers.get('retry-after'));

const failureRows = async (username: string) =>
  Number((await h.query<{ n: number }>('SELECT count(*)::int AS n FROM login_failures WHERE username = $1 AND settled', [username]))[0]!.n);

describe('account-wide delay after failures from unknown devices', () => {
  it('holds the sixth guess from anywhere for 30 s, then doubles the wait; held guesses are not checked', async () => {
    // The clock stands still but for h.advance: a wait of exactly 60 s is named 1 分钟 (59 s would be 59 秒).
    onTestFinished(h.freeze());
    for (let i = 0; i < 5; i++) expect((await guess(h, 'student')).status).toBe(4200001);

    const held = await guess(h, 'student');
    expect(held.http).toBe(429);
    expect(held.status).toBe(4290002);
    const wait = retryAfter(held);
    expect(wait).toBe(30);
    expect((held.data as unknown as { retryAfter: number }).retryAfter).toBe(wait);
    expect(held.message).toBe(`该账号近期在其他设备上多次密码错误，为保护账号，请 ${wait} 秒后再试；在您曾登录过的设备上可直接登录`);
    // The right password from a new address is held too: the delay does not tell guesses apart.
    const kept = await solveCaptcha(h, 'student');
    expect((await h.login('student', undefined, freshIp(), { captchaToken: kept })).status).toBe(4290002);
    // Without a token the captcha comes first, as before.
    expect((await h.login('student', 'Wrong#guess', freshIp())).status).toBe(4200006);
    expect(await failureRows('student')).toBe(5);

    // A held attempt did not use up its solved captcha: it goes through once the wait is over.
    h.advance(30_000);
    expect((await h.login('student', 'Wrong#guess', freshIp(), { captchaToken: kept })).status).toBe(4200001);
    const next = await guess(h, 'student');
    expect(next.status).toBe(4290002);
    expect(retryAfter(next)).toBe(60);
    expect(next.message).toContain('请 1 分钟后再试');
    h.advance(60_000);
    expect((await guess(h, 'student')).status).toBe(4200001);
    const third = await guess(h, 'student');
    expect(retryAfter(third)).toBe(120);
    expect(third.message).toContain('请 2 分钟后再试');
    expect(await failureRows('student')).toBe(7);
  });

  it('lets the owner in from a device that signed in before, with a notice of the failures from elsewhere', async () => {
    const home = freshIp();
    const first = await h.login('parent', undefined, home);
    expect(first.status).toBe(200);
    const deviceToken = first.data.deviceToken;
    expect(deviceToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.data).not.toHaveProperty('failedLogins');

    // Eight guesses 20 minutes apart: each waits out the delay of the ones before.
    for (let i = 0; i < 8; i++) {
      h.advance(20 * 60_000);
      expect((await guess(h, 'parent')).status).toBe(4200001);
    }
    expect((await guess(h, 'parent')).status).toBe(4290002);

    // A new device of the owner waits like the stranger…
    const newDevice = await h.login('parent', undefined, freshIp(), { captchaToken: await solveCaptcha(h, 'parent') });
    expect(newDevice.status).toBe(4290002);
    // …the known one passes the captcha it still asks for and is told what happened.
    expect((await h.login('parent', undefined, home, { deviceToken })).status).toBe(4200006);
    const owner = await h.login('parent', undefined, home, { deviceToken, captchaToken: await solveCaptcha(h, 'parent', home) });
    expect(owner.status).toBe(200);
    const notice = owner.data.failedLogins;
    expect(notice?.count).toBe(8);
    // The last guess came 160 minutes on (the test's clock was moved forward).
    expect(notice!.lastAt).toBeGreaterThan(Date.now() + 150 * 60_000);
    // The same device keeps its token; the success cleared the account's failures.
    expect(owner.data.deviceToken).toBe(deviceToken);
    expect(await failureRows('parent')).toBe(0);
    expect((await h.login('parent', undefined, freshIp())).status).toBe(200);
  });

  it('does not count the owner’s own typos on this device in the notice', async () => {
    const ip = freshIp();
    expect((await h.login('admin', 'Wrong#typo', ip)).status).toBe(4200001);
    const answer = await h.login('admin', undefined, ip);
    expect(answer.status).toBe(200);
    expect(answer.data).not.toHaveProperty('failedLogins');
  });

  it('recognises a device token only for its own account, and not once that device failed ten times', async () => {
    const teacherDevice = (await h.login('teacher')).data.deviceToken;
    for (let i = 0; i < 5; i++) expect((await guess(h, 'researcher')).status).toBe(4200001);
    // Another account's device token, or a forged one, is an unknown device.
    expect((await guess(h, 'researcher', { deviceToken: teacherDevice })).status).toBe(4290002);
    expect((await guess(h, 'researcher', { deviceToken: 'x'.repeat(43) })).status).toBe(4290002);

    const mine = await h.login('teacher');
    const device = mine.data.deviceToken;
    for (let i = 0; i < 10; i++) expect((await guess(h, 'teacher', { deviceToken: device })).status).toBe(4200001);
    // Ten failures of its own in 24 hours: the device is unknown again (a stolen device token buys ten
    // guesses), and its guesses now count towards the account-wide delay.
    for (let i = 0; i < 5; i++) expect((await guess(h, 'teacher', { deviceToken: device })).status).toBe(4200001);
    expect((await guess(h, 'teacher', { deviceToken: device })).status).toBe(4290002);
  });

  it('checks at most one of ten guesses sent at once from ten addresses when the delay is due', async () => {
    for (let i = 0; i < 4; i++) expect((await guess(h, 'nobody-known')).status).toBe(4200001);
    const tokens = await Promise.all(Array.from({ length: 10 }, () => solveCaptcha(h, 'nobody-known')));
    const answers = await Promise.all(tokens.map((captchaToken) => h.login('nobody-known', 'Wrong#burst', freshIp(), { captchaToken })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 4200001)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 4200001 && s !== 4290002)).toEqual([]);
    expect(await failureRows('nobody-known')).toBe(5);
  });
});
