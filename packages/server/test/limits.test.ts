import { describe, expect, it } from 'vitest';
import { freshIp, solveCaptcha, useHarness } from './harness.js';

const h = useHarness();

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

  it('locks an account after 10 failures in 15 minutes, even for the right password', async () => {
    for (let i = 0; i < 10; i++) {
      const captchaToken = i >= 2 ? await solveCaptcha(h, 'student') : undefined;
      const answer = await h.login('student', 'Wrong#1', freshIp(), { captchaToken });
      expect(answer.status).toBe(4200001);
    }
    const locked = await h.login('student', undefined, freshIp(), { captchaToken: await solveCaptcha(h, 'student') });
    expect(locked.status).toBe(4290001);
    expect((await h.login('teacher')).status).toBe(200);
    // The window slides: after 15 minutes the account may try again (still behind the captcha).
    h.advance(15 * 60_000 + 1000);
    const again = await h.login('student', undefined, freshIp(), { captchaToken: await solveCaptcha(h, 'student') });
    expect(again.status).toBe(200);
    expect((await h.login('student')).status).toBe(200);
  });

  it('counts unknown accounts like real ones', async () => {
    for (let i = 0; i < 2; i++) expect((await h.login('nobody-here', 'x')).status).toBe(4200001);
    expect((await h.login('nobody-here', 'x')).status).toBe(4200006);
  });
});
