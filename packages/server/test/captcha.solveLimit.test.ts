/**
 * Slider answers are limited per account and client: a script that solves puzzles gets a few
 * password guesses per window from one address, while the owner on another address still signs in.
 */
import { describe, expect, it } from 'vitest';
import { freshIp, solveCaptcha, useHarness } from './harness.js';

const LIMIT = 3;
const h = useHarness({ limits: { captchaSolvesPerClient: LIMIT } });

async function answer(ip: string, username: string, right: boolean) {
  const puzzle = await h.call<{ captchaId: string }>('GET', `/cas/captcha?username=${username}`, { ip });
  const [row] = await h.query<{ answer_x: number }>('SELECT answer_x FROM captchas WHERE id = $1', [puzzle.data.captchaId]);
  return h.call('POST', '/cas/captcha/verify', { body: { captchaId: puzzle.data.captchaId, x: Number(row!.answer_x) + (right ? 2 : 30) }, ip });
}

describe('slider answers per account and client', () => {
  it('refuses a client further answers for an account once it used its window, right answers included', async () => {
    const attacker = freshIp();
    expect((await answer(attacker, 'teacher', false)).status).toBe(4200007);
    expect((await answer(attacker, 'teacher', true)).status).toBe(200);
    expect((await answer(attacker, 'Teacher', true)).status).toBe(200);
    const refused = await answer(attacker, 'teacher', true);
    expect(refused.status).toBe(4290001);
    expect(refused.http).toBe(429);
    expect(refused.message).toBe(`该账号在本设备的滑块验证次数过多（15 分钟内最多 ${LIMIT} 次），请稍后再试`);

    // Another account from the same client, and the same account from another client, are not held.
    expect((await answer(attacker, 'student', true)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await h.login('teacher', 'Wrong#password', attacker)).status).toBe(4200001);
    const owner = freshIp();
    const token = await solveCaptcha(h, 'teacher', owner);
    expect((await h.login('teacher', undefined, owner, { captchaToken: token })).status).toBe(200);

    // The window passes: the client may answer again.
    h.advance(15 * 60_000 + 1000);
    expect((await answer(attacker, 'teacher', true)).status).toBe(200);
  });
});
