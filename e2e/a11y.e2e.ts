import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { DEMO_PASSWORD, launchBrowser, loginAs, newPage, open, openUserMenu } from './support/browser';

describe('accessibility and keyboard', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('has no serious or critical axe violations on the login page', async () => {
    const { context, page } = await newPage(browser);
    await open(page, '/login');
    await page.getByLabel('账号', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('has no serious or critical axe violations on the home page, visitor and teacher', async () => {
    const { context, page } = await newPage(browser);
    await open(page, '/main/type=new');
    await page.getByRole('button', { name: '登录', exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await loginAs(page, 'teacher');
    await openUserMenu(page);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('has no serious or critical axe violations on the teacher\'s lesson list and upload form', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'teacher');
    await open(page, '/my-lessons');
    await page.getByRole('heading', { level: 1, name: '我的课程' }).waitFor();
    await page.locator('.ds-teach-table, .ds-teach .ant-empty').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await open(page, '/my-lessons/new');
    await page.getByRole('button', { name: '选择文件' }).and(page.locator(':not([aria-disabled])')).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // Keyboard only: from the title field, Tab reaches the file picker and the save button; Enter on
    // save shows what is missing, under each field.
    await page.getByLabel('课程名称', { exact: true }).focus();
    const reached: string[] = [];
    for (let i = 0; i < 30 && !reached.includes('保存课程'); i++) {
      await page.keyboard.press('Tab');
      reached.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
    }
    expect(reached).toContain('选择文件');
    expect(reached.at(-1)).toBe('保存课程');
    await page.keyboard.press('Enter');
    await page.getByText('请输入课程名称').waitFor();
    await page.getByText('请至少上传一个视频').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('reaches the login fields and the button with Tab and submits with Enter', async () => {
    const { context, page } = await newPage(browser);
    await open(page, '/login?returnUrl=%2Fmy-notes');
    await page.getByLabel('账号', { exact: true }).waitFor();
    const focused = () =>
      page.evaluate(() => {
        let el: Element | null = document.activeElement;
        while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
        return el ? `${el.tagName.toLowerCase()}|${el.getAttribute('name') ?? ''}|${el.textContent?.trim() ?? ''}` : '';
      });
    const seen: string[] = [];
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      seen.push(await focused());
      if (seen.at(-1)?.startsWith('input|username')) break;
    }
    expect(seen.at(-1)).toMatch(/^input\|username/);
    await page.keyboard.type('student');
    await page.keyboard.press('Tab');
    expect(await focused()).toMatch(/^input\|password/);
    await page.keyboard.type(DEMO_PASSWORD);
    const afterPassword: string[] = [];
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      afterPassword.push(await focused());
      if (afterPassword.at(-1)?.startsWith('button')) break;
    }
    expect(afterPassword.at(-1)).toMatch(/^button\|.*\|登录$/);

    // Enter in the password field submits the form; the user lands on the returnUrl.
    await page.getByLabel('密码', { exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/my-notes$/, { timeout: 20_000 });
    await page.getByRole('heading', { name: /我的笔记/ }).waitFor();
    await context.close();
  });

  it('folds the navigation into a menu button on a phone', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await loginAs(page, 'student');
    expect(await page.locator('.ds-nav-desktop').isVisible()).toBe(false);
    const menu = page.getByRole('button', { name: '菜单', exact: true });
    await menu.waitFor();
    await page.getByRole('heading', { level: 1, name: /欢迎来到/ }).waitFor();
    await page.screenshot({ path: '/tmp/portal-mobile.png' });
    await menu.click();
    const drawerNav = page.getByRole('dialog').getByRole('navigation');
    await drawerNav.getByRole('link', { name: '智慧学习' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await drawerNav.getByRole('link', { name: '智慧学习' }).click();
    await page.waitForURL(/#\/learn$/);
    await context.close();
  });
});
