/**
 * Tokens, users and roles are answered from memory (auth/sessionCache.ts), yet every change applies to
 * the very next request: on the server that made it and on another server over the same database.
 * Each case first makes the token's session known to server A (so it is held in memory), then changes
 * something through server B or straight in the database, then asks A once.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useHarness } from './harness.js';
import { startSecondInstance, type Instance } from './instances.js';

const SECRET = 'deploy-secret-for-session-tests';
const h = useHarness({ settings: { deploySecret: SECRET } });
let b: Instance;

beforeAll(async () => {
  b = await startSecondInstance(h, SECRET);
});
afterAll(async () => {
  await b?.close();
});

const ME = '/base/v1/user/current';
const ORG_LIST = '/cloudSchool/v1/teacherInfo/managerOrgList';
const SCHOOL_ADMIN_ID = '100000000000000008';
const TEACHER_ID = '100000000000000001';
const refresh = (call: Instance['call'], oldToken: string) =>
  call<{ token: string }>('GET', `/cas/sz/refreshToken?oldToken=${encodeURIComponent(oldToken)}&ua=web`);
const removeToken = (call: Instance['call'], accessToken: string) => call('POST', '/cas/sz/removeToken', { body: { accessToken } });

/**
 * A change through B (or through another connection, as an operator's SQL) is committed when it answers; PostgreSQL hands its notification to every listening
 * server at that commit, and A reads it as soon as A's listening connection gets its turn on a busy
 * machine. This waits for exactly that state (A has read every notification committed so far, by a
 * notification of its own that comes after them), never for time; with PGlite it returns at once.
 */
const toldA = () => h.app.ctx.bus.barrier();

/** Two answers in a row from A, so the second surely came from memory. */
async function knownToA(token: string): Promise<void> {
  for (let i = 0; i < 2; i += 1) expect((await h.call('GET', ME, { token })).status).toBe(200);
}

