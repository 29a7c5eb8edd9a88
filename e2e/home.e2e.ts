/**
 * The home screen without antd (docs/performance.md, "Home without antd"): a visitor's and a signed-in
 * user's home fetch no antd, nor does /learn until its pickers are shown, and what needs antd there still works: a failed call's notice shows
 * (the page's own notice sink is fetched on the first notice), the failed list offers a retry.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANTD_FILE, launchBrowser, loginAs, newPage, open, scriptsOf } from './support/browser';


/** The home screen shown: the recommended lessons and the entries to the lesson areas. */
async function homeShown(page: Page) {
  await page.getByRole('list', { name: '推荐课程' }).waitFor({ timeout: 20_000 });
  await page.getByRole('heading', { name: '资源征集' }).waitFor();
}

describe('home without antd', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a visitor's home and /learn fetch no antd; a screen that uses it brings it", async () => {
    const { context, page } = await newPage(browser);
    const scripts = scriptsOf(page);
    await open(page, '/');
    await page.waitForURL(/#\/main\/type=new$/);
    await homeShown(page);
    expect(scripts.length).toBeGreaterThan(2);
    expect(scripts.filter((s) => ANTD_FILE.test(s))).toEqual([]);
    await page.getByRole('link', { name: '智慧学习' }).click();
    await page.getByRole('button', { name: '搜索' }).waitFor();
    await page.getByRole('list', { name: '课程列表' }).getByRole('link').first().waitFor({ timeout: 20_000 });
    expect(scripts.filter((s) => ANTD_FILE.test(s))).toEqual([]);
    // A subject chosen on /learn shows the edition and book pickers: they come with antd.
    await page.getByRole('radiogroup', { name: '学段' }).getByText('小学', { exact: true }).click();
    await page.getByRole('radiogroup', { name: '学科' }).getByText('数学', { exact: true }).click();
    await page.getByRole('combobox', { name: '版本' }).waitFor({ timeout: 20_000 });
    expect(scripts.filter((s) => ANTD_FILE.test(s))).toHaveLength(1);
    await context.close();
  });

  it("a signed-in user's home, opened afresh, fetches no antd", async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'student');
    const fresh = await context.newPage();
    const scripts = scriptsOf(fresh);
    await open(fresh, '/main/type=new');
    await fresh.locator('.ds-user-trigger').filter({ hasNotText: '—' }).waitFor({ timeout: 20_000 });
    await homeShown(fresh);
    expect(scripts.filter((s) => ANTD_FILE.test(s))).toEqual([]);
    await context.close();
  });

  it("shows a failed call's notice and the list's retry on home, in Chinese and in English", async () => {
    const { context, page } = await newPage(browser);
    let fail = true;
    await page.route(/\/cloudLesson\/getRecommendLesson/, (route) =>
      fail ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 500, msg: 'down for a test' }) }) : route.fallback(),
    );
    await open(page, '/main/type=new');
    const failed = page.getByRole('alert').filter({ hasText: '加载失败' });
    await failed.waitFor({ timeout: 20_000 });
    // The SDK's notice of the failed call: antd's message, fetched for it, in the catalogue's words
    // without the call's path or the HTTP status (those go to the console).
    const notice = page.locator('.ant-message-notice').filter({ hasText: '服务器内部错误' });
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.innerText()).not.toMatch(/getRecommendLesson|\/cloudSchool\/|\b500\b/);
    fail = false;
    await failed.getByRole('button', { name: '重试' }).click();
    await page.getByRole('list', { name: '推荐课程' }).waitFor({ timeout: 20_000 });
    expect(await failed.count()).toBe(0);

    fail = true;
    await page.getByRole('button', { name: /English/ }).click();
    await page.reload();
    const failedEn = page.getByRole('alert').filter({ hasText: 'Could not load' });
    await failedEn.getByRole('button', { name: 'Retry' }).waitFor({ timeout: 20_000 });
    await context.close();
  });
});
