/**
 * Login limits with two servers over one database, every request sent to both at the same moment:
 * a captcha solved on A is accepted exactly once on A or B; a client's slider answers stop at the
 * limit however they are spread; wrong passwords for one account are checked only up to the captcha
 * rule; one client address gets one budget of login attempts, not one per server. On PostgreSQL the two servers are separate pools; on PGlite they share the embedded database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp, useHarness, type Answer } from './harness.js';
import { startSecondInstance, type Instance } from './instances.js';

const SECRET = 'one-secret-for-the-cluster';
const LIMITS = { captchaSolvesPerClient: 3 };
const h = useHarness({ settings: { deploySecret: SECRET }, limits: LIMITS });
let b: Instance;
beforeAll(async () => {
  b = await startSecondInstance(h, SECRET, LIMITS);
});
afterAll(async () => {
  await b?.close();
});

const on = (i: number) => (i % 2 === 0 ? h.call.bind(h) : b.call.bind(b));
const statuses = (answers: Answer[]) => answers.map((a) => a.status).sort();

async function puzzle(username: string, ip: string): Promise<{ captchaId: string; x: number }> {
  const answer = await h.call<{ captchaId: string }>('GET', `/cas/captcha?username=${username}`, { ip });
  const [row] = await h.query<{ answer_x: number }>('SELECT answer_x FROM captchas WHERE id = $1', [answer.data.captchaId]);
  return { captchaId: answer.data.captchaId, x: Number(row!.answer_x) };
}

describe('login limits across instances', () => {
  it('accepts a captcha solved on A exactly once, however many logins on A and B carry it', async () => {
    const ip = freshIp();
    for (let i = 0; i < 2; i++) expect((await h.login('student', 'Wrong#password', ip)).status).toBe(4200001);
    const { captchaId, x } = await puzzle('student', ip);
    const solved = await h.call<{ captchaToken: string }>('POST', '/cas/captcha/verify', { body: { captchaId, x: x + 2 }, ip });
    expect(solved.status).toBe(200);
    // Wrong passwords, so that no success resets the account's failures: each attempt needs the token.
    const body = { username: 'student', password: h.encrypt('Wrong#password'), code: 'web', ed: '', captchaToken: solved.data.captchaToken };
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => on(i)('POST', '/cas/login/restful', { body, ip })));
    // Exactly one attempt is checked with the token (a wrong password: 4200001). Each other one is
    // refused either for the spent token (4200006) or, when it arrives while that one is still being
    // checked and the account's failures reach the account-wide delay, by the delay (4290002, which
    // comes before the token is looked at): which of the two depends on arrival order, never the count.
    const codes = statuses(answers);
    expect(codes.filter((code) => code === 4200001)).toEqual([4200001]);
    expect(codes.filter((code) => code !== 4200001 && code !== 4200006 && code !== 4290002)).toEqual([]);
  });

  it("stops a client's slider answers at the limit when they arrive on A and B at once", async () => {
    const ip = freshIp();
    const puzzles = await Promise.all(Array.from({ length: 8 }, () => puzzle('researcher', ip)));
    const answers = await Promise.all(puzzles.map((p, i) => on(i)('POST', '/cas/captcha/verify', { body: { captchaId: p.captchaId, x: p.x + 2 }, ip })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(LIMITS.captchaSolvesPerClient);
    expect(answers.filter((a) => a.status === 4290001)).toHaveLength(8 - LIMITS.captchaSolvesPerClient);
  });

  it('checks wrong passwords for one account only up to the captcha rule when they arrive on A and B at once', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => on(i)('POST', '/cas/login/restful', { body: { username: 'admin', password: h.encrypt('Wrong#password'), code: 'web', ed: '' }, ip: freshIp() })));
    expect(answers.filter((a) => a.status === 4200001)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 4200006)).toHaveLength(8);
  });

  it("holds one client address to 30 login attempts a minute across A and B together", async () => {
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => on(i)('POST', '/cas/login/restful', { body: { username: `ghost-${i}`, password: h.encrypt('x'), code: 'web', ed: '' }, ip })),
    );
    expect(answers.filter((a) => a.status === 4200001)).toHaveLength(30);
    expect(answers.filter((a) => a.status === 4290001)).toHaveLength(10);
  });
});