describe('a change applies to the very next request', () => {
  it('on the same server: a role revoked in the database closes the back-office call at once, and granted again opens it', async () => {
    const token = await h.token('schooladmin');
    expect((await h.call('POST', ORG_LIST, { token, body: {} })).status).toBe(200);
    expect((await h.call('POST', ORG_LIST, { token, body: {} })).status).toBe(200);
    await h.query(`DELETE FROM user_roles WHERE user_id = $1 AND role_code = 'SCHOOL_ADMIN'`, [SCHOOL_ADMIN_ID]);
    await toldA();
    try {
      expect((await h.call('POST', ORG_LIST, { token, body: {} })).status).toBe(403);
      const me = await h.call<{ roleVOList: unknown[] }>('GET', ME, { token });
      expect(me.data.roleVOList).toEqual([]);
    } finally {
      await h.query(`INSERT INTO user_roles (user_id, role_code, level, org_id) VALUES ($1, 'SCHOOL_ADMIN', 3, 'sc-01') ON CONFLICT DO NOTHING`, [SCHOOL_ADMIN_ID]);
      await toldA();
    }
    expect((await h.call('POST', ORG_LIST, { token, body: {} })).status).toBe(200);
  });

  it('a role revoked through server B applies on server A at once', async () => {
    const token = await h.token('teacher');
    await knownToA(token);
    await b.query(`DELETE FROM user_roles WHERE user_id = $1 AND role_code = 'HEAD_TEACHER'`, [TEACHER_ID]);
    await toldA();
    try {
      const me = await h.call<{ roleVOList: { roleCode: string }[] }>('GET', ME, { token });
      expect(me.data.roleVOList.map((r) => r.roleCode)).toEqual(['TEACHER']);
    } finally {
      await b.query(`INSERT INTO user_roles (user_id, role_code, level, org_id) SELECT $1, 'HEAD_TEACHER', 4, class_id FROM users WHERE id = $1 ON CONFLICT DO NOTHING`, [TEACHER_ID]);
      await toldA();
    }
    const again = await h.call<{ roleVOList: { roleCode: string }[] }>('GET', ME, { token });
    expect(again.data.roleVOList.map((r) => r.roleCode)).toEqual(['TEACHER', 'HEAD_TEACHER']);
  });

  it('a token removed on server A is refused by A on the next request', async () => {
    const token = await h.token('student');
    await knownToA(token);
    expect((await removeToken(h.call, token)).data).toEqual({ removed: true });
    expect((await h.call('GET', ME, { token })).status).toBe(4010005);
  });

  it('a token removed through server B is refused by server A on the very next request', async () => {
    const token = await h.token('student');
    await knownToA(token);
    expect((await removeToken(b.call, token)).data).toEqual({ removed: true });
    await toldA();
    expect((await h.call('GET', ME, { token })).status).toBe(4010005);
  });

  it('logging out on server B ends every token of the login on server A, the rotated one included', async () => {
    const first = await h.token('parent');
    const second = (await refresh(h.call, first)).data.token;
    await knownToA(first);
    await knownToA(second);
    expect((await removeToken(b.call, second)).data).toEqual({ removed: true });
    await toldA();
    expect((await h.call('GET', ME, { token: first })).status).toBe(4010005);
    expect((await h.call('GET', ME, { token: second })).status).toBe(4010005);
  });

  it('a user disabled through server B is refused by server A at once, and let in again once enabled', async () => {
    const token = await h.token('teacher2');
    await knownToA(token);
    await b.query(`UPDATE users SET disabled = true WHERE username = 'teacher2'`);
    await toldA();
    try {
      expect((await h.call('GET', ME, { token })).status).toBe(4030001);
    } finally {
      await b.query(`UPDATE users SET disabled = false WHERE username = 'teacher2'`);
      await toldA();
    }
    expect((await h.call('GET', ME, { token })).status).toBe(200);
  });

  it('a change of the user (name) shows on server A at once', async () => {
    const token = await h.token('auditor');
    await knownToA(token);
    const [before] = await b.query<{ display_name: string }>(`SELECT display_name FROM users WHERE username = 'auditor'`);
    await b.query(`UPDATE users SET display_name = '刘雅琴（已改名）' WHERE username = 'auditor'`);
    await toldA();
    try {
      expect((await h.call<{ userName: string }>('GET', ME, { token })).data.userName).toBe('刘雅琴（已改名）');
    } finally {
      await b.query(`UPDATE users SET display_name = $1 WHERE username = 'auditor'`, [before!.display_name]);
    }
  });

  it('a rotation through server B ends the old token on server A once the grace is over', async () => {
    const old = await h.token('researcher');
    await knownToA(old);
    const next = (await refresh(b.call, old)).data.token;
    await toldA();
    expect((await h.call('GET', ME, { token: old })).status).toBe(200);
    h.advance(31_000);
    expect((await h.call('GET', ME, { token: old })).status).toBe(4010005);
    expect((await h.call('GET', ME, { token: next })).status).toBe(200);
  });

  it('an expired token is refused although its session is held in memory', async () => {
    const token = await h.token('districtadmin');
    await knownToA(token);
    h.advance(7200_000);
    expect((await h.call('GET', ME, { token })).status).toBe(4010003);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('when the listening connection is lost (PostgreSQL)', () => {
  it('answers nothing from memory until it listens again, so a change made meanwhile still applies at once', async () => {
    const token = await h.token('teacher');
    await knownToA(token);
    const [{ schema }] = (await h.query<{ schema: string }>('SELECT current_schema() AS schema')) as [{ schema: string }];
    const killed = await h.query<{ ok: boolean }>(`SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = $1`, [`ds-invalidation ${schema}`]);
    // Both servers' listening connections (a third, of a connection still closing, may be listed too).
    expect(killed.length).toBeGreaterThanOrEqual(2);
    await vi.waitFor(() => expect(h.app.ctx.bus.live).toBe(false), { timeout: 5000 });
    expect(h.app.caches.get('sessions')!.stats().entries).toBe(0);
    await b.query(`UPDATE users SET display_name = '王晓明（断线时改名）' WHERE id = $1`, [TEACHER_ID]);
    try {
      expect((await h.call<{ userName: string }>('GET', ME, { token })).data.userName).toBe('王晓明（断线时改名）');
      await vi.waitFor(() => expect(h.app.ctx.bus.live).toBe(true), { timeout: 10_000 });
      await knownToA(token);
      expect(h.app.caches.get('sessions')!.stats().entries).toBeGreaterThan(0);
    } finally {
      await b.query(`UPDATE users SET display_name = '王晓明' WHERE id = $1`, [TEACHER_ID]);
    }
    await toldA();
    expect((await h.call<{ userName: string }>('GET', ME, { token })).data.userName).toBe('王晓明');
  });
});
