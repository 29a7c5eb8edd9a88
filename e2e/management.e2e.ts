import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, newPage, open, openUserMenu } from './support/browser';

describe.each(['admin', 'researcher', 'auditor'])('%s', (username) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('has the back-office entry in the footer and /management opens the live lessons screen', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, username);
    const entry = page.locator('footer.ds-footer').getByRole('link', { name: '管理后台' });
    await entry.waitFor({ timeout: 15_000 });

    await open(page, '/management');
    await page.waitForURL(/#\/management\/type=live$/);
    await page.getByRole('heading', { name: /直播课管理/ }).waitFor();

    await open(page, '/main/type=new');
    await entry.click();
    await page.waitForURL(/#\/management\/type=live$/);
    expect(await page.getByRole('navigation', { name: '管理菜单' }).isVisible()).toBe(true);
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
