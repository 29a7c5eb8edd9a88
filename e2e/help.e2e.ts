/**
 * The help centre and feedback against the real server in Chromium: a visitor who tries to send is
 * asked 「需要登录后查看，是否登录？」 and goes to login with returnUrl; a student sends feedback with a
 * screenshot and agrees to attach the page, role and browser; a city administrator sees them in
 * 意见反馈管理 and replies; the student sees the reply. Axe finds no serious or critical violation.
 * On a desktop and a phone the page sits under the header (the floating widget's own stylesheet once
 * took the page's root for the widget's: fixed to the bottom, over the header's buttons).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { atRoute, launchBrowser, loginAs, newPage, open } from './support/browser';

const CONTENT = `上传作品时进度停在 99%，刷新后仍然如此（${randomBytes(3).toString('hex')}）`;
const REPLY = '已修复分片合并的问题，请刷新页面后重新上传。';

/** A small picture of its own (a new MD5, so it is the student's own upload, not an earlier file). */
function screenshotFile(): string {
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0, 0x90, 0x77, 0x53, 0xde, 0, 0, 0x10, 0, 0x49, 0x44, 0x41, 0x54]),
    randomBytes(4096),
  ]);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'ds-help-e2e-')), '上传卡住.png');
  writeFileSync(file, png);
  return file;
}

/** Whether the whole of `locator` is inside the window. */
async function inView(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const { width, height } = page.viewportSize()!;
  return !!box && box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;
}

/** The header's buttons and links that something else covers where a click would land (their centre). */
function coveredInHeader(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.ds-header button, .ds-header a'))
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility === 'visible')
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return !el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
      })
      .map((el) => el.innerText.trim() || el.getAttribute('aria-label') || el.localName),
  );
}

describe('help centre and feedback', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`lays the help centre out in the page under a usable header, ${viewport.width} px wide`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await open(page, '/help');
      const heading = page.getByRole('heading', { name: '帮助中心', level: 1 });
      await heading.waitFor({ timeout: 20_000 });
      await page.getByText('如何登录平台').first().waitFor({ timeout: 15_000 });
      // The floating help widget loads after the page; its stylesheet must not move the page.
      await page.getByRole('button', { name: '帮助', exact: true }).waitFor({ timeout: 20_000 });
      await expect.poll(() => inView(page, heading)).toBe(true);
      await expect.poll(() => inView(page, page.getByLabel('搜索帮助', { exact: true }))).toBe(true);
      expect(await coveredInHeader(page)).toEqual([]);
      await page.locator('.ds-header').getByRole('button', { name: '登录', exact: true }).click();
      await atRoute(page, /#\/login\?returnUrl=%2Fhelp/);
      await context.close();
    });
  }

  it('shows a visitor the help and asks them to log in before sending', async () => {
    const { page } = await newPage(browser);
    await open(page, '/feedback');
    await page.getByRole('heading', { name: '帮助中心', level: 1 }).waitFor({ timeout: 20_000 });
    // The article in the list (its title also names its operation video beside the list).
    await page.locator('.ds-help-centre-list').getByText('如何登录平台').waitFor({ timeout: 15_000 });
    expect(await page.locator('.ds-help-centre-videos video').count()).toBe(4);
    const search = page.getByLabel('搜索帮助', { exact: true });
    await search.fill('滑块');
    await search.press('Enter');
    await expect.poll(() => page.locator('.ds-help-centre-list .ant-collapse-item').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('反馈内容').fill('我想提个建议');
    await page.getByRole('button', { name: '提交反馈' }).click();
    const ask = page.getByRole('dialog').filter({ hasText: '需要登录后查看，是否登录？' });
    await ask.waitFor({ timeout: 10_000 });
    await ask.getByRole('button', { name: '登录' }).click();
    await atRoute(page, /#\/login\?returnUrl=%2Ffeedback/);
    await page.context().close();
  });

  let student: Page;

  it('lets a student send feedback with a screenshot and the context they agreed to attach', async () => {
    ({ page: student } = await newPage(browser));
    await loginAs(student, 'student');
    await open(student, '/feedback');
    await student.getByLabel('反馈内容').fill(CONTENT);
    await expect.poll(() => student.getByText(`${[...CONTENT].length} / 1000`).count()).toBe(1);
    await student.locator('.ds-feedback-shots input[type="file"]').setInputFiles(screenshotFile());
    await student.locator('.ds-feedback-shots [data-status="done"]').waitFor({ timeout: 30_000 });
    const consent = student.getByRole('checkbox', { name: '附带页面、角色、浏览器和最近的错误信息' });
    await consent.check();
    // What is attached is on screen before it is sent.
    const attached = student.locator('#feedback-context');
    expect(await attached.locator('[data-context="role"]').innerText()).toBe('学生');
    expect(await attached.locator('[data-context="page"]').innerText()).toContain('/feedback');
    expect(await seriousViolations(student)).toEqual([]);

    await student.getByRole('button', { name: '提交反馈' }).click();
    await student.getByText('反馈已提交，感谢您的意见！').waitFor({ timeout: 15_000 });
    const mine = student.locator('.ds-feedback-item').filter({ hasText: CONTENT });
    await mine.waitFor({ timeout: 15_000 });
    expect(await mine.innerText()).toContain('暂未回复');
    expect(await mine.locator('img').count()).toBe(1);
  });

  it('lets the administrator see the context and reply in 意见反馈管理', async () => {
    const { page: admin } = await newPage(browser);
    await loginAs(admin, 'admin');
    await open(admin, '/management/type=feedbackmana');
    const table = admin.getByRole('table', { name: '意见反馈管理' });
    const row = table.locator('tr').filter({ hasText: CONTENT });
    await row.waitFor({ timeout: 20_000 });
    const context = await row.locator('.ds-fbm-context').innerText();
    expect(context).toContain('/feedback');
    expect(context).toContain('学生');
    expect(context).toMatch(/Chrome/);
    expect(await row.innerText()).toContain('李子涵');
    expect(await seriousViolations(admin)).toEqual([]);

    await row.getByRole('button', { name: /^回复/ }).click();
    const dialog = admin.getByRole('dialog', { name: '回复反馈' });
    await dialog.getByLabel('回复内容').fill(REPLY);
    expect(await seriousViolations(admin, '.ant-modal')).toEqual([]);
    await dialog.getByRole('button', { name: '回复' }).click();
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain('已处理');
    expect(await row.innerText()).toContain(REPLY);
    await admin.context().close();
  });

  it('shows the student the reply', async () => {
    await student.reload();
    const mine = student.locator('.ds-feedback-item').filter({ hasText: CONTENT });
    await mine.locator('[data-reply]').waitFor({ timeout: 20_000 });
    expect(await mine.locator('[data-reply]').innerText()).toBe(REPLY);
    expect(await mine.innerText()).toContain('已处理');
    await student.context().close();
  });
});
