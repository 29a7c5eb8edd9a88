import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { earlyAnswers, type EarlyAnswer, type EarlyRequest } from './earlyAnswers';

const ORIGIN = 'https://school.example';
const DETAIL = '/cloudSchool/v1/cloudLesson/getById';
const json = (value: unknown): EarlyAnswer => ({ status: 200, statusText: 'OK', contentType: 'application/json; charset=utf-8', text: JSON.stringify(value) });

function early(partial: Partial<EarlyRequest> = {}): EarlyRequest {
  return {
    method: 'GET',
    url: `${DETAIL}?lessonId=L1`,
    body: null,
    headers: { 'Accept-Language': 'zh-CH', ua: 'web', Authorization: 'tok' },
    answer: Promise.resolve(json({ code: 200, data: { lessonId: 'L1' } })),
    ...partial,
  };
}

function request(partial: Partial<InternalAxiosRequestConfig> = {}): InternalAxiosRequestConfig {
  return {
    method: 'get',
    baseURL: ORIGIN,
    url: DETAIL,
    params: { lessonId: 'L1' },
    headers: { 'Accept-Language': 'zh-CH', ua: 'web', Authorization: 'tok', Accept: 'application/json' },
    ...partial,
  } as unknown as InternalAxiosRequestConfig;
}

function setup(list: EarlyRequest[]) {
  const next = vi.fn(async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => ({ data: '"from the network"', status: 200, statusText: 'OK', headers: {}, config }));
  return { next, adapter: earlyAnswers(next, () => list, ORIGIN) };
}

describe('the start script\'s answers', () => {
  it('answer the same request once; the second goes out', async () => {
    const list = [early()];
    const { next, adapter } = setup(list);
    const first = await adapter(request());
    expect(JSON.parse(first.data as string)).toEqual({ code: 200, data: { lessonId: 'L1' } });
    expect(next).not.toHaveBeenCalled();
    await adapter(request());
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('take the same viewer\'s call once the user is loaded (its organisation header is given by the token)', async () => {
    const { next, adapter } = setup([early()]);
    await adapter(request({ headers: { 'Accept-Language': 'zh-CH', ua: 'web', Authorization: 'tok', topClass: '77' } as never }));
    expect(next).not.toHaveBeenCalled();
  });

  it('answer as many calls as the start script allows', async () => {
    const list = [early({ uses: 2 })];
    const { next, adapter } = setup(list);
    await adapter(request());
    await adapter(request());
    expect(next).not.toHaveBeenCalled();
    expect(list).toHaveLength(0);
    await adapter(request());
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('match a POST by its body', async () => {
    const body = '{"orderBy":"newest","pageNum":1,"pageSize":12}';
    const url = '/cloudSchool/v1/cloudLesson/getOnDemandLessonPage';
    const { next, adapter } = setup([early({ method: 'POST', url, body, headers: { 'Accept-Language': 'zh-CH', ua: 'web' } })]);
    const guest = { 'Accept-Language': 'zh-CH', ua: 'web', 'Content-Type': 'application/json' };
    await adapter(request({ method: 'post', url, params: undefined, data: '{"orderBy":"newest","pageNum":2,"pageSize":12}', headers: guest as never }));
    expect(next).toHaveBeenCalledTimes(1);
    await adapter(request({ method: 'post', url, params: undefined, data: body, headers: guest as never }));
    expect(next).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['another lesson', request({ params: { lessonId: 'L2' } })],
    ['another token', request({ headers: { 'Accept-Language': 'zh-CH', ua: 'web', Authorization: 'renewed' } as never })],
    ['no token', request({ headers: { 'Accept-Language': 'zh-CH', ua: 'web' } as never })],
    ['another language', request({ headers: { 'Accept-Language': 'en', ua: 'web', Authorization: 'tok' } as never })],
    ['another method', request({ method: 'post' })],
    ['another origin', request({ baseURL: 'https://other.example' })],
  ])('leave %s to the network', async (_name, config) => {
    const list = [early()];
    const { next, adapter } = setup(list);
    await adapter(config);
    expect(next).toHaveBeenCalledTimes(1);
    expect(list).toHaveLength(1);
  });

  it('fall back to the network when the early request failed or the server erred', async () => {
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => undefined);
    const { next, adapter } = setup([early({ answer: failed })]);
    expect((await adapter(request())).data).toBe('"from the network"');
    const erred = setup([early({ answer: Promise.resolve({ status: 502, statusText: 'Bad Gateway', contentType: 'text/html', text: '<html>' }) })]);
    expect((await erred.adapter(request())).data).toBe('"from the network"');
    expect(next).toHaveBeenCalledTimes(1);
    expect(erred.next).toHaveBeenCalledTimes(1);
  });

  it('go out normally when there are none', async () => {
    const next = vi.fn(async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => ({ data: '', status: 200, statusText: 'OK', headers: {}, config }));
    await earlyAnswers(next, () => undefined, ORIGIN)(request());
    expect(next).toHaveBeenCalledTimes(1);
  });
});
