import { describe, expect, it } from 'vitest';
import { createPlatform } from '../platform/createPlatform.js';
import { DsError } from '../errors/index.js';
import { createMemoryStorage } from '../session/storage.js';
import { createFakeClock } from '../testing/fakeClock.js';
import { createFakeServer, fail, ok } from '../testing/fakeServer.js';
import { createActivitiesApi } from './activitiesApi.js';

const LIST = '/cloudSchool/v1/resourceCollectActivity/publish/list';

function setup() {
  const server = createFakeServer().on('GET', LIST, (request) =>
    request.query.orgId === 'missing' ? fail(4200005, '组织不存在') : ok({ rows: [], total: 0, pageNum: Number(request.query.pageNum), pageSize: Number(request.query.pageSize) }),
  );
  const platform = createPlatform({ apiBase: 'http://api.local', storage: createMemoryStorage(), clock: createFakeClock(), adapter: server.adapter, notify: () => undefined });
  return { server, platform, api: createActivitiesApi(platform.http) };
}

describe('activities client', () => {
  it('asks for one page of published activities with the filters in the query, without a token', async () => {
    const { server, platform, api } = setup();
    platform.session.setLogin({ token: 'tok-session', expire: 3600 });
    await expect(api.publishedPage({ pageNum: 2, pageSize: 6, orgId: 'org-7', phase: 'signUp' })).resolves.toEqual({ rows: [], total: 0, pageNum: 2, pageSize: 6 });
    const [request] = server.requestsTo(LIST);
    expect(request!.query).toEqual({ pageNum: '2', pageSize: '6', orgId: 'org-7', phase: 'signUp' });
    expect(request!.headers.Authorization).toBeUndefined();
  });

  it('leaves empty filters out of the query', async () => {
    const { server, api } = setup();
    await api.publishedPage({ pageNum: 1, pageSize: 12, orgId: '', phase: undefined, keyword: '' });
    expect(server.requestsTo(LIST)[0]!.query).toEqual({ pageNum: '1', pageSize: '12' });
  });

  it('rejects with the server’s code and message', async () => {
    const { api } = setup();
    const error = await api.publishedPage({ pageNum: 1, pageSize: 12, orgId: 'missing' }, { silent: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DsError);
    expect((error as DsError).code).toBe(4200005);
    expect((error as DsError).message).toBe('组织不存在');
  });
});
