import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { useHarness } from './harness.js';

const ALLOWED = 'https://www.nanhu.edu.cn';
let files: string;

beforeAll(() => {
  files = mkdtempSync(path.join(tmpdir(), 'ds-static-'));
  mkdirSync(path.join(files, 'portal'));
  mkdirSync(path.join(files, 'elements'));
  writeFileSync(path.join(files, 'portal', 'index.html'), '<!doctype html><title>云校</title><div id="root"></div>');
  writeFileSync(path.join(files, 'elements', 'ds-elements.js'), 'export const loaded = true;');
  // A hashed portal asset with the compressed copies the build writes beside it.
  mkdirSync(path.join(files, 'portal', 'assets'));
  const asset = path.join(files, 'portal', 'assets', 'HomeScreen-B0-AdV8n.js');
  writeFileSync(asset, ASSET);
  writeFileSync(`${asset}.br`, brotliCompressSync(ASSET));
  writeFileSync(`${asset}.gz`, gzipSync(ASSET));
});

const ASSET = `export const home = ${JSON.stringify('首页'.repeat(2000))};`;

/** A raw GET (fetch would decompress and hide the encoding). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}
// Hooks after the tests run in reverse order: the server stops before its files are removed.
afterAll(() => {
  rmSync(files, { recursive: true, force: true });
});
const h = useHarness(() => ({
  settings: {
    allowedOrigins: [ALLOWED],
    portalDir: path.join(files, 'portal'),
    elementsDir: path.join(files, 'elements'),
    wechatAppId: 'wx-test-app',
    wechatRedirectUri: 'https://www.nanhu.edu.cn/wechat/callback',
  },
}));

describe('envelope for every failure', () => {
  it('answers unknown routes with a 404 envelope naming the path', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const answer = await h.call(method, '/base/v1/nothing/here');
      expect(answer.http).toBe(404);
      expect(answer.status).toBe(404);
      expect(answer.message).toBe(`请求的资源不存在：${method} /base/v1/nothing/here`);
      expect(answer.data).toBeNull();
    }
  });

  it('answers in English when the caller prefers English', async () => {
    const answer = await h.call('GET', '/base/v1/user/current', { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(answer.message).toBe('Token not found, please log in again');
  });

  it('names the field of a type error and rejects text bodies with 415', async () => {
    const answer = await h.call('POST', '/cas/captcha/verify', { body: { captchaId: 'x', x: 'left' } });
    expect(answer.http).toBe(400);
    expect(answer.message).toMatch(/^参数 (captchaId 格式不正确|x 必须是数字)$/);
    const text = await h.call('POST', '/base/v1/globalConfig/list', { rawBody: 'hello', headers: { 'content-type': 'text/plain' } });
    expect([text.http, text.status]).toEqual([415, 415]);
  });

  it('refuses any JSON body over 1 MB with 413', async () => {
    const answer = await h.call('POST', '/base/v1/globalConfig/list', { body: { pad: 'x'.repeat(1_100_000) } });
    expect([answer.http, answer.status]).toEqual([413, 413]);
  });
});

describe('browser protections', () => {
  it('allows configured origins and the own origin, and nobody else', async () => {
    const allowed = await fetch(`${h.base}/base/v1/globalConfig/list`, { method: 'POST', headers: { origin: ALLOWED } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    const preflight = await fetch(`${h.base}/cas/login/restful`, {
      method: 'OPTIONS',
      headers: { origin: ALLOWED, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    const own = await fetch(`${h.base}/healthz`, { headers: { origin: h.base } });
    expect(own.headers.get('access-control-allow-origin')).toBe(h.base);
    const foreign = await fetch(`${h.base}/base/v1/globalConfig/list`, { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('sends a CSP and keeps API answers same-origin while elements load cross-origin', async () => {
    const api = await fetch(`${h.base}/healthz`);
    expect(api.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(api.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    const bundle = await fetch(`${h.base}/elements/ds-elements.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('javascript');
    expect(bundle.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await bundle.text()).toContain('loaded');
    // Any page may load the element code as a module script; the API it calls stays restricted.
    const foreignScript = await fetch(`${h.base}/elements/ds-elements.js`, { headers: { origin: 'https://any-bureau.example' } });
    expect(foreignScript.headers.get('access-control-allow-origin')).toBe('*');
    const foreignApi = await fetch(`${h.base}/base/v1/user/current`, { headers: { origin: 'https://any-bureau.example' } });
    expect(foreignApi.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves the portal at / and answers missing element files with the envelope', async () => {
    const portal = await fetch(`${h.base}/`);
    expect(portal.status).toBe(200);
    expect(await portal.text()).toContain('云校');
    const missing = await h.call('GET', '/elements/nope.js');
    expect([missing.http, missing.status]).toEqual([404, 404]);
  });

  it('sends the build\'s brotli or gzip copy to browsers that accept it, and caches hashed files for a year', async () => {
    const url = `${h.base}/assets/HomeScreen-B0-AdV8n.js`;
    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect([br.status, br.headers['content-encoding']]).toEqual([200, 'br']);
    expect(br.headers.vary?.toLowerCase()).toContain('accept-encoding');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.body.length).toBeLessThan(Buffer.byteLength(ASSET) / 10);
    const gz = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await rawGet(url, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(ASSET);
    // The page itself and the elements' stable entry points are revalidated on every use.
    expect((await rawGet(`${h.base}/`, {})).headers['cache-control']).toBe('no-cache');
    expect((await rawGet(`${h.base}/elements/ds-elements.js`, {})).headers['cache-control']).toBe('no-cache');
  });

  it('answers health checks', async () => {
    const answer = await h.call('GET', '/healthz');
    expect(answer.status).toBe(200);
    expect(answer.data.status).toBe('ok');
  });
});

describe('WeChat login frame', () => {
  it('returns a QR frame url with a fresh single-use state stored on the server', async () => {
    const first = await h.call<string>('POST', '/cas/wechat/getLoginParam', { body: { areaCode: 'dsideal' } });
    const second = await h.call<string>('POST', '/cas/wechat/getLoginParam');
    const url = new URL(first.data);
    expect(url.origin + url.pathname).toBe('https://open.weixin.qq.com/connect/qrconnect');
    expect(url.searchParams.get('appid')).toBe('wx-test-app');
    expect(url.searchParams.get('redirect_uri')).toBe('https://www.nanhu.edu.cn/wechat/callback');
    const state = url.searchParams.get('state');
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(new URL(second.data).searchParams.get('state')).not.toBe(state);
    const rows = await h.query('SELECT area_code FROM wechat_states WHERE state = $1', [state]);
    expect(rows).toEqual([{ area_code: 'dsideal' }]);
    const bad = await h.call('POST', '/cas/wechat/getLoginParam', { body: { areaCode: '<script>' } });
    expect(bad.message).toBe('参数 areaCode 格式不正确');
  });
});
