import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animationsSettled } from './support/axe';
import { launchBrowser, newPage, open } from './support/browser';

describe('visitor (not logged in)', () => {
  let browser: Browser;
  beforeAll(async () => {
    // The full browser: the keyboard's way out of a dialog (Escape) as a reader's Chromium does it.
    browser = await launchBrowser({ full: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sees the login button; virtual simulation leads to login and back', async () => {
    const { context, page } = await newPage(browser);
    await open(page, '/');
    await page.waitForURL(/#\/main\/type=new$/);
    const loginButton = page.getByRole('button', { name: '登录', exact: true });
    await loginButton.waitFor();
    const header = await page.locator('.ds-nav-desktop').innerText();
    expect(header).not.toContain('智慧管理');

    await page.getByRole('link', { name: '虚拟仿真' }).click();
    await page.waitForURL(/#\/login\?returnUrl=/);
    const returnUrl = new URL(page.url().replace('#/login', 'login')).searchParams.get('returnUrl');
    expect(returnUrl).toBe('/main/type=new');
    await context.close();
  });

  it('shows 暂无页面 with a way home for an unknown route', async () => {
    const { context, page } = await newPage(browser);
    await open(page, '/no/such/screen');
    await page.getByRole('heading', { name: '暂无页面' }).waitFor();
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL(/#\/main\/type=new$/);
    await context.close();
  });

  it('sends a visitor who opens /management to login with the way back', async () => {
    const { context, page } = await newPage(browser);
    await open(page, '/management/type=tag');
    await page.waitForURL(/#\/login\?returnUrl=%2Fmanagement%2Ftype%3Dtag/);
    await context.close();
  });

  it('switches the whole page to English and back', async () => {
    const { context, page } = await newPage(browser);
    await open(page, '/login');
    await page.getByRole('button', { name: /English/ }).click();
    await page.getByLabel('Password', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await open(page, '/main/type=new');
    await page.getByRole('link', { name: 'Smart learning' }).waitFor();
    await page.getByRole('button', { name: 'Log in', exact: true }).waitFor();
    await page.getByRole('button', { name: /中文/ }).click();
    await page.getByRole('link', { name: '智慧学习' }).waitFor();
    await context.close();
  });

  it('names the platform in the footer’s copyright line in the language chosen', async () => {
    const { context, page } = await newPage(browser);
    await open(page, '/main/type=new');
    const copyright = page.locator('footer.ds-footer p').first();
    const year = new Date().getFullYear();
    await expect.poll(() => copyright.innerText()).toBe(`© ${year} 东山市教育云校 版权所有`);
    await page.getByRole('button', { name: /English/ }).click();
    await expect.poll(() => copyright.innerText()).toBe(`© ${year} Dongshan Education Cloud School All rights reserved`);
    await page.getByRole('button', { name: /中文/ }).click();
    await expect.poll(() => copyright.innerText()).toBe(`© ${year} 东山市教育云校 版权所有`);
    await context.close();
  });

  it('gives keyboard focus back to the header group whose entry opened 敬请期待 when the dialog closes', async () => {
    const { context, page } = await newPage(browser);
    await open(page, '/main/type=new');
    const group = page.locator('.ds-nav-desktop').getByRole('button', { name: /名校/ });
    await group.focus();
    await page.keyboard.press('Enter');
    const entry = page.locator('.ds-nav-desktop').getByRole('button', { name: '东北师大附小' });
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    const dialog = page.getByRole('dialog');
    await entry.focus();
    await page.keyboard.press('Enter');
    await dialog.getByText('敬请期待').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(focused).toMatch(/^名校/);
    // From there the keyboard opens the group again and reaches the entry.
    await page.keyboard.press('Enter');
    expect(await group.getAttribute('aria-expanded')).toBe('true');
    await context.close();
  });

  it("opens antd's dialogs with their animation, and without it for a reader who asked for reduced motion", async () => {
    for (const motion of ['no-preference', 'reduce'] as const) {
      const { context, page } = await newPage(browser, undefined, { motion });
      await open(page, '/main/type=new');
      // Counts the CSS animations that start in antd's dialog layer (the dialog and its mask) from now on.
      await page.evaluate(() => {
        const seen = { count: 0 };
        (window as unknown as { dialogAnimations: typeof seen }).dialogAnimations = seen;
        document.addEventListener('animationstart', (event) => {
          if ((event.target as Element).closest('.ant-modal-root')) seen.count++;
        });
      });
      await page.locator('.ds-nav-desktop').getByRole('button', { name: /名校/ }).click();
      await page.locator('.ds-nav-desktop').getByRole('button', { name: '东北师大附小' }).click();
      await page.getByRole('dialog').getByText('敬请期待').waitFor();
      await animationsSettled(page);
      const started = await page.evaluate(() => (window as unknown as { dialogAnimations: { count: number } }).dialogAnimations.count);
      if (motion === 'reduce') expect(started, 'animations under reduced motion').toBe(0);
      else expect(started, 'animations by default').toBeGreaterThan(0);
      await context.close();
    }
  });

  it('switches a screen already shown to English: its words, loaded with the screen, change at once', async () => {
    const { context, page } = await newPage(browser);
    await open(page, '/main/type=new');
    await page.getByRole('heading', { name: '推荐课程' }).waitFor();
    await page.getByRole('link', { name: '智慧学习' }).click();
    await page.getByRole('button', { name: '搜索' }).waitFor();
    await page.getByRole('button', { name: /English/ }).click();
    await page.getByRole('button', { name: 'Search' }).waitFor();
    expect(await page.getByText('Stage', { exact: true }).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: /中文/ }).click();
    await page.getByRole('button', { name: '搜索' }).waitFor();
    await context.close();
  });

  it('shows the load-failure screen when a screen cannot be fetched, and recovers on refresh', async () => {
    const { context, page } = await newPage(browser);
    await open(page, '/main/type=new');
    await page.getByRole('button', { name: '登录', exact: true }).waitFor();
    await page.route(/\/assets\/WaitPage-[^/]+\.js$/, (route) => route.abort());
    await page.getByRole('link', { name: '智慧测评' }).click();
    await page.getByRole('heading', { name: '页面加载失败，点击刷新' }).waitFor();
    // The shell stays usable around the failed screen.
    expect(await page.locator('footer.ds-footer').isVisible()).toBe(true);
    await page.unroute(/\/assets\/WaitPage-[^/]+\.js$/);
    await page.getByRole('button', { name: '刷新' }).click();
    await page.getByRole('heading', { name: /智慧测评/ }).waitFor();
    await context.close();
  });
});
