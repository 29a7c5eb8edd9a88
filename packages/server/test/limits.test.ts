import { describe, expect, it } from 'vitest';
import { freshIp, solveCaptcha, useHarness } from './harness.js';

// Each rule alone: the account-wide delay after five failures from unknown devices would hold most of
// these attempts first, and is login.accountDelay.test.ts's.
const h = useHarness({ limits: { delayAfter: 1000 } });

describe('login rate limits', () => {
  it('allows 30 attempts a minute per IP, then answers 4290001; other IPs are unaffected', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) {
      const answer = await h.login(`ghost-${i}`, 'x', ip);
      expect(answer.status).toBe(4200001);
    }
    const limited = await h.login('teacher', undefined, ip);
    expect(limited.http).toBe(429);
    expect(limited.status).toBe(4290001);
    expect(limited.message).toBe('登录尝试过于频繁，请稍后再试');
    expect((await h.login('teacher')).status).toBe(200);
    h.advance(61_000);
    expect((await h.login('teacher', undefined, ip)).status).toBe(200);
  });

  it('refuses the account to a client after its 10 failures in 15 minutes, even with the right password', async () => {
    const attacker = freshIp();
    for (let i = 0; i < 10; i++) {
      const captchaToken = i >= 2 ? await solveCaptcha(h, 'student') : undefined;
      const answer = await h.login('student', 'Wrong#1', attacker, { captchaToken });
      expect(answer.status).toBe(4200001);
    }
    const locked = await h.login('student', undefined, attacker, { captchaToken: await solveCaptcha(h, 'student') });
    expect(locked.status).toBe(4290001);
    expect((await h.login('teacher', undefined, attacker)).status).toBe(200);
    // The window slides: after 15 minutes that client may try again (still behind the captcha).
    h.advance(15 * 60_000 + 1000);
    const again = await h.login('student', undefined, attacker, { captchaToken: await solveCaptcha(h, 'student') });
    expect(again.status).toBe(200);
    expect((await h.login('student')).status).toBe(200);
  });

  it('lets the owner in while others hammer the account from many addresses', async () => {
    for (let i = 0; i < 12; i++) {
      const captchaToken = i >= 2 ? await solveCaptcha(h, 'parent') : undefined;
      expect((await h.login('parent', 'Wrong#1', freshIp(), { captchaToken })).status).toBe(4200001);
    }
    // The account asks for the captcha (a slowdown the owner passes) but is not locked.
    const owner = freshIp();
    expect((await h.login('parent', undefined, owner)).status).toBe(4200006);
    const inside = await h.login('parent', undefined, owner, { captchaToken: await solveCaptcha(h, 'parent') });
    expect(inside.status).toBe(200);
  });

  it('checks at most two of twenty parallel wrong passwords for one account before asking for the captcha', async () => {
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => h.login('researcher', 'Wrong#1', ip)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 4200001).length).toBeLessThanOrEqual(2);
    expect(statuses.filter((s) => s !== 4200001 && s !== 4200006)).toEqual([]);
    // Only the checked ones count as failures: the captcha is due, the client is not locked.
    const next = await h.login('researcher', undefined, ip, { captchaToken: await solveCaptcha(h, 'researcher') });
    expect(next.status).toBe(200);
  });

  it('counts unknown accounts like real ones', async () => {
    for (let i = 0; i < 2; i++) expect((await h.login('nobody-here', 'x')).status).toBe(4200001);
    expect((await h.login('nobody-here', 'x')).status).toBe(4200006);
  });
});
