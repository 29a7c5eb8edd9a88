/**
 * The portal's page as the server hands it out (src/static/portalIndex.ts): the first screen's data
 * written in — the platform's name and the home carousel a guest sees, current after any change of the
 * slides, made through the API or straight in the database (the trigger tells every server) — and a CSP
 * that lets exactly the page's own inline scripts run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inlineScriptHashes, readRouteChunks, scriptJson, withScriptHashes } from '../src/static/portalIndex.js';
import { useHarness } from './harness.js';

const C = '/cloudSchool/v1/carouselImage';
const START = "document.documentElement.setAttribute('data-first', 'home');";
const PAGE =
  '<!doctype html><html lang="zh-CN"><head><title>云校</title>' +
  '<script type="application/json" id="ds-boot-data">{}</script>' +
  `<script>${START}</script>` +
  '<script type="module" crossorigin src="/assets/index-AAAAAAAA.js"></script></head>' +
  '<body><div id="ds-first"></div><div id="root"></div></body></html>';

/** As the portal's build writes it (vite.config.ts, bootRoutes). */
const ROUTES = {
  learn: { js: ['assets/LearnScreen-AAAA.js', 'assets/LessonGrid-BBBB.js'], css: ['assets/LearnScreen-CCCC.css'] },
  courseDetail: { js: ['assets/CourseDetailScreen-DDDD.js'], css: [] },
};

let files: string;
beforeAll(() => {
  files = mkdtempSync(path.join(tmpdir(), 'ds-index-'));
  mkdirSync(path.join(files, 'portal'));
  writeFileSync(path.join(files, 'portal', 'index.html'), PAGE);
  writeFileSync(path.join(files, 'portal', 'boot-routes.json'), JSON.stringify(ROUTES));
});
afterAll(() => rmSync(files, { recursive: true, force: true }));
const h = useHarness(() => ({ settings: { portalDir: path.join(files, 'portal') } }));

interface Boot {
  platformName: string;
  platformNameEn: string;
  homeSlides: { carouselImageId: string; title: string; titleEn: string; subtitleEn: string; imageUrl: string | null }[];
  homeArtSources: { type: string; srcSet: string }[];
  routeChunks: Record<string, { js: string[]; css: string[] }>;
}

async function page(url = '/') {
  const answer = await fetch(`${h.base}${url}`, { headers: { accept: 'text/html' } });
  const html = await answer.text();
  const json = /<script type="application\/json" id="ds-boot-data">([^<]*)<\/script>/.exec(html)?.[1];
  return { answer, html, boot: JSON.parse(json ?? 'null') as Boot };
}

