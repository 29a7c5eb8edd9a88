/**
 * `<ds-help-widget>` on a bureau's page of another origin (one script tag, next to `<ds-login>`): a
 * visitor is asked to log in for 意见反馈; a student who logged in on that page sends feedback with a
 * screenshot uploaded from the widget, and finds it among their own feedback on the platform.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bureauUrl } from './support/servers.js';
import type { Browser, Page } from 'playwright-core';
import { PNG as PngImage } from 'pngjs';
import { seriousViolations } from './support/axe';
import { DEMO_PASSWORD, baseUrl, launchBrowser, newPage } from './support/browser';

/** A small screenshot: a 64 × 40 PNG with a pattern (unique bytes per run, so no instant upload hides the path). */
function screenshot(): Buffer {
  const image = new PngImage({ width: 64, height: 40 });
  const seed = Date.now() % 251;
  for (let i = 0; i < image.data.length; i += 4) {
    image.data[i] = (i + seed) % 256;
    image.data[i + 1] = (i * 7) % 256;
    image.data[i + 2] = 128;
    image.data[i + 3] = 255;
  }
  return PngImage.sync.write(image);
}
const PNG = screenshot();

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const widget = (page: Page) => page.locator('ds-help-widget');

async function openWidget(page: Page): Promise<void> {
  await page.goto(`${bureauUrl()}/help.html`);
  await widget(page).getByRole('button', { name: '帮助', exact: true }).click();
  await widget(page).getByRole('button', { name: '意见反馈' }).waitFor({ timeout: 20_000 });
}

describe('<ds-help-widget> embedded in a bureau page', () => {
  it('opens on a page of another origin and asks a visitor 「需要登录后查看，是否登录？」 for feedback, without axe violations', async () => {
    const { context, page } = await newPage(browser);
    await openWidget(page);
    await expect(widget(page).getByRole('link', { name: /帮助中心/ }).getAttribute('href')).resolves.toBe(`${baseUrl()}/#/help`);
    expect(await seriousViolations(page)).toEqual([]);
    await widget(page).getByRole('button', { name: '意见反馈' }).click();
    const question = widget(page).getByRole('dialog', { name: '提示' });
    await question.getByText('需要登录后查看，是否登录？').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await question.getByRole('button', { name: '登录' }).click();
    await expect.poll(() => page.evaluate(() => document.body.dataset.loginAsked)).toBe(`${bureauUrl()}/help.html`);
    await context.close();
  });

  it('lets a student who logged in on the page send feedback with a screenshot, stored on the platform', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${bureauUrl()}/help.html`);
    await page.getByLabel('账号', { exact: true }).fill('student');
    await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForFunction(() => document.body.dataset.token, undefined, { timeout: 20_000 });
    const token = await page.evaluate(() => document.body.dataset.token!);

    await widget(page).getByRole('button', { name: '帮助', exact: true }).click();
    await widget(page).getByRole('button', { name: '意见反馈' }).click();
    const dialog = widget(page).getByRole('dialog', { name: '意见反馈' });
    await dialog.getByLabel('反馈内容').waitFor({ timeout: 20_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel('内容问题').check();
    const content = `视频第二节没有声音 ${Date.now()}`;
    await dialog.getByLabel('反馈内容').fill(content);
    await dialog.getByLabel('联系方式（选填）').fill('13800000000');
    await dialog.locator('input[type="file"]').setInputFiles({ name: '截图.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByText('已上传').waitFor({ timeout: 30_000 });
    await dialog.getByLabel(/同时发送当前页面地址/).check();
    await dialog.getByRole('button', { name: '提交' }).click();
    await dialog.getByText('反馈已提交，感谢您的反馈！').waitFor({ timeout: 20_000 });
    const id = await page.evaluate(() => document.body.dataset.feedbackId);
    expect(id).toBeTruthy();

    const mine = await (await fetch(`${baseUrl()}/cloudSchool/v1/feedback/mine?pageNum=1&pageSize=10`, { headers: { authorization: token } })).json();
    expect(mine.status).toBe(200);
    const row = mine.data.rows.find((r: { id: string }) => r.id === id);
    expect(row).toMatchObject({ type: 'content', content, contact: '13800000000', applyStatus: 0 });
    expect(row.screenshots).toHaveLength(1);
    // The screenshot is the stored file (a signed link the student's page can show).
    const shot = await fetch(new URL(row.screenshots[0].url, baseUrl()));
    expect(shot.status).toBe(200);
    expect(Buffer.from(await shot.arrayBuffer()).equals(PNG)).toBe(true);
    await context.close();
  });
});
