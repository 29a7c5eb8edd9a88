import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atRoute, baseUrl, headerText, launchBrowser, loginAs, newPage, storedToken, openUserMenu } from './support/browser';

describe('teacher', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sees the teacher header, menu and footer, and logging out kills the token', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'teacher');
    await page.waitForURL(/#\/main\/type=new$/);

    const header = await headerText(page);
    expect(header).toContain('智慧教学');
    expect(header).toContain('智慧培训');
    expect(header).not.toContain('智慧测评');
    expect(header).not.toContain('智慧学习');
    // 智慧管理: no address of the bureau's system is configured and a teacher has no back-office screen.
    expect(header).not.toContain('智慧管理');

    const footer = page.locator('footer.ds-footer');
    await expect.poll(() => footer.innerText()).toContain('版权所有');
    expect(await footer.innerText()).not.toContain('管理后台');

    await openUserMenu(page);
    const collection = page.getByRole('link', { name: '我的收藏' });
    await collection.waitFor();
    expect(await page.getByRole('link', { name: '个人中心' }).count()).toBe(0);

    await page.getByRole('heading', { level: 1, name: /欢迎来到/ }).waitFor();
    await page.screenshot({ path: '/tmp/portal-teacher.png' });

    const token = await storedToken(page);
    expect(token).toBeTruthy();
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL(/#\/login/);
    await page.getByLabel('账号', { exact: true }).waitFor();
    expect(await storedToken(page)).toBeNull();

    const res = await fetch(`${baseUrl()}/base/v1/user/current`, { headers: { Authorization: token! } });
    const body = (await res.json()) as { status: number };
    expect(body.status).toBe(4010005);
    await context.close();
  });

  it('opens the user menu from the keyboard and closes it 200 ms after the pointer leaves', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'teacher');
    const trigger = page.locator('.ds-user-trigger');
    await trigger.focus();
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('true');

    await trigger.hover();
    await page.mouse.move(5, 700);
    // Still open right after leaving, so the pointer can cross to the panel …
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    // … and closed once the delay has passed.
    await expect.poll(() => trigger.getAttribute('aria-expanded'), { timeout: 2000 }).toBe('false');
    await context.close();
  });

  it('follows a session ended on the server: back to login with the way back to the screen', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'teacher');
    // The screen's own signed-in call must be answered first: sent after the token is removed, its refusal
    // would end the session in this page (token gone) and the reload would come back as a visitor.
    const history = page.waitForResponse(/lessonHistoryNode\/getByBusinessType/);
    await page.getByRole('link', { name: '智慧教学' }).click();
    await page.waitForURL(/#\/learn$/);
    await history;
    const token = await storedToken(page);
    const removed = await fetch(`${baseUrl()}/cas/sz/removeToken`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ accessToken: token }),
    });
    expect(((await removed.json()) as { status: number }).status).toBe(200);

    await page.reload();
    await atRoute(page, /#\/login\?returnUrl=/);
    await page.getByLabel('账号', { exact: true }).waitFor();
    expect(decodeURIComponent(page.url().split('returnUrl=')[1]!)).toBe('/learn');
    await loginAs(page, 'teacher', page.url().split('#')[1]);
    await page.waitForURL(/#\/learn$/);
    await context.close();
  });
});
