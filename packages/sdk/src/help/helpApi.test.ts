import { describe, expect, it } from 'vitest';
import { createPlatform } from '../platform/createPlatform.js';
import { createMemoryStorage } from '../session/storage.js';
import { createFakeClock } from '../testing/fakeClock.js';
import { createFakeServer, ok } from '../testing/fakeServer.js';
import { createHelpApi, createHelpManageApi } from './helpApi.js';

const V1 = '/cloudSchool/v1';

function setup() {
  const server = createFakeServer()
    .on('POST', `${V1}/feedback/save`, () => ok({ id: 'f1' }))
    .on('GET', `${V1}/feedback/mine`, (r) => ok({ rows: [], total: 0, pageNum: Number(r.query.pageNum), pageSize: Number(r.query.pageSize) }))
    .on('GET', `${V1}/help/articles`, () => ok({ topics: ['登录'], rows: [] }))
    .on('GET', `${V1}/help/articles/a%2F1`, () => ok({ id: 'a/1' }))
    .on('GET', `${V1}/feedback/list`, () => ok({ rows: [], total: 0, pageNum: 1, pageSize: 10 }))
    .on('POST', `${V1}/feedback/status`, () => ok({ updated: 2 }));
  const platform = createPlatform({ apiBase: 'http://api.local', storage: createMemoryStorage(), clock: createFakeClock(), adapter: server.adapter, notify: () => undefined });
  platform.session.setLogin({ token: 'tok', expire: 3600 });
  return { server, help: createHelpApi(platform.http), manage: createHelpManageApi(platform.http) };
}

describe('help client', () => {
  it('sends a feedback with the token and reads my feedback by page', async () => {
    const { server, help } = setup();
    await expect(help.sendFeedback({ type: 'bug', content: '打不开' })).resolves.toEqual({ id: 'f1' });
    const [sent] = server.requestsTo(`${V1}/feedback/save`);
    expect(sent!.body).toEqual({ type: 'bug', content: '打不开' });
    expect(sent!.headers.Authorization).toBe('tok');
    await help.myFeedback({ pageNum: 2, pageSize: 5 });
    expect(server.requestsTo(`${V1}/feedback/mine`)[0]!.query).toEqual({ pageNum: '2', pageSize: '5' });
  });

  it('reads articles without a token, leaving empty filters out, and escapes an id', async () => {
    const { server, help } = setup();
    await help.articles({ topic: '', keyword: '密码' });
    const [request] = server.requestsTo(`${V1}/help/articles`);
    expect(request!.query).toEqual({ keyword: '密码' });
    expect(request!.headers.Authorization).toBeUndefined();
    await expect(help.article('a/1')).resolves.toEqual({ id: 'a/1' });
  });

  it('back-office: filters and batch status', async () => {
    const { server, manage } = setup();
    await manage.list({ pageNum: 1, pageSize: 10, applyStatus: 0, type: undefined, keyword: '' });
    expect(server.requestsTo(`${V1}/feedback/list`)[0]!.query).toEqual({ pageNum: '1', pageSize: '10', applyStatus: '0' });
    await expect(manage.setStatus({ ids: ['a', 'b'], applyStatus: 2 })).resolves.toEqual({ updated: 2 });
  });
});
