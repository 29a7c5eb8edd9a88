/**
 * The first screen of index.html (docs/performance.md, "First paint"): painted before any script runs,
 * with the home banner's first slide on the home route, in the stored language; not shown on routes
 * that look different; replaced by the portal's own screen without a shift, and the banner the portal
 * shows is the same picture at the same size, so the page's largest paint stays the early one.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, open } from './support/browser';

type Seen = { __lcp: { url: string; id: string; size: number }[]; __cls: number };

/** Installed before the page's own scripts: every largest-paint candidate and every shift. */
function observePaints(): void {
  const w = window as unknown as Seen;
  w.__lcp = [];
  w.__cls = 0;
  type Lcp = PerformanceEntry & { url: string; size: number; element: Element | null };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as Lcp[]) w.__lcp.push({ url: e.url, id: e.element?.id || e.element?.className || '', size: e.size });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.__cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The page as it is before its scripts run: every script request refused. */
async function withoutScripts(page: Page) {
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
}

const firstSlide = async () => {
  const answer = (await (await fetch(`${baseUrl()}/cloudSchool/v1/carouselImage/list/home`)).json()) as { data: { imageUrl: string }[] };
  return answer.data[0]!.imageUrl;
};

describe('first screen before the scripts', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('home: shows the platform name and the first slide of the banner with no script at all', async () => {
    const { context, page } = await newPage(browser, { width: 412, height: 823 });
    await withoutScripts(page);
    await open(page, '/main/type=new');
    const art = page.locator('#ds-first-art');
    await expect.poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 20_000 }).toBe(true);
    expect(new URL(await art.evaluate((img: HTMLImageElement) => img.src)).pathname).toBe(await firstSlide());
    const box = await art.boundingBox();
    expect(box && box.width > 380 && box.height >= 200).toBe(true);
    await expect.poll(() => page.locator('#ds-first-brand').textContent()).toBe('东山市教育云校');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await context.close();
  });

  it('speaks English for a visitor who chose English, and stays out of the way on the login and management routes', async () => {
    const { context, page } = await newPage(browser);
    await withoutScripts(page);
    await page.addInitScript(() => localStorage.setItem('ds.locale', 'en'));
    await open(page, '/learn');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.locator('#ds-first').isVisible()).toBe(true);
    // A route the first screen does not look like: nothing of it shows.
    for (const route of ['/login', '/management/type=live', '/my-tools']) {
      await open(page, route);
      await page.reload();
      expect(await page.locator('#ds-first').isVisible(), route).toBe(false);
    }
    await context.close();
  });

  it('home: the portal takes over without a shift, and its banner is not a later largest paint', async () => {
    const { context, page } = await newPage(browser, { width: 412, height: 823 });
    await page.addInitScript(observePaints);
    await open(page, '/main/type=new');
    await page.getByRole('list', { name: '推荐课程' }).getByRole('link').first().waitFor({ timeout: 20_000 });
    expect(await page.locator('#ds-first').count()).toBe(0);
    await expect.poll(() => page.locator('.ds-banner-art').evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const seen = await page.evaluate(() => (window as unknown as Seen).__lcp.concat());
    const cls = await page.evaluate(() => (window as unknown as Seen).__cls);
    const slide = await firstSlide();
    // The picture is fetched in its best format (`<name>.w<width>.avif`) or as the original.
    const stem = slide.replace(/\.(jpg|png)$/i, '');
    const banners = seen.filter((e) => e.url && [slide, stem].some((p) => new URL(e.url!).pathname === p || new URL(e.url!).pathname.startsWith(`${stem}.w`)));
    // One candidate for the banner picture: the first screen's. The portal's copy did not add another.
    expect(banners.map((e) => e.id)).toEqual(['ds-first-art']);
    expect(seen.at(-1)?.id).toBe('ds-first-art');
    expect(cls).toBe(0);
    await context.close();
  });
});
