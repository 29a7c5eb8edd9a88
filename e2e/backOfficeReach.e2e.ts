/**
 * Reaching the back-office (docs/roles.md, "Reaching the back-office"): every role that has a
 * back-office screen finds 管理后台 in its user menu (and an activity reviewer 作品评审 too), and that
 * entry, the footer's, the header's 智慧管理 (no address of the bureau's own system is configured
 * here) and the bare /management all open the first screen of the side menu the role may use — never
 * 直播课管理 for a reviewer, whose calls there the server refuses. A role without a screen sees why,
 * with a way back. Nowhere does the page show a call's path, an HTTP status or 禁止访问.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atRoute, launchBrowser, loginAs, newPage, open, openUserMenu } from './support/browser';

/** What a user must never read: a call's path, a bare HTTP status, the gate's bare refusal. */
const RAW = /\/cloudSchool\/|\/base\/v1|\b403\b|禁止访问/;
const NOT_CONFIGURED = '该应用尚未配置地址';
const API = /\/(cloudSchool|base|cas|file)\//;

interface Role {
  username: string;
  /** The heading of the first screen the role may use; null: no back-office screen at all. */
  first: string | null;
  /** An activity reviewer (demo assignments): 作品评审 in the user menu. */
  reviews: boolean;
}

const ROLES: Role[] = [
  { username: 'admin', first: '直播课管理', reviews: false },
  { username: 'researcher', first: '直播课管理', reviews: false },
  { username: 'auditor', first: '作品审核', reviews: true },
  { username: 'reviewer', first: '作品审核', reviews: true },
  { username: 'districtadmin', first: '直播课管理', reviews: false },
  { username: 'schooladmin', first: '直播课管理', reviews: false },
  { username: 'teacher', first: null, reviews: false },
  { username: 'student', first: null, reviews: false },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The page's calls still under way, and the ones the server refused (403). */
function watchCalls(page: Page): { pending: Set<unknown>; refused: string[] } {
  const pending = new Set<unknown>();
  const refused: string[] = [];
  page.on('request', (request) => {
    if (API.test(request.url())) pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  page.on('response', (response) => {
    if (API.test(response.url()) && response.status() === 403) refused.push(new URL(response.url()).pathname);
  });
  return { pending, refused };
}

/** Logs in and waits until the portal knows whether the user reviews anything (the back-office entries depend on it). */
async function signIn(page: Page, username: string): Promise<void> {
  const audited = page.waitForResponse((response) => response.url().includes('/activityAuditPerson/isAuditPerson'), { timeout: 30_000 });
  await loginAs(page, username);
  await audited;
}

/** The page's text, notices included, once its calls are answered and nothing is still loading. */
async function settledText(page: Page, calls: { pending: Set<unknown> }): Promise<string> {
  await expect.poll(() => calls.pending.size).toBe(0);
  await expect.poll(() => page.locator('.ds-mgmt-content .ant-spin-spinning, .ds-mgmt-content .ant-skeleton, .ds-mgmt-pending').count()).toBe(0);
  return page.locator('body').innerText();
}

/** On a back-office screen whose heading is the current entry of the role's side menu, with nothing raw on the page. */
async function landsOn(page: Page, calls: { pending: Set<unknown> }, heading: string): Promise<void> {
  await page.locator('.ds-mgmt-content').getByRole('heading', { level: 1, name: heading, exact: true }).waitFor({ timeout: 20_000 });
  const menu = page.getByRole('navigation', { name: '管理菜单' });
  expect(await menu.getByRole('link').allInnerTexts()).toContain(heading);
  expect(await menu.getByRole('link', { name: heading, exact: true }).getAttribute('aria-current')).toBe('page');
  const text = await settledText(page, calls);
  expect(text).not.toMatch(RAW);
  expect(text).not.toContain(NOT_CONFIGURED);
}

describe.each(ROLES)('$username', ({ username, first, reviews }) => {
  it(first ? `reaches ${first} from the user menu, the footer, 智慧管理 and /management` : 'has no way into the back-office, and /management says why', async () => {
    const { context, page } = await newPage(browser);
    const calls = watchCalls(page);
    await signIn(page, username);

    await openUserMenu(page);
    const userMenu = page.locator('.ds-user-panel');
    await userMenu.getByRole('button', { name: '退出登录' }).waitFor();
    const backOffice = userMenu.getByRole('link', { name: '管理后台', exact: true });
    const review = userMenu.getByRole('link', { name: '作品评审', exact: true });
    const header = page.locator('.ds-nav-desktop');
    const footerEntry = page.locator('footer.ds-footer').getByRole('link', { name: '管理后台' });

    if (!first) {
      expect(await backOffice.count()).toBe(0);
      expect(await review.count()).toBe(0);
      expect(await header.getByText('智慧管理', { exact: true }).count()).toBe(0);
      expect(await footerEntry.count()).toBe(0);
      await open(page, '/management');
      const refusal = page.getByRole('heading', { level: 1, name: '管理后台' });
      await refusal.waitFor({ timeout: 20_000 });
      await page.getByText('您没有访问管理后台的权限').waitFor();
      expect(await page.getByRole('navigation', { name: '管理菜单' }).count()).toBe(0);
      expect(await settledText(page, calls)).not.toMatch(RAW);
      await page.getByRole('button', { name: '返回首页' }).click();
      await atRoute(page, /#\/main\/type=new$/);
      expect(calls.refused).toEqual([]);
      await context.close();
      return;
    }

    // The user menu: 管理后台 for every role with a screen, 作品评审 for the reviewers only.
    await backOffice.waitFor();
    if (reviews) await review.waitFor();
    else expect(await review.count()).toBe(0);
    await backOffice.click();
    await landsOn(page, calls, first);

    if (reviews) {
      await open(page, '/main/type=new');
      await openUserMenu(page);
      await review.click();
      await landsOn(page, calls, '作品审核');
    }

    // The footer's entry.
    await open(page, '/main/type=new');
    await footerEntry.click();
    await landsOn(page, calls, first);

    // 智慧管理 with no address of the bureau's system configured: the portal's own back-office.
    await open(page, '/main/type=new');
    const management = header.getByText('智慧管理', { exact: true });
    await management.waitFor({ timeout: 20_000 });
    await management.click();
    await landsOn(page, calls, first);

    // Any link to /management: the bare path, and for a reviewer the screen the footer used to open.
    await open(page, '/main/type=new');
    await open(page, '/management');
    await landsOn(page, calls, first);
    if (reviews) {
      await open(page, '/management/type=live');
      await atRoute(page, /#\/management\/type=zuopinsh$/);
      await landsOn(page, calls, first);
    }
    expect(calls.refused).toEqual([]);
    await context.close();
  });
});
