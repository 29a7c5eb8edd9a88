/**
 * What a stranger can send without a token must not grow the server: unknown properties are removed
 * on every route (so no cache key is built from them), every cache stays within its bounds, bodies
 * nested too deep are refused, and values the database would refuse (NUL, lone surrogates, integers
 * beyond their column) answer 4200005 naming the field instead of 500.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';
import { lessonBody } from './lessonHelpers.js';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

let teacher: string;
const h = useHarness();
beforeAll(async () => {
  teacher = await h.token('teacher');
});

const cacheStats = () => JSON.stringify(Object.fromEntries([...h.app.caches].map(([name, cache]) => [name, cache.stats()])));
const heapMb = () => {
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};
const JUNK = 'x'.repeat(900_000);
const DEEP = `{"stage":2,"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;

/** The public routes whose answers are cached, with a body that means something to each. */
const CACHED: Array<[string, Record<string, unknown>]> = [
  ['/cloudSchool/v1/cloudLesson/getOnDemandLessonPage', { stage: 2 }],
  ['/cloudSchool/v1/cloudLesson/getLiveLessonPage', { stage: 2 }],
  ['/cloudSchool/v1/cloudLesson/count', { stage: 2 }],
  ['/base/v1/globalConfig/list', {}],
];

describe('public cached routes and what strangers send them', () => {
  it('knows its caches and their bounds', () => {
    expect([...h.app.caches.keys()].sort()).toEqual(['activity list pages', 'activity overview statistics', 'activity scope nodes', 'activity statistics', 'activity statistics scope nodes', 'learner pages', 'public activity lists', 'public configuration', 'public lesson pages', 'public lesson totals', 'reviewer statistics', 'sessions', 'statistics activities']);
    for (const cache of h.app.caches.values()) {
      const stats = cache.stats();
      expect(stats.maxBytes).toBeGreaterThan(0);
      expect(stats.maxEntries).toBeGreaterThan(0);
    }
  });

  for (const [url, body] of CACHED) {
    it(`${url}: unknown, huge and deep bodies leave the answer, the caches and the heap as they were`, async () => {
      const plain = await h.call('POST', url, { body });
      expect(plain.status).toBe(200);
      await h.call('POST', url, { body });
      const before = cacheStats();
      const heapBefore = heapMb();
      for (let i = 0; i < 40; i++) {
        const answer = await h.call('POST', url, { body: { ...body, [`junk${i}`]: JUNK } });
        expect(answer.status).toBe(200);
        expect(answer.data).toEqual(plain.data);
      }
      const deep = await h.call('POST', url, { rawBody: DEEP, headers: { 'content-type': 'application/json' } });
      expect(deep.http).toBe(400);
      expect(deep.status).toBe(4200005);
      expect(deep.message).toContain('嵌套过深');
      const nested = await h.call('POST', url, { body: { ...body, junk: { a: { b: [JUNK.slice(0, 1000)] } } } });
      expect(nested.status).toBe(200);
      expect(cacheStats()).toBe(before);
      // Forty 900 KB keys would be 36 MB; what is left after a collection must be far less.
      expect(heapMb() - heapBefore).toBeLessThan(15);
    });
  }

  it('answers a body 10 000 levels deep with 4200005 on any route, logged in or not', async () => {
    for (const [url, token] of [['/cloudSchool/v1/cloudLesson/save', teacher], ['/cas/login/restful', undefined]] as const) {
      const answer = await h.call('POST', url, { rawBody: '['.repeat(10_000) + ']'.repeat(10_000), token, headers: { 'content-type': 'application/json' } });
      expect(`${url} ${answer.http} ${answer.status}`).toBe(`${url} 400 4200005`);
    }
  });

  it('removes unknown properties before a handler sees them: they are not stored', async () => {
    const saved = await h.call('POST', '/cloudSchool/v1/cloudLesson/save', { token: teacher, body: { ...(await lessonBody(h)), junk: 'x', resources: [{ title: '一', url: '/static/seed/media/a.mp4', extra: 1 }] } });
    expect(saved.status).toBe(200);
  });
});

describe('every route’s request schema', () => {
  const openObjects = (schema: unknown, path: string, found: string[]): string[] => {
    if (!schema || typeof schema !== 'object') return found;
    const s = schema as Record<string, any>;
    const types = [s.type].flat();
    if ((types.includes('object') || s.properties) && s.additionalProperties !== false && typeof s.additionalProperties !== 'object') found.push(`${path} (open object)`);
    if (types.includes('string') && s.storableText !== true) found.push(`${path} (text without the text rule)`);
    if (types.includes('integer') && !Array.isArray(s.storableInteger)) found.push(`${path} (integer without bounds)`);
    for (const [k, v] of Object.entries(s.properties ?? {})) openObjects(v, `${path}.${k}`, found);
    if (s.items) openObjects(s.items, `${path}[]`, found);
    if (typeof s.additionalProperties === 'object') openObjects(s.additionalProperties, `${path}{}`, found);
    return found;
  };

  it('admits only named properties, checks all text and bounds all integers', () => {
    const problems: string[] = [];
    for (const route of h.app.routeList) {
      for (const part of ['body', 'querystring', 'params']) {
        openObjects(route.schema?.[part], `${route.method} ${route.url} ${part}`, problems);
      }
    }
    expect(problems).toEqual([]);
  });

  it('has a body schema on every route that takes JSON (only the routes that take a file take none)', () => {
    const without = h.app.routeList.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && !r.schema?.body).map((r) => `${r.method} ${r.url}`);
    expect(without.sort()).toEqual(['POST /api/file/v1/file/block', 'POST /cloudSchool/v1/teacherInfo/importExcel', 'POST /file/v1/obs/upload']);
  });
});

