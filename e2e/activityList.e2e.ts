/**
 * A bureau page on another origin embeds `<ds-activity-list>` with one script tag: it lists the
 * platform's published activities (no login), the countdowns run, and 报名/查看 either tells the page
 * (`ds-activity-select`) or opens the activity's page in the portal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Browser } from 'playwright-core';
import type { ActivitySummary, Page as ListPage } from '@dscloud/sdk/activities';
import { baseUrl, launchBrowser, newPage } from './support/browser';
import { loginTicket } from './support/uploads';

const A = '/cloudSchool/v1/resourceCollectActivity';
const DAY = 24 * 3_600_000;

async function call<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, { method, headers: { 'content-type': 'application/json', authorization: token }, body: body === undefined ? undefined : JSON.stringify(body) });
  const envelope = (await response.json()) as { status: number; message: string; data: T };
  if (envelope.status !== 200) throw new Error(`${method} ${path}: ${envelope.status} ${envelope.message}`);
  return envelope.data;
}

async function publishedPage(pageSize: number): Promise<ListPage<ActivitySummary>> {
  const envelope = (await (await fetch(`${baseUrl()}${A}/publish/list?pageNum=1&pageSize=${pageSize}`)).json()) as { data: ListPage<ActivitySummary> };
  return envelope.data;
}

/** An activity of the demo city, published by its administrator, whose sign-up is open now. */
async function publishOne(): Promise<void> {
  const { token } = await loginTicket(baseUrl(), 'admin');
  const now = Date.now();
  const draft = await call<{ activityId: string; version: number }>('POST', `${A}/save`, token, {
    name: '区级小学数学精品课征集（嵌入页测试）',
    description: '<p>面向全区小学数学教师。</p>',
    activitySystem: 1,
    signUpStartTime: now - DAY,
    signUpEndTime: now + 5 * DAY,
    uploadStartTime: now + DAY,
    uploadEndTime: now + 10 * DAY,
    auditStartTime: now + 10 * DAY,
    auditEndTime: now + 20 * DAY,
    scope: [{ stage: 2, subjectCode: 214, editionId: null, bookId: null }],
    reviewLevels: [1, 2, 3],
    rules: { nodesPerTeacher: 2, teachersPerNode: 2, allowFormatWarnings: false },
  });
  await call('POST', `${A}/set/status`, token, { activityId: draft.activityId, version: draft.version, status: 1 });
}

let browser: Browser;
let expected: ListPage<ActivitySummary>;
beforeAll(async () => {
  browser = await launchBrowser();
  // The demo seed publishes activities; an activity of our own makes sure an open sign-up is listed.
  await publishOne();
  expected = await publishedPage(4);
});
afterAll(async () => {
  await browser?.close();
});

describe('<ds-activity-list> embedded in a bureau page', () => {
  it('lists the published activities from another origin, ticks the countdown and tells the page which one was chosen', async () => {
    expect(expected.rows.length).toBeGreaterThan(0);
    const { context, page } = await newPage(browser);
    await page.goto(`${inject('bureauUrl')}/activities.html`);
    const list = page.getByRole('list', { name: '征集活动' });
    await list.waitFor({ timeout: 20_000 });
    await expect.poll(() => list.getByRole('heading').allInnerTexts()).toEqual(expected.rows.map((row) => row.name));

    const open = expected.rows.find((row) => row.phase === 'signUp' || row.phase === 'upload');
    expect(open, 'an activity with a running window').toBeDefined();
    const card = page.getByRole('article', { name: open!.name });
    const timer = card.getByRole('timer');
    const first = await timer.innerText();
    expect(first).toMatch(/^距(报名|上传)截止 (\d+ 天 )?\d\d:\d\d:\d\d$/);
    await expect.poll(() => timer.innerText(), { timeout: 5_000 }).not.toBe(first);

    const action = card.getByRole('button');
    const signUpOpen = open!.signUpStartTime! <= Date.now() && Date.now() < open!.signUpEndTime!;
    expect(await action.getAttribute('aria-label')).toBe(`${signUpOpen ? '报名' : '查看'}《${open!.name}》`);
    await action.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.body.dataset.selected)).toBe(open!.activityId);
    expect(await page.evaluate(() => document.body.dataset.selectedName)).toBe(open!.name);
    if (expected.total > 4) await page.getByText(`第 1 / ${Math.ceil(expected.total / 4)} 页，共 ${expected.total} 个活动`).waitFor();
    await context.close();
  });

  it('opens the activity’s page in the portal when the page gives portal-url', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${inject('bureauUrl')}/activities.html?portal=1`);
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
