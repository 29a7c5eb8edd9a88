import { describe, expect, it } from 'vitest';
import { Codes } from '../errors/catalogue.js';
import { DsError } from '../errors/DsError.js';
import { HttpError } from '../errors/HttpError.js';
import { createHttpClient } from '../http/client.js';
import { createFakeClock } from '../testing/fakeClock.js';
import { createFakeServer, fail, ok, type FakeServer } from '../testing/fakeServer.js';
import type { Notice } from '../util/notice.js';
import type { Navigation } from './navigation.js';
import { createSession, type LoginTicket } from './session.js';
import { createSharedMemory, type KeyValueStorage } from './storage.js';

const REFRESH = '/cas/sz/refreshToken';
const LESSONS = '/cloudSchool/v1/cloudLesson/count';

function tab(server: FakeServer, storage: KeyValueStorage, clock = createFakeClock()) {
  const notices: Notice[] = [];
  const navigations: Navigation[] = [];
  const http = createHttpClient({ adapter: server.adapter, systemType: () => 'web' });
  const session = createSession({
    storage,
    clock,
    refresh: (oldToken) =>
      http.get<LoginTicket>(REFRESH, { oldToken, ua: 'web' }, { public: true, silent: true }),
    navigate: (target) => navigations.push(target),
    notify: (notice) => notices.push(notice),
    currentUrl: () => 'http://portal.local/#/my-notes',
  });
  const client = createHttpClient({ adapter: server.adapter, systemType: () => 'web', gate: session });
  return { session, http: client, clock, notices, navigations };
}

/** A page holding a token that expires one hour after login. */
function loggedIn(server = createFakeServer()) {
  const memory = createSharedMemory();
  const page = tab(server, memory.tab());
  page.session.setLogin({ token: 'old', expire: 3600 });
  return { ...page, server, memory };
}