describe('the portal page carries the first screen', () => {
  it('writes in the platform name and the slides a guest sees on the home page, first slide first', async () => {
    const { answer, boot } = await page();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/html');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    const api = (await h.call<Boot['homeSlides']>('GET', `${C}/list/home`)).data;
    expect(api.length).toBeGreaterThan(0);
    expect(boot.homeSlides.map((s) => [s.carouselImageId, s.title, s.imageUrl])).toEqual(api.map((s) => [s.carouselImageId, s.title, s.imageUrl]));
    expect(boot.platformName).toBe('东山市教育云校');
    expect(boot.platformNameEn).toBe('Dongshan Education Cloud School');
    expect(boot.homeSlides.map((s) => [s.titleEn, s.subtitleEn])).toEqual(api.map((s) => [s.titleEn, s.subtitleEn]));
    // The first slide's picture in the best format first, at the banner's widths, as the portal's banner writes it.
    expect(boot.homeArtSources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(boot.homeArtSources[0]!.srcSet).toContain('.w1920.avif 1920w');
    expect((await page('/index.html')).boot).toEqual(boot);
    // Revalidation: the same page answers 304.
    const etag = answer.headers.get('etag')!;
    expect((await fetch(`${h.base}/`, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('lists the files of the screens the start script loads early, as the build wrote them', async () => {
    const { boot } = await page('/');
    expect(boot.routeChunks).toEqual(ROUTES);
    // A new build's list is read again.
    const next = { learn: { js: ['assets/LearnScreen-EEEE.js'], css: [] } };
    writeFileSync(path.join(files, 'portal', 'boot-routes.json'), JSON.stringify(next) + ' '.repeat(8));
    expect((await page('/')).boot.routeChunks).toEqual(next);
    writeFileSync(path.join(files, 'portal', 'boot-routes.json'), JSON.stringify(ROUTES));
  });

  it('shows a changed first slide on the next page load, whether changed through the API or in the database', async () => {
    const admin = await h.token('admin');
    const start = await page();
    const before = start.boot.homeSlides;
    const etagBefore = start.answer.headers.get('etag');
    const first = before[0]!;
    const saved = await h.call('POST', `${C}/save`, { token: admin, body: { carouselImageId: first.carouselImageId, title: '新的第一张' } });
    expect(saved.status).toBe(200);
    const changed = await page();
    expect(changed.boot.homeSlides[0]).toMatchObject({ carouselImageId: first.carouselImageId, title: '新的第一张' });
    expect(changed.answer.headers.get('etag')).not.toBe(etagBefore);
    // Another server (or an operator's SQL) changes the table: the trigger's message drops the copy here.
    await h.query('UPDATE carousel_images SET enabled = 0 WHERE id = $1', [first.carouselImageId]);
    await h.app.ctx.bus.barrier();
    const after = (await page()).boot.homeSlides;
    expect(after.map((s) => s.carouselImageId)).toEqual(before.slice(1).map((s) => s.carouselImageId));
    await h.query('UPDATE carousel_images SET enabled = 1 WHERE id = $1', [first.carouselImageId]);
  });

  it('lets exactly the page\'s inline scripts run: their hashes join script-src, nothing else changes', async () => {
    const { answer } = await page();
    const csp = answer.headers.get('content-security-policy') ?? '';
    const hash = `'sha256-${createHash('sha256').update(START).digest('base64')}'`;
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!.trim();
    expect(scriptSrc).toBe(`script-src 'self' 'wasm-unsafe-eval' ${hash}`);
    expect(csp).not.toContain('unsafe-inline\' \'sha');
    // Every other answer keeps the plain policy.
    expect((await fetch(`${h.base}/healthz`)).headers.get('content-security-policy')).not.toContain('sha256-');
  });
});

describe('writing the page', () => {
  it('hashes only scripts a browser runs', () => {
    const html = '<script type="application/json" id="x">{"a":1}</script><script>one()</script><script type="module" src="/a.js"></script><script type="module">two()</script>';
    const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([sha('one()'), sha('two()')]);
  });

  it('writes JSON that no value can break out of', () => {
    const text = scriptJson({ title: '</script><script>alert(1)</script><!--', line: '\u2028' });
    expect(text).not.toMatch(/[<>\u2028]/);
    expect(JSON.parse(text)).toEqual({ title: '</script><script>alert(1)</script><!--', line: '\u2028' });
  });

  it('keeps only the built files\' own addresses from the route list', () => {
    const text = JSON.stringify({
      learn: { js: ['assets/a.js', '//evil.example/x.js', 'https://evil.example/x.js', '../secret.js', 'assets/../../x.js', 7], css: ['assets/a.css', 'javascript:alert(1)'] },
      'bad key': { js: ['assets/b.js'], css: [] },
      lesson: 'nonsense',
    });
    expect(readRouteChunks(text)).toEqual({ learn: { js: ['assets/a.js'], css: ['assets/a.css'] } });
    expect(readRouteChunks('not json')).toEqual({});
    expect(readRouteChunks('null')).toEqual({});
  });

  it('adds hashes to script-src only', () => {
    expect(withScriptHashes("default-src 'self';script-src 'self';style-src 'self'", ["'sha256-x'"])).toBe("default-src 'self';script-src 'self' 'sha256-x';style-src 'self'");
  });
});