describe('values the database would refuse', () => {
  const refused = (answer: { http: number; status: number; message: string }, field: string) => {
    expect(`${answer.http} ${answer.status}`).toBe('400 4200005');
    expect(answer.message).toContain(field);
  };

  it('refuses a NUL character in any text field, naming it', async () => {
    refused(await h.call('POST', '/cloudSchool/v1/cloudLesson/getOnDemandLessonPage', { body: { keyword: 'a\u0000b' } }), 'keyword');
    refused(await h.call('POST', '/cloudSchool/v1/teacherInfo/list', { body: { keyword: 'a\u0000b' } }), 'keyword');
    const captcha = await h.call('GET', '/cas/captcha?username=a%00b');
    refused(captcha, 'username');
    expect(captcha.message).toContain('空字符');
    refused(await h.call('POST', '/cloudSchool/v1/cloudLesson/save', { token: teacher, body: await lessonBody(h, { title: '标题\u0000' }) }), 'title');
  });

  it('refuses a prototype key, naming the key rather than calling the JSON malformed', async () => {
    const url = '/cloudSchool/v1/cloudLesson/getOnDemandLessonPage';
    const headers = { 'content-type': 'application/json' };
    const proto = await h.call<{ field: string }>('POST', url, { rawBody: '{"keyword":"a","__proto__":{"x":1}}', headers });
    expect([proto.http, proto.status, proto.data?.field]).toEqual([400, 5000009, '__proto__']);
    expect(proto.message).toContain('__proto__');
    const ctor = await h.call<{ field: string }>('POST', url, { rawBody: '{"constructor":{"prototype":{"x":1}}}', headers });
    expect([ctor.status, ctor.data?.field]).toEqual([5000009, 'constructor.prototype']);
    // Really malformed JSON still says so.
    expect((await h.call('POST', url, { rawBody: '{"keyword":', headers })).message).toContain('JSON 格式错误');
  });

  it('refuses a lone UTF-16 surrogate, naming the field', async () => {
    const raw = '{"keyword":"ab\\ud800c"}';
    const answer = await h.call('POST', '/cloudSchool/v1/cloudLesson/getOnDemandLessonPage', { rawBody: raw, headers: { 'content-type': 'application/json' } });
    refused(answer, 'keyword');
    expect(answer.message).toContain('代理字符');
    // A proper pair (an emoji) is fine.
    expect((await h.call('POST', '/cloudSchool/v1/cloudLesson/getOnDemandLessonPage', { body: { keyword: '😀' } })).status).toBe(200);
  });

  it('refuses integers beyond what their column holds, naming the field', async () => {
    refused(await h.call('POST', '/cloudSchool/v1/cloudLesson/save', { token: teacher, body: await lessonBody(h, { stage: 99_999_999_999 }) }), 'stage');
    refused(await h.call('POST', '/cloudSchool/v1/cloudLesson/save', { token: teacher, body: await lessonBody(h, { liveFlag: 1, liveStartTime: 1e20, liveEndTime: 1e20 }) }), 'liveStartTime');
    refused(await h.call('POST', '/cloudSchool/v1/teacherInfo/orgList', { body: { stage: 2 ** 40 } }), 'stage');
    refused(await h.call('POST', '/file/v1/file/upload/status', { token: teacher, body: { fileMd5: 'a'.repeat(32), fileName: 'a.mp4', totalSize: 2 ** 60 } }), 'totalSize');
    refused(await h.call('POST', '/file/v1/file/exist', { token: teacher, body: { fileMd5: 'a'.repeat(32), fileName: 'a.mp4', extension: 'mp4', fileSize: 1e300 } }), 'fileSize');
    refused(await h.call('GET', '/cloudSchool/v1/cloudLesson/getAdventOrExpireLiveCount?hours=99999999999999999999'), 'hours');
  });

  it('refuses a NUL character in a multipart chunk field, naming it', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ fileMd5: 'a'.repeat(32), fileName: 'a\u0000.mp4', totalSize: '4', chunkSize: '4', chunk: '0', chunks: '1' })) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(4)]), 'a.mp4');
    const res = await fetch(`${h.base}/api/file/v1/file/block`, { method: 'POST', headers: { authorization: teacher }, body: form });
    const json = (await res.json()) as { status: number; message: string };
    expect(`${res.status} ${json.status}`).toBe('400 4200005');
    expect(json.message).toContain('fileName');
  });
});
