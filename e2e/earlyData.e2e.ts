/**
 * Early data (docs/performance.md, "Early data"): on /learn and a lesson, index.html's start script
 * asks the route's first API calls and preloads the route's own files before the portal's code runs;
 * the screen takes those answers instead of asking again. The screen's own file is held back here
 * until the early answer has arrived: the page can only show its lessons if the request went out
 * without the screen's code, and the request is seen once.
 */
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COVER_WIDTHS, imageSources } from '@dscloud/sdk/files';
import { baseUrl, launchBrowser, loginAs, newPage, storedToken } from './support/browser';

const LIST = '/cloudSchool/v1/cloudLesson/getOnDemandLessonPage';
const DETAIL = '/cloudSchool/v1/cloudLesson/getById';
const RELATED = '/cloudSchool/v1/cloudLesson/getRelatedLessonPage';

type RouteChunks = Record<string, { js: string[]; css: string[] }>;

/** The screens' files as the server wrote them into the page. */
async function routeChunks(): Promise<RouteChunks> {
  const html = await (await fetch(`${baseUrl()}/`)).text();
  const json = /<script type="application\/json" id="ds-boot-data">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}';
  return (JSON.parse(json) as { routeChunks: RouteChunks }).routeChunks;
}

/**
 * Holds the screen's own file until the call `path` has been answered, and records every request to
 * the API paths watched, in order.
 */
async function holdScreenUntilAnswered(page: Page, screenFile: string, path: string, watched: string[]) {
  const seen: Request[] = [];
  let answered!: () => void;
  const done = new Promise<void>((resolve) => (answered = resolve));
  page.on('request', (request) => {
    if (watched.some((p) => new URL(request.url()).pathname === p)) seen.push(request);
  });
  page.on('requestfinished', (request) => {
    if (new URL(request.url()).pathname === path) answered();
  });
  await page.route(`**/${screenFile}`, async (route) => {
    await done;
    await route.continue();
  });
  return seen;
}

const callsTo = (seen: Request[], path: string) => seen.filter((r) => new URL(r.url()).pathname === path);

describe('early data', () => {
  let browser: Browser;
  let chunks: RouteChunks;
  beforeAll(async () => {
    browser = await launchBrowser();
    chunks = await routeChunks();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lists the screens\' own files in the page, each one the build wrote', async () => {
    expect(chunks.learn?.js[0]).toMatch(/^assets\/LearnScreen-[\w-]+\.js$/);
    expect(chunks.courseDetail?.js[0]).toMatch(/^assets\/CourseDetailScreen-[\w-]+\.js$/);
    // A file preloaded but never written is a 404 and a console error on every direct visit (the build
    // once listed the chunks that only carried CSS, which Vite removes from the bundle).
    const files = [...new Set(Object.values(chunks).flatMap((route) => [...route.js, ...route.css]))];
    const missing: string[] = [];
    for (const file of files) if ((await fetch(`${baseUrl()}/${file}`)).status !== 200) missing.push(file);
    expect(missing).toEqual([]);
  });

  it('/learn: a guest\'s first page of lessons is asked once, before the screen\'s code, and shown', async () => {
    const { context, page } = await newPage(browser);
    const seen = await holdScreenUntilAnswered(page, chunks.learn!.js[0]!, LIST, [LIST]);
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      asked.push(url.pathname + url.search);
    });
    await page.goto(`${baseUrl()}/#/learn`);
    const results = page.getByRole('list', { name: '课程列表' });
    await results.getByRole('link').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('.ds-learn-total').innerText()).toMatch(/\d/);
    expect(callsTo(seen, LIST).map((r) => r.postData())).toEqual(['{"orderBy":"newest","pageNum":1,"pageSize":12}']);
    // The screen's files were asked for by the start script (preloaded), and the first cover with them.
    const preloaded = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((l) => new URL(l.href).pathname));
    expect(preloaded).toContain(`/${chunks.learn!.js[0]}`);
    // The first lesson's cover is preloaded with the AVIF copies its card's <picture> offers, and one of
    // them is fetched. Which lesson is first depends on what other files published on this server: a
    // cover without copies has no preload (and one whose copies fail falls back to the picture itself,
    // after the preloaded copy was asked for).
    const firstRow = ((await (await callsTo(seen, LIST)[0]!.response())!.json()) as { data: { rows: Array<{ coverUrl?: string }> } }).data.rows[0];
    const avif = imageSources(firstRow?.coverUrl ?? '', COVER_WIDTHS).find((source) => source.type === 'image/avif');
    const coverLinks = await page.evaluate(() => [...document.querySelectorAll('link[rel=preload][as=image]')].map((l) => l.getAttribute('imagesrcset') ?? ''));
    if (avif) {
      expect(coverLinks).toEqual([avif.srcSet]);
      const candidates = avif.srcSet.split(', ').map((candidate) => candidate.split(' ')[0]!);
      await expect.poll(() => asked.some((url) => candidates.includes(url))).toBe(true);
    } else {
      expect(coverLinks).toEqual([]);
    }

    // Another page of the list is asked normally (the early answer is used once).
    await page.getByRole('navigation', { name: '分页' }).getByRole('button', { name: '第 2 页' }).click();
    await expect.poll(() => callsTo(seen, LIST).length).toBe(2);
    expect(JSON.parse(callsTo(seen, LIST)[1]!.postData()!)).toMatchObject({ pageNum: 2 });
    await context.close();
  });

  it('a lesson: a signed-in viewer\'s lesson and related lessons are asked once, with their token, before the screen\'s code', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'student');
    const token = await storedToken(page);
    const answer = (await (await fetch(`${baseUrl()}/cloudSchool/v1/cloudLesson/getRecommendLesson?limit=1`)).json()) as { data: { lessonId: string; title: string }[] };
    const lesson = answer.data[0]!;
    // A fresh page load of the lesson (same storage, so signed in).
    const fresh = await openFresh(context);
    const seen = await holdScreenUntilAnswered(fresh, chunks.courseDetail!.js[0]!, DETAIL, [DETAIL, RELATED]);
    await fresh.goto(`${baseUrl()}/#/course-detail/${encodeURIComponent(lesson.lessonId)}`);
    await fresh.getByRole('heading', { level: 1, name: lesson.title }).waitFor({ timeout: 30_000 });
    // The player has its lesson too (its cover or its video): it took the same answer.
    await fresh.locator('.ds-detail-player .ds-player__cover, .ds-detail-player video').first().waitFor({ state: 'attached', timeout: 30_000 });
    await fresh.getByRole('region', { name: '相关课程' }).getByRole('link').first().waitFor({ timeout: 30_000 });
    const details = callsTo(seen, DETAIL);
    expect(details).toHaveLength(1);
    expect(await details[0]!.headerValue('authorization')).toBe(token);
    expect(new URL(details[0]!.url()).searchParams.get('lessonId')).toBe(lesson.lessonId);
    expect(callsTo(seen, RELATED)).toHaveLength(1);
    await context.close();
  });
});

async function openFresh(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[page error]', error.message));
  return page;
}
