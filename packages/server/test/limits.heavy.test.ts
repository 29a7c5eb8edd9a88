/**
 * The outside finding: one reviewer firing 50 concurrent `activityAudit/getAuditWorkPage` requests made
 * an uncached public page wait for all of them on the embedded database. What must hold instead
 * (docs/security.md "Heavy requests"), asserted on counts and order, never on milliseconds:
 * - one caller's heavy requests beyond its running and waiting places are refused at once with 429,
 *   a Chinese message and `Retry-After`, before any of them reaches the database;
 * - the admitted ones all complete;
 * - a public page asked while they are in flight is answered before any of them.
 * The database is held by the test while the requests arrive, so every one of them is in flight at
 * the same moment whatever the machine's speed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { limitsFromEnv } from '../src/settings.js';
import { freshIp, useHarness, type Answer, type Harness } from './harness.js';

const RUNNING = 2;
const WAITING = 8;
const ADDRESS_RUNNING = 3;
const ADDRESS_WAITING = 5;
const h = useHarness({
  settings: {
    limits: {
      ...limitsFromEnv({}),
      heavyRunningPerUser: RUNNING,
      heavyWaitingPerUser: WAITING,
      heavyRunningPerAddress: ADDRESS_RUNNING,
      heavyWaitingPerAddress: ADDRESS_WAITING,
    } as ReturnType<typeof limitsFromEnv>,
  },
});

const AUDIT_PAGE = '/cloudSchool/v1/activityAudit/getAuditWorkPage';
const PUBLIC_PAGE = '/cloudSchool/v1/cloudLesson/getOnDemandLessonPage';
const REVIEW_ACTIVITY = 'ac-review-demo';

let reviewer: string;
beforeAll(async () => {
  reviewer = await h.token('reviewer');
});

/** Counts requests to `path` as the server reads their headers. */
function arrivals(h: Harness, path: string) {
  let seen = 0;
  const waiters: Array<{ n: number; done: () => void }> = [];
  const listener = (req: IncomingMessage) => {
    if (!req.url?.startsWith(path)) return;
    seen += 1;
    for (const w of waiters.filter((x) => seen >= x.n)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.done();
    }
  };
  h.app.server.on('request', listener);
  return {
    reached: (n: number) => (seen >= n ? Promise.resolve() : new Promise<void>((done) => waiters.push({ n, done }))),
    stop: () => h.app.server.off('request', listener),
  };
}

/**
 * Holds the database until `release()`: one open transaction, which on PGlite (one connection) makes
 * every statement of the server wait; on PostgreSQL it locks `tables`, which the requests under test read.
 */
async function holdDatabase(h: Harness, tables: string[]) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let holding!: () => void;
  const held = new Promise<void>((r) => (holding = r));
  const done = h.db.script(async (runner) => {
    await runner.exec(`LOCK TABLE ${tables.join(', ')} IN ACCESS EXCLUSIVE MODE`);
    holding();
    await released;
  });
  await held;
  return async () => {
    release();
    await done;
  };
}

