// Sessions, login limits and caches through nginx (round-robin over three instances): every check
// names the instances that answered, so "login on one, calls on the others" is what really happened.
import assert from 'node:assert/strict';
import pg from 'pg';
import { call, encrypted, login, token } from './http.mjs';
import { waitFor } from './cluster.mjs';

/** Public lesson list of one primary maths grade (seeded lessons), as the portal asks for it. */
const FILTER = { stage: 2, subjectCode: 214, grade: 3, pageNum: 1, pageSize: 10 };
/** The documented staleness bound of the public lesson list pages (docs/architecture.md, "Caches"). */
const LESSON_PAGE_BOUND_MS = 3_000;

/** Calls through nginx until every instance answered once; returns the answers by upstream. */
async function onEveryInstance(cluster, request) {
  const byUpstream = new Map();
  for (let i = 0; i < 3 * cluster.servers.length && byUpstream.size < cluster.servers.length; i++) {
    const answer = await request();
    if (!byUpstream.has(answer.upstream)) byUpstream.set(answer.upstream, answer);
  }
  assert.equal(byUpstream.size, cluster.servers.length, `nginx sent the calls to ${[...byUpstream.keys()].join(', ')} only`);
  return byUpstream;
}

export const sessionChecks = [
  [
    'a login answered by one instance is accepted by every other',
    async (c) => {
      const answer = await login(c.nginx.base, 'teacher');
      assert.equal(answer.status, 200, answer.message);
      const calls = await onEveryInstance(c, () => call(c.nginx.base, 'GET', '/base/v1/user/current', { token: answer.data.token }));
      for (const [upstream, current] of calls) assert.equal(current.status, 200, `user/current on ${upstream}: ${current.message}`);
      assert.ok([...calls.keys()].some((u) => u !== answer.upstream));
    },
  ],
  [
    'a token removed through one instance is refused by the next two at once',
    async (c) => {
      const t = await token(c.nginx.base, 'student');
      const removed = await call(c.nginx.base, 'POST', '/cas/sz/removeToken', { token: t, body: { accessToken: t } });
      assert.equal(removed.status, 200, removed.message);
      for (let i = 0; i < c.servers.length - 1; i++) {
        const next = await call(c.nginx.base, 'GET', '/base/v1/user/current', { token: t });
        assert.notEqual(next.upstream, removed.upstream);
        assert.notEqual(next.status, 200, `user/current on ${next.upstream} after the logout on ${removed.upstream}`);
        assert.ok(next.status === 401 || String(next.status).startsWith('401'), `refused with ${next.status} ${next.message}`);
      }
    },
  ],
  [
    'two wrong passwords on two instances make the third ask for the captcha; solved on one, accepted on another',
    async (c) => {
      const ip = { 'x-forwarded-for': '10.16.0.1' };
      // Encrypted beforehand, so the login calls follow each other through the round-robin.
      const [wrong1, wrong2, right, rightAgain] = await Promise.all(['Wrong#password1', 'Wrong#password2', undefined, undefined].map((p) => encrypted(c.nginx.base, p)));
      const attempt = (password, captchaToken) =>
        call(c.nginx.base, 'POST', '/cas/login/restful', { headers: ip, body: { username: 'researcher', password, code: 'web', ed: '', ...(captchaToken ? { captchaToken } : {}) } });
      const first = await attempt(wrong1);
      const second = await attempt(wrong2);
      const third = await attempt(right);
      assert.deepEqual([first.status, second.status, third.status], [4200001, 4200001, 4200006]);
      assert.equal(new Set([first.upstream, second.upstream, third.upstream]).size, 3, 'the three attempts went to three instances');

      const puzzle = await call(c.nginx.base, 'GET', '/cas/captcha?username=researcher', { headers: ip });
      const db = new pg.Client({ connectionString: c.pg.url });
      await db.connect();
      const { rows } = await db.query('SELECT answer_x FROM captchas WHERE id = $1', [puzzle.data.captchaId]);
      await db.end();
      const solved = await call(c.nginx.base, 'POST', '/cas/captcha/verify', { headers: ip, body: { captchaId: puzzle.data.captchaId, x: Number(rows[0].answer_x) + 2 } });
      assert.equal(solved.status, 200, solved.message);
      const ok = await attempt(rightAgain, solved.data.captchaToken);
      assert.notEqual(ok.upstream, solved.upstream);
      assert.equal(ok.status, 200, `login with the captcha solved on ${solved.upstream}, on ${ok.upstream}: ${ok.message}`);
    },
  ],
  [
    `a lesson withdrawn through one instance leaves the public list of every instance within ${LESSON_PAGE_BOUND_MS} ms`,
    async (c) => {
      const page = (s) => call(s.base, 'POST', '/cloudSchool/v1/cloudLesson/getOnDemandLessonPage', { body: FILTER });
      const ids = (answer) => answer.data.rows.map((r) => r.lessonId);
      const warm = await Promise.all(c.servers.map(page));
      const lessonId = ids(warm[0])[0];
      assert.ok(lessonId, 'the seeded list has a lesson');
      for (const w of warm) assert.ok(ids(w).includes(lessonId));
      const admin = await token(c.nginx.base, 'admin');
      const withdraw = await call(c.nginx.base, 'POST', '/cloudSchool/v1/cloudLesson/cancelPublishLesson', { token: admin, body: { lessonIds: [lessonId] } });
      assert.equal(withdraw.status, 200, withdraw.message);
      const started = Date.now();
      const delays = await Promise.all(
        c.servers.map(async (s) => {
          await waitFor(async () => !ids(await page(s)).includes(lessonId), `the withdrawn lesson to leave :${s.port}'s list`, 10_000, 20);
          return Date.now() - started;
        }),
      );
      console.log(`    fresh after ${delays.join(', ')} ms on the three instances`);
      for (const d of delays) assert.ok(d <= LESSON_PAGE_BOUND_MS, `stale for ${d} ms`);
      const back = await call(c.nginx.base, 'POST', '/cloudSchool/v1/cloudLesson/publishLesson', { token: admin, body: { lessonIds: [lessonId] } });
      assert.equal(back.status, 200, back.message);
    },
  ],
];
