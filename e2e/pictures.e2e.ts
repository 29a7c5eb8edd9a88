/**
 * Pictures of the first screen (docs/architecture.md "Picture variants") and the home page's words in
 * English mode: the banner and the lesson cards are `<picture>`s with AVIF and WebP sources the browser
 * actually takes; the first banner picture is fetched at once with high priority; in English mode the
 * header names the platform and the banner titles its slides in English, in Chinese mode in Chinese.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, open } from './support/browser';

const sources = (picture: Locator) =>
  picture.locator('source').evaluateAll((list) => list.map((s) => ({ type: s.getAttribute('type'), srcset: s.getAttribute('srcset') ?? '', sizes: s.getAttribute('sizes') })));

/** Shows the first slide and keeps it (the banner does not turn while one of its dots has the focus). */
async function firstSlide(page: Page): Promise<void> {
  await page.locator('.ds-banner-dot').first().click();
  await page.locator('.ds-banner-dot').first().and(page.locator('[aria-current="true"]')).waitFor();
}

/** The address the browser chose for a picture's <img> once it has loaded it. */
const chosen = (page: Page, img: string) =>
  page.locator(img).first().evaluate(
    (el: HTMLImageElement) =>
      new Promise<{ currentSrc: string; naturalWidth: number }>((resolve) => {
        const done = () => resolve({ currentSrc: el.currentSrc, naturalWidth: el.naturalWidth });
        if (el.complete && el.naturalWidth) done();
        else el.addEventListener('load', done, { once: true });
      }),
  );

describe('pictures and English words of the home page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the first banner as an AVIF/WebP picture, fetched at once with high priority', async () => {
    const { context, page } = await newPage(browser);
    await open(page, '/');
    const art = page.locator('.ds-banner picture img.ds-banner-art');
    await art.waitFor({ timeout: 20_000 });
    // Hold the first slide (the banner pauses while a dot has the focus).
    await firstSlide(page);
    expect(await art.getAttribute('loading')).toBe('eager');
    expect(await art.getAttribute('fetchpriority')).toBe('high');
    expect(await art.getAttribute('width')).toBe('1920');
    expect(await art.getAttribute('height')).toBe('430');
    const list = await sources(page.locator('.ds-banner picture'));
    expect(list.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(list[0]!.srcset).toMatch(/\.w768\.avif 768w, .*\.w1280\.avif 1280w, .*\.w1920\.avif 1920w$/);
    expect(list[1]!.srcset).toMatch(/\.w1920\.webp 1920w$/);
    const loaded = await chosen(page, '.ds-banner picture img.ds-banner-art');
    expect(loaded.currentSrc).toMatch(/\.w(768|1280|1920)\.avif$/);
    expect(loaded.naturalWidth).toBeGreaterThan(0);
    await context.close();
  });

  it('shows lesson covers as AVIF/WebP pictures of the cover widths, their box kept', async () => {
    const { context, page } = await newPage(browser);
    await open(page, '/learn');
    const card = '.ds-lesson-card:not(.ds-lesson-card--skeleton) .ds-lesson-card-cover picture';
    await page.locator(card).first().waitFor({ timeout: 20_000 });
    const list = await sources(page.locator(card).first());
    expect(list.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(list[0]!.srcset).toMatch(/\.w320\.avif 320w, .*\.w640\.avif 640w, .*\.w960\.avif 960w$/);
    expect(list[0]!.sizes).toContain('288px');
    const img = page.locator(`${card} img`).first();
    expect([await img.getAttribute('width'), await img.getAttribute('height')]).toEqual(['480', '270']);
    await img.scrollIntoViewIfNeeded();
    const loaded = await chosen(page, `${card} img`);
    expect(loaded.currentSrc).toMatch(/\.w(320|640|960)\.avif$/);
    expect(loaded.naturalWidth).toBeGreaterThan(0);
    await context.close();
  });

  it('names the platform and titles the banner in English in English mode, in Chinese in Chinese mode', async () => {
    const { context, page } = await newPage(browser);
    await open(page, '/');
    const brand = page.locator('.ds-header .ds-brand');
    const title = page.locator('.ds-banner h2');
    await title.waitFor({ timeout: 20_000 });
    await firstSlide(page);
    await expect.poll(() => brand.innerText()).toBe('东山市教育云校');
    await expect.poll(() => title.innerText()).toBe('直播课堂');

    await page.getByRole('button', { name: /English/ }).click();
    await expect.poll(() => brand.innerText()).toBe('Dongshan Education Cloud School');
    await firstSlide(page);
    await expect.poll(() => title.innerText()).toBe('Live classroom');
    expect(await page.locator('.ds-banner p').first().innerText()).toMatch(/^[^\u4e00-\u9fff]+$/);
    const dots = await page.locator('.ds-banner-dot').evaluateAll((list) => list.map((d) => d.getAttribute('aria-label') ?? ''));
    expect(dots.length).toBeGreaterThan(1);
    for (const label of dots) expect(label).toMatch(/^[^\u4e00-\u9fff]+$/);
    await expect.poll(() => page.title()).toContain('Dongshan Education Cloud School');
    expect(await page.locator('h1.ds-home-title').innerText()).toContain('Dongshan Education Cloud School');

    await page.getByRole('button', { name: /中文/ }).click();
    await expect.poll(() => brand.innerText()).toBe('东山市教育云校');
    await firstSlide(page);
    await expect.poll(() => title.innerText()).toBe('直播课堂');
    await context.close();
  });
});