describe('session', () => {
  it('stores the expiry as now + 98 % of the lifetime', () => {
    const { session, clock, memory } = loggedIn();
    const expected = clock.now() + 3600 * 1000 * 0.98;
    expect(session.getState()).toEqual({ token: "old", expireAt: expected, status: "active", loginSeq: 1 });
    expect(memory.snapshot()).toMatchObject({ token: 'old', expire: '3600', expireTimeMillisecond: String(expected) });
  });

  it('sends 20 parallel requests after expiry with exactly one refresh, all with the new token', async () => {
    const { session, http, clock, server } = loggedIn();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server
      .on('GET', REFRESH, async (request) => {
        await gate;
        return request.query.oldToken === 'old' ? ok({ token: 'new', expire: 3600 }) : fail(Codes.TOKEN_INVALID);
      })
      .on('GET', LESSONS, (request) => (request.headers.Authorization === 'new' ? ok(42) : fail(Codes.TOKEN_EXPIRED)));
    await clock.advance(3600 * 1000);
    const burst = Array.from({ length: 20 }, () => http.get<number>(LESSONS));
    await Promise.resolve();
    expect(session.getState().status).toBe('refreshing');
    release();
    await expect(Promise.all(burst)).resolves.toEqual(Array(20).fill(42));
    expect(server.requestsTo(REFRESH)).toHaveLength(1);
    expect(server.requestsTo(REFRESH)[0]?.query).toEqual({ oldToken: 'old', ua: 'web' });
    expect(server.requestsTo(LESSONS).every((r) => r.headers.Authorization === 'new')).toBe(true);
    expect(session.getState()).toMatchObject({ token: 'new', status: 'active' });
  });

  it('keeps the user logged in when the refresh fails on the server (5xx), failing waiters as retryable', async () => {
    const { session, http, clock, server, navigations } = loggedIn();
    server.on('GET', REFRESH, () => fail(Codes.UNAVAILABLE)).on('GET', LESSONS, () => ok(1));
    await clock.advance(3600 * 1000);
    const results = await Promise.allSettled([http.get(LESSONS), http.get(LESSONS)]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason as HttpError;
      expect(reason).toBeInstanceOf(HttpError);
      expect(reason.retryable).toBe(true);
    }
    expect(server.requestsTo(REFRESH)).toHaveLength(1);
    expect(session.getState()).toMatchObject({ token: 'old', status: 'active' });
    expect(navigations).toEqual([]);

    server.on('GET', REFRESH, () => ok({ token: 'new', expire: 60 }));
    await expect(http.get(LESSONS)).resolves.toBe(1);
  });

  it('keeps the user logged in when the refresh cannot reach the server', async () => {
    const { session, http, clock, server } = loggedIn();
    server.on('GET', REFRESH, () => 'network-error');
    await clock.advance(3600 * 1000);
    await expect(http.get(LESSONS)).rejects.toMatchObject({ code: Codes.NETWORK_UNAVAILABLE, retryable: true });
    expect(session.isLoggedIn()).toBe(true);
  });

  it('logs out with "登录已过期，请重新登录" when the refresh is refused (4010005)', async () => {
    const { session, http, clock, server, notices, navigations, memory } = loggedIn();
    server.on('GET', REFRESH, () => fail(Codes.TOKEN_INVALID)).on('GET', LESSONS, () => ok(1));
    await clock.advance(3600 * 1000);
    await expect(Promise.all([http.get(LESSONS), http.get(LESSONS)])).rejects.toMatchObject({ code: 4010003 });
    expect(session.getState()).toMatchObject({ token: null, expireAt: null, status: "expired" });
    expect(notices.map((n) => n.message)).toEqual(['登录已过期，请重新登录']);
    expect(navigations).toEqual([{ to: 'login', returnUrl: 'http://portal.local/#/my-notes' }]);
    expect(memory.snapshot().token).toBeUndefined();
  });

  it('treats a refresh answer without an expiry as refused', async () => {
    const { session, http, clock, server } = loggedIn();
    server.on('GET', REFRESH, () => ok({ token: 'new' }));
    await clock.advance(3600 * 1000);
    await expect(http.get(LESSONS)).rejects.toBeInstanceOf(DsError);
    expect(session.getState().status).toBe('expired');
  });

  it('refreshes once and replays once when a business call answers 4010003 before our clock says so', async () => {
    const { http, server } = loggedIn();
    server
      .on('GET', REFRESH, () => ok({ token: 'new', expire: 3600 }))
      .on('GET', LESSONS, (request) => (request.headers.Authorization === 'new' ? ok(7) : fail(Codes.TOKEN_EXPIRED)));
    await expect(http.get(LESSONS)).resolves.toBe(7);
    expect(server.requestsTo(REFRESH)).toHaveLength(1);
    expect(server.requestsTo(LESSONS)).toHaveLength(2);
  });

  it('logs out on token-ending answers to business calls (4010005), once for many calls', async () => {
    const { session, http, server, notices, navigations } = loggedIn();
    server.on('GET', LESSONS, () => fail(Codes.TOKEN_INVALID));
    await Promise.allSettled([http.get(LESSONS), http.get(LESSONS), http.get(LESSONS)]);
    expect(session.getState().status).toBe('expired');
    expect(notices).toHaveLength(1);
    expect(navigations).toHaveLength(1);
  });

  it('drops the request and goes to login when another tab logged in as someone else', async () => {
    const server = createFakeServer().on('GET', LESSONS, () => ok(1));
    const memory = createSharedMemory({ token: 'mine', expireTimeMillisecond: String(Date.now() * 2) });
    const page = tab(server, memory.tab());
    const other = tab(server, memory.tab());
    other.session.setLogin({ token: 'someone-else', expire: 3600 });
    await expect(page.http.get(LESSONS)).rejects.toMatchObject({ code: Codes.SESSION_REPLACED });
    expect(server.requests).toHaveLength(0);
    expect(page.navigations).toEqual([{ to: 'login', returnUrl: 'http://portal.local/#/my-notes' }]);
    expect(page.session.getState()).toMatchObject({ token: 'mine', status: 'replaced' });
    expect(memory.snapshot().token).toBe('someone-else');
  });

  it('headers(): the bare token as Authorization, one refresh for many callers once it is due', async () => {
    const { session, clock, server } = loggedIn();
    await expect(session.headers()).resolves.toEqual({ Authorization: 'old' });
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    server.on('GET', REFRESH, async () => (await answered, ok({ token: 'new', expire: 3600 })));
    await clock.advance(3600 * 1000);
    const waiting = Array.from({ length: 5 }, () => session.headers());
    await Promise.resolve();
    expect(session.getState().status).toBe('refreshing');
    release();
    await expect(Promise.all(waiting)).resolves.toEqual(Array(5).fill({ Authorization: 'new' }));
    expect(server.requestsTo(REFRESH)).toHaveLength(1);
  });

  it('headers(): no Authorization without a login; rejects when the refresh is refused or another user took over', async () => {
    const server = createFakeServer().on('GET', REFRESH, () => fail(Codes.TOKEN_INVALID));
    const memory = createSharedMemory();
    const page = tab(server, memory.tab());
    await expect(page.session.headers()).resolves.toEqual({});

    page.session.setLogin({ token: 'old', expire: 3600 });
    await page.clock.advance(3600 * 1000);
    await expect(page.session.headers()).rejects.toMatchObject({ code: Codes.TOKEN_EXPIRED });
    await expect(page.session.headers()).resolves.toEqual({});

    const other = tab(server, memory.tab());
    page.session.setLogin({ token: 'mine', expire: 3600 });
    other.session.setLogin({ token: 'someone-else', expire: 3600 });
    await expect(page.session.headers()).rejects.toMatchObject({ code: Codes.SESSION_REPLACED });
  });

  it('follows a login, a refresh and a logout made in another tab', async () => {
    const server = createFakeServer()
      .on('GET', REFRESH, () => ok({ token: 'refreshed', expire: 3600 }))
      .on('GET', LESSONS, () => ok(1));
    const memory = createSharedMemory();
    const clock = createFakeClock();
    const page = tab(server, memory.tab(), clock);
    const other = tab(server, memory.tab(), clock);
    const seen: string[] = [];
    page.session.onChange((state) => seen.push(state.status));

    other.session.setLogin({ token: 'a', expire: 3600 });
    await Promise.resolve();
    expect(page.session.getState()).toMatchObject({ token: 'a', status: 'active' });

    await clock.advance(3600 * 1000);
    await other.http.get(LESSONS);
    await Promise.resolve();
    expect(page.session.getState()).toMatchObject({ token: 'refreshed', status: 'active' });
    await page.http.get(LESSONS);
    expect(server.requestsTo(LESSONS).at(-1)?.headers.Authorization).toBe('refreshed');

    other.session.logout();
    await Promise.resolve();
    expect(page.session.getState()).toMatchObject({ token: null, status: 'anonymous' });
    expect(seen).toContain('anonymous');
  });
});
