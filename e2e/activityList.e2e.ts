/**
 * A bureau page on another origin embeds `<ds-activity-list>` with one script tag: it lists the
 * platform's published activities (no login; the demo city's seeded ones among them), the countdowns run,
 * and 报名/查看 either tells the page (`ds-activity-select`) or opens the activity's page in the portal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bureauUrl } from './support/servers.js';
import type { Browser } from 'playwright-core';
import type { ActivitySummary, Page as ListPage } from '@dscloud/sdk/activities';
import { baseUrl, launchBrowser, newPage } from './support/browser';

const A = '/cloudSchool/v1/resourceCollectActivity';

/** The demo city's activities the server seeds (packages/server/src/activities/demoSeed.ts). */
const SEEDED = { signUp: '2026 年东山市中小学数学精品课征集', upload: '东山市语文、数学微课征集（第一批）' };

async function publishedPage(pageSize: number): Promise<ListPage<ActivitySummary>> {
  const envelope = (await (await fetch(`${baseUrl()}${A}/publish/list?pageNum=1&pageSize=${pageSize}`)).json()) as { data: ListPage<ActivitySummary> };
  return envelope.data;
}

let browser: Browser;
let expected: ListPage<ActivitySummary>;
beforeAll(async () => {
  browser = await launchBrowser();
  // One page holds every published activity (the demo city's two and any other test's).
  expected = await publishedPage(50);
});
afterAll(async () => {
  await browser?.close();
});

describe('<ds-activity-list> embedded in a bureau page', () => {
  it('lists the published activities from another origin, ticks the countdown and tells the page which one was chosen', async () => {
    expect(expected.rows.map((row) => row.name)).toEqual(expect.arrayContaining([SEEDED.signUp, SEEDED.upload]));
    const { context, page } = await newPage(browser);
    await page.goto(`${bureauUrl()}/activities.html?size=50`);
    const list = page.getByRole('list', { name: '征集活动' });
    await list.waitFor({ timeout: 20_000 });
    await expect.poll(() => list.getByRole('heading').allInnerTexts()).toEqual(expected.rows.map((row) => row.name));

    const open = expected.rows.find((row) => row.name === SEEDED.signUp);
    expect(open?.phase).toBe('signUp');
    const card = page.getByRole('article', { name: open!.name });
    const timer = card.getByRole('timer');
    const first = await timer.innerText();
    expect(first).toMatch(/^距报名截止 (\d+ 天 )?\d\d:\d\d:\d\d$/);
    // The cover is the platform's file, loaded from the platform's origin on the bureau's page.
    await expect.poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(new URL((await card.locator('img').getAttribute('src'))!).origin).toBe(new URL(baseUrl()).origin);
    await expect.poll(() => timer.innerText(), { timeout: 5_000 }).not.toBe(first);

    const action = card.getByRole('button');
    expect(await action.getAttribute('aria-label')).toBe(`报名《${open!.name}》`);
    const uploading = page.getByRole('article', { name: SEEDED.upload });
    expect(await uploading.getByRole('button').getAttribute('aria-label')).toBe(`查看《${SEEDED.upload}》`);
    await action.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.body.dataset.selected)).toBe(open!.activityId);
    expect(await page.evaluate(() => document.body.dataset.selectedName)).toBe(open!.name);
    await context.close();
  });

  it('opens the activity’s page in the portal when the page gives portal-url', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${bureauUrl()}/activities.html?size=50&portal=1`);
    const row = expected.rows[0]!;
    const link = page.getByRole('article', { name: row.name }).getByRole('link');
    await link.waitFor({ timeout: 20_000 });
    const href = `${baseUrl()}/#/resourcesCollect/activityList/all/activityDetail/${row.activityId}`;
    expect(await link.getAttribute('href')).toBe(href);
    const [portal] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await portal.waitForLoadState('domcontentloaded');
    expect(portal.url()).toBe(href);
    await context.close();
  });
});
