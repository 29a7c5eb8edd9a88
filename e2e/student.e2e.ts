import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headerText, launchBrowser, loginAs, newPage, openUserMenu } from './support/browser';

describe('student', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sees smart learning and assessment, no training or management, and a personal centre', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'student');
    const header = await headerText(page);
    expect(header).toContain('智慧学习');
    expect(header).toContain('智慧测评');
    expect(header).not.toContain('智慧教学');
    expect(header).not.toContain('智慧培训');
    expect(header).not.toContain('智慧管理');

    await openUserMenu(page);
    await page.getByRole('link', { name: '个人中心' }).waitFor();
    expect(await page.getByRole('link', { name: '我的收藏' }).count()).toBe(0);
    expect(await page.locator('footer.ds-footer').innerText()).not.toContain('管理后台');

    await page.getByRole('link', { name: '智慧测评' }).click();
    await page.waitForURL(/#\/waitPage\/smartAssessment/);
    await page.getByRole('heading', { name: /智慧测评/ }).waitFor();
    await context.close();
  });
});
