import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, newPage, open, openUserMenu } from './support/browser';

// Each role opens the first screen of the side menu it may use: a reviewer's calls on 直播课管理 would be refused.
describe.each([
  ['admin', 'type=live', '直播课管理'],
  ['researcher', 'type=live', '直播课管理'],
  ['auditor', 'type=zuopinsh', '作品审核'],
])('%s', (username, screen, heading) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(`has the back-office entry in the footer and /management opens ${heading}`, async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, username);
    const entry = page.locator('footer.ds-footer').getByRole('link', { name: '管理后台' });
    await entry.waitFor({ timeout: 15_000 });

    await open(page, '/management');
    await page.waitForURL(new RegExp(`#/management/${screen}$`));
    await page.getByRole('heading', { name: heading }).waitFor();

    await open(page, '/main/type=new');
    await entry.click();
    await page.waitForURL(new RegExp(`#/management/${screen}$`));
    // The entry opens the screen itself (no redirect any more): the address changes before the screen renders.
    await page.getByRole('navigation', { name: '管理菜单' }).waitFor();
    await page.getByRole('heading', { name: heading }).waitFor();
    await context.close();
  });
});

describe('parent', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sees the family menus, no back-office entry, and /management refuses with a reason', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'parent');
    await openUserMenu(page);
    await page.getByRole('link', { name: '个人中心' }).waitFor({ timeout: 10_000 });
    expect(await page.getByRole('link', { name: '我的收藏' }).count()).toBe(0);
    expect(await page.locator('footer.ds-footer').getByRole('link', { name: '管理后台' }).count()).toBe(0);

    await open(page, '/management');
    await page.getByText('您没有访问管理后台的权限').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('navigation', { name: '管理菜单' }).count()).toBe(0);
    await context.close();
  });
});
