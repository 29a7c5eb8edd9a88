/**
 * Where a page opens: a lesson chosen low on /learn opens at its top (its title and the player in
 * view, not the list's scroll position carried over), and back returns the reader to where they were
 * in the list.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atRoute, launchBrowser, newPage, open } from './support/browser';

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

describe('scroll position across navigation', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens a lesson from low on /learn at its top, and back returns to the same place in the list', async () => {
    const { context, page } = await newPage(browser);
    await open(page, '/learn');
    const titles = page.locator('.ds-lesson-card-title a');
    await expect.poll(() => titles.count()).toBeGreaterThanOrEqual(8);
    // A lesson low in the list, brought into view as a reader scrolling down would.
    const link = titles.last();
    const title = await link.innerText();
    await link.scrollIntoViewIfNeeded();
    await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
    const inList = await scrollY(page);

    await link.click();
    const heading = page.getByRole('heading', { level: 1, name: title });
    await heading.waitFor({ timeout: 20_000 });
    await expect.poll(() => scrollY(page)).toBe(0);
    const box = (await heading.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    // Nothing (the sticky header) lies over the title.
    expect(await heading.evaluate((h) => {
      const r = h.getBoundingClientRect();
      return h.contains(document.elementFromPoint(r.x + Math.min(r.width / 2, 40), r.y + r.height / 2));
    })).toBe(true);

    await page.goBack();
    await atRoute(page, /#\/learn$/);
    await expect.poll(async () => Math.abs((await scrollY(page)) - inList)).toBeLessThanOrEqual(2);
    // …with the lesson they opened in view again.
    const again = (await page.getByRole('link', { name: title, exact: true }).first().boundingBox())!;
    expect(again.y).toBeGreaterThanOrEqual(0);
    expect(again.y + again.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    await context.close();
  });
});
