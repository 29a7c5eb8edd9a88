import { describe, expect, it, vi } from 'vitest';
import { Codes } from '../errors/catalogue.js';
import { HttpError } from '../errors/HttpError.js';
import { createFakeServer, fail, ok } from '../testing/fakeServer.js';
import type { Notice } from '../util/notice.js';
import { createHttpClient, type HttpClientOptions } from './client.js';

function setup(extra: Partial<HttpClientOptions> = {}) {
  const server = createFakeServer();
  const notices: Notice[] = [];
  const http = createHttpClient({
    adapter: server.adapter,
    notify: (notice) => notices.push(notice),
    systemType: () => 'web',
    ...extra,
  });
  return { server, http, notices };
}

describe('http client', () => {
  it('unwraps the envelope and gives the data', async () => {
    const { server, http } = setup();
    server.on('GET', '/base/v1/user/current', () => ok({ userName: '张老师' }));
    await expect(http.get(http.paths.base('/v1/user/current'))).resolves.toEqual({ userName: '张老师' });
  });

  it('throws an HttpError with the code, path, status, envelope and the server message', async () => {
    const { server, http } = setup();
    server.on('POST', '/cas/login/restful', () => fail(Codes.WRONG_CREDENTIALS, '用户名或密码错误!'));
    const error = await http.post('/cas/login/restful', {}, { public: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    const httpError = error as HttpError;
    expect(httpError.code).toBe(4200001);
    expect(httpError.path).toBe('/cas/login/restful');
    expect(httpError.httpStatus).toBe(400);
    expect(httpError.envelope?.status).toBe(4200001);
    expect(httpError.message).toBe('用户名或密码错误!');
    expect(httpError.retryable).toBe(false);
  });

  it('exposes the parameter the server named in data.field, and none when it named none', async () => {
    const { server, http } = setup();
    server.on('POST', '/save', () => ({ status: 400, body: { status: 400, message: '参数 resources[1].title 不能为空', data: { field: 'resources[1].title' } } }));
    server.on('POST', '/other', () => fail(Codes.WRONG_CREDENTIALS, '用户名或密码错误!'));
    const named = (await http.post('/save', {}).catch((e: unknown) => e)) as HttpError;
    expect(named.field).toBe('resources[1].title');
    expect(named.message).toBe('参数 resources[1].title 不能为空');
    const unnamed = (await http.post('/other', {}).catch((e: unknown) => e)) as HttpError;
    expect(unnamed.field).toBeUndefined();
  });

  it('falls back to the catalogue message in the current locale when the server gives none', async () => {
    const { server, http } = setup({ locale: () => 'en' });
    server.on('GET', '/x', () => ({ status: 409, body: { status: 4090002 } }));
    const error = (await http.get('/x').catch((e: unknown) => e)) as HttpError;
    expect(error.message).toBe('User name already exists');
    expect(error.localizedMessage('zh-CN')).toBe('用户名已存在');
  });

  it('maps a gateway page without an envelope to the HTTP status, retryable', async () => {
    const { server, http } = setup();
    server.on('GET', '/x', () => ({ status: 502, body: '<html>bad gateway</html>' }));
    const error = (await http.get('/x').catch((e: unknown) => e)) as HttpError;
    expect(error.code).toBe(502);
    expect(error.retryable).toBe(true);
  });

  it('turns a missing answer into 504001, retryable', async () => {
    const { server, http } = setup();
    server.on('GET', '/x', () => 'network-error');
    const error = (await http.get('/x').catch((e: unknown) => e)) as HttpError;
    expect(error.code).toBe(Codes.NETWORK_UNAVAILABLE);
    expect(error.retryable).toBe(true);
    expect(error.message).toBe('网络不可用，请检查网络连接');
  });

  it('sends ua, topClass and Accept-Language zh-CH, the bare token, and no token on public calls', async () => {
    const gate = { acquire: vi.fn(async () => 'tok-1'), renew: vi.fn(), end: vi.fn() };
    const { server, http } = setup({ gate, topClass: () => 900 });
    server.on('GET', '/a', () => ok(1)).on('GET', '/b', () => ok(2));
    await http.get('/a', { q: 'x' });
    await http.get('/b', undefined, { public: true });
    const [a, b] = server.requests;
    expect(a?.headers).toMatchObject({ Authorization: 'tok-1', ua: 'web', topClass: '900', 'Accept-Language': 'zh-CH' });
    expect(a?.query).toEqual({ q: 'x' });
    expect(b?.headers.Authorization).toBeUndefined();
    expect(gate.acquire).toHaveBeenCalledTimes(1);
  });

  it('posts JSON bodies and keeps query parameters apart', async () => {
    const { server, http } = setup();
    server.on('PUT', '/w', (request) => ok(request));
    await http.put('/w', { title: '作品' }, { params: { lessonId: 7 } });
    expect(server.requests[0]).toMatchObject({ body: { title: '作品' }, query: { lessonId: '7' } });
  });

  it('raises the error notice only when the switch is on, and never for silent, blob or statistics calls', async () => {
    const { server, http, notices } = setup();
    server
      .on('GET', '/cloudSchool/v1/cloudLesson/getById', () => fail(Codes.NOT_FOUND, '课程不存在'))
      .on('GET', '/cloudSchool/v1/staActivityManage/total', () => fail(500))
      .on('GET', '/file/v1/file/download/1', () => fail(404));
    const lesson = '/cloudSchool/v1/cloudLesson/getById';
    await http.get(lesson).catch(() => undefined);
    expect(notices).toHaveLength(0);

    http.setShowErrorNotice(true);
    await http.get(lesson).catch(() => undefined);
    expect(notices).toEqual([{ kind: 'error', message: '课程不存在', path: lesson, status: 404, duration: 5000 }]);

    await http.get(lesson, undefined, { silent: true }).catch(() => undefined);
    await http.get('/cloudSchool/v1/staActivityManage/total').catch(() => undefined);
    const download = await http.blob('/file/v1/file/download/1').catch((e: unknown) => e);
    expect(download).toBeInstanceOf(HttpError);
    expect(notices).toHaveLength(1);
  });

  it('reads a blob with its RFC 6266 file name', async () => {
    const { server, http } = setup();
    server.on('POST', '/export', () => ({
      body: new Uint8Array([1, 2, 3]),
      headers: { 'content-disposition': "attachment; filename=\"x.xlsx\"; filename*=UTF-8''%E4%BD%9C%E5%93%81.xlsx" },
    }));
    const result = await http.blob('/export', { id: 1 }, { method: 'POST' });
    expect(result.fileName).toBe('作品.xlsx');
    expect(new Uint8Array(await result.blob.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('ends the session through the gate on token-ending codes', async () => {
    const gate = { acquire: vi.fn(async () => 'tok-1'), renew: vi.fn(), end: vi.fn() };
    const { server, http, notices } = setup({ gate, showErrorNotice: true });
    server.on('GET', '/p', () => fail(Codes.TOKEN_INVALID));
    await expect(http.get('/p')).rejects.toMatchObject({ code: 4010005 });
    expect(gate.end).toHaveBeenCalledWith(expect.objectContaining({ code: 4010005 }), 'tok-1');
    expect(notices).toHaveLength(0);
  });

  it('builds absolute URLs on the API base', () => {
    const { http } = setup({ apiBase: 'http://localhost:8080/' });
    expect(http.url('/file/v1/file/download/9')).toBe('http://localhost:8080/file/v1/file/download/9');
    expect(http.paths.cloudSchool('v1/cloudLesson/count')).toBe('/cloudSchool/v1/cloudLesson/count');
  });

  it('sends a call to another service (external) with none of the platform headers and no token', async () => {
    const gate = { acquire: vi.fn(async () => 'tok'), renew: vi.fn(), end: vi.fn() };
    const { server, http } = setup({ gate, topClass: () => 7 });
    server.on('POST', '/bucket', () => ({ status: 204, body: '' }));
    await http.post('/bucket', { a: 1 }, { external: true, silent: true });
    expect(gate.acquire).not.toHaveBeenCalled();
    const headers = server.requestsTo('/bucket')[0]!.headers;
    for (const name of ['Authorization', 'ua', 'topClass', 'Accept-Language']) expect(headers[name], name).toBeUndefined();
  });

  it('runs the same client over another transport (withAdapter): headers, token and envelope as before', async () => {
    const gate = { acquire: vi.fn(async () => 'tok'), renew: vi.fn(), end: vi.fn() };
    const { http } = setup({ gate });
    const other = createFakeServer().on('GET', '/x', () => ok(42));
    await expect(http.withAdapter(other.adapter).get('/x')).resolves.toBe(42);
    expect(other.requestsTo('/x')[0]!.headers).toMatchObject({ Authorization: 'tok', ua: 'web', 'Accept-Language': 'zh-CH' });
  });
});