/** Resolves once `count()` reaches `n`, or after `boundMs` (the assertions that follow then tell). */
async function settle(count: () => number, n: number, boundMs = 5_000): Promise<void> {
  const until = Date.now() + boundMs;
  while (count() < n && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
}

describe('heavy requests of one caller', () => {
  it('refuses one reviewer\u2019s 50 concurrent list requests beyond its places with 429, and on the embedded database answers a public page before them', async () => {
    const body = { activityId: REVIEW_ACTIVITY, pageNum: 1, pageSize: 10 };
    // The reviewer's session is in memory after this, as it is for a reviewer at work.
    const first = await h.call('POST', AUDIT_PAGE, { token: reviewer, body });
    expect(first.status).toBe(200);
    expect(first.data.total).toBeGreaterThan(0);

    const heavyArrivals = arrivals(h, AUDIT_PAGE);
    const publicArrivals = arrivals(h, PUBLIC_PAGE);
    // On PGlite: heavy statements started from the release until the visitor's page was sent.
    const gate = h.db.gate;
    let heavyBeforePage = -1;
    let heavyAtRelease = 0;
    const onPublic = (req: IncomingMessage, res: ServerResponse) => {
      if (gate && req.url?.startsWith(PUBLIC_PAGE)) res.once('finish', () => (heavyBeforePage = gate().started.heavy - heavyAtRelease));
    };
    h.app.server.on('request', onPublic);
    const release = await holdDatabase(h, ['activities']);
    const order: string[] = [];
    let settled = 0;
    const heavy = Array.from({ length: 50 }, (_, i) =>
      h.call('POST', AUDIT_PAGE, { token: reviewer, body: { ...body, pageNum: 1 + (i % 3) } }).then((a) => {
        settled += 1;
        order.push(a.status === 200 ? 'heavy' : 'refused');
        return a;
      }),
    );
    try {
      await heavyArrivals.reached(50);
      // The refusals need no database: they are answered while it is held.
      await settle(() => settled, 50 - RUNNING - WAITING);
      const refusedWhileHeld = settled;
      // A visitor's uncached page (a keyword nobody asked before), asked while the 50 are in flight.
      const keyword = `无此课-${randomBytes(3).toString('hex')}`;
      const visitor = h.call('POST', PUBLIC_PAGE, { body: { keyword, pageNum: 1, pageSize: 20 }, ip: freshIp() }).then((a) => {
        order.push('public');
        return a;
      });
      await publicArrivals.reached(1);
      heavyAtRelease = gate?.().started.heavy ?? 0;
      await release();
      const answers: Answer[] = await Promise.all(heavy);
      const page = await visitor;

      expect(refusedWhileHeld).toBe(50 - RUNNING - WAITING);
      const refused = answers.filter((a) => a.http === 429);
      expect(refused.length).toBe(50 - RUNNING - WAITING);
      for (const a of refused) {
        expect(a.status).toBe(429);
        expect(a.message).toMatch(/^请求过于频繁/);
        expect(Number(a.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }
      const served = answers.filter((a) => a.http === 200);
      expect(served.length).toBe(RUNNING + WAITING);
      for (const a of served) expect(a.status).toBe(200);
      expect(page.status).toBe(200);
      expect(page.data.total).toBe(0);
      // On the embedded database, the visitor's page before every admitted list request, its statements
      // ahead of the reviewer's waiting ones: at most one heavy statement (the gate lets one through
      // after four interactive ones in a row). PostgreSQL has no gate (its pool runs the two admitted
      // lists beside the page, in whatever order the database finishes them): the places bound it.
      if (gate) {
        expect(order.filter((o) => o !== 'refused')[0]).toBe('public');
        expect(heavyBeforePage).toBeLessThanOrEqual(1);
      }
    } finally {
      h.app.server.off('request', onPublic);
      heavyArrivals.stop();
      publicArrivals.stop();
      await release();
      await Promise.allSettled(heavy);
    }
  });

  it('keeps one reviewer\u2019s budget apart from another caller\u2019s, and gives it back when a request ends', async () => {
    const body = { activityId: REVIEW_ACTIVITY, pageNum: 1, pageSize: 5 };
    const admin = await h.token('admin');
    const heavyArrivals = arrivals(h, AUDIT_PAGE);
    const release = await holdDatabase(h, ['activities']);
    const mine = Array.from({ length: RUNNING + WAITING + 3 }, () => h.call('POST', AUDIT_PAGE, { token: reviewer, body }));
    let settled = 0;
    for (const p of mine) void p.then(() => (settled += 1));
    try {
      await heavyArrivals.reached(RUNNING + WAITING + 3);
      await settle(() => settled, 3);
      // The admin's management list is someone else's budget: admitted while the reviewer's is full.
      const other = h.call('POST', '/cloudSchool/v1/resourceCollectActivity/page', { token: admin, body: { pageNum: 1, pageSize: 10 } });
      await release();
      const answers = await Promise.all(mine);
      expect(answers.filter((a) => a.http === 429).length).toBe(3);
      expect((await other).status).toBe(200);
      // Everything ended: the reviewer has all places again.
      const again = await Promise.all(Array.from({ length: RUNNING }, () => h.call('POST', AUDIT_PAGE, { token: reviewer, body })));
      expect(again.map((a) => a.status)).toEqual(Array(RUNNING).fill(200));
    } finally {
      heavyArrivals.stop();
      await release();
      await Promise.allSettled(mine);
    }
  });

  it('holds an anonymous caller to its address\u2019s places on public lists; another address is served', async () => {
    const ip = freshIp();
    const arrivalsOf = arrivals(h, PUBLIC_PAGE);
    const release = await holdDatabase(h, ['lessons']);
    const n = ADDRESS_RUNNING + ADDRESS_WAITING + 4;
    const burst = Array.from({ length: n }, (_, i) => h.call('POST', PUBLIC_PAGE, { ip, body: { keyword: `匿名-${i}-${randomBytes(2).toString('hex')}` } }));
    let settled = 0;
    for (const p of burst) void p.then(() => (settled += 1));
    try {
      await arrivalsOf.reached(n);
      await settle(() => settled, 4);
      const elsewhere = h.call('POST', PUBLIC_PAGE, { ip: freshIp(), body: { keyword: `别处-${randomBytes(2).toString('hex')}` } });
      await release();
      const answers = await Promise.all(burst);
      expect(answers.filter((a) => a.http === 429).length).toBe(4);
      expect(answers.filter((a) => a.http === 200).length).toBe(ADDRESS_RUNNING + ADDRESS_WAITING);
      expect((await elsewhere).status).toBe(200);
    } finally {
      arrivalsOf.stop();
      await release();
      await Promise.allSettled(burst);
    }
  });
});

describe('the places in the environment', () => {
  it('has the documented defaults and refuses a bad value naming its variable', () => {
    expect(limitsFromEnv({})).toMatchObject({ heavyRunningPerUser: 2, heavyWaitingPerUser: 10, heavyRunningPerAddress: 8, heavyWaitingPerAddress: 32, heavyWaitMs: 10_000 });
    expect(limitsFromEnv({ HEAVY_WAITING_PER_USER: '0', HEAVY_WAIT_SECONDS: '3' })).toMatchObject({ heavyWaitingPerUser: 0, heavyWaitMs: 3_000 });
    expect(() => limitsFromEnv({ HEAVY_RUNNING_PER_USER: '0' })).toThrow('环境变量 HEAVY_RUNNING_PER_USER 必须是正整数，当前为“0”');
  });
});
