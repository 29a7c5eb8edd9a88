/**
 * The city administrator's carousel, settings and audit screens against the real server in Chromium:
 * reordering a slide by keyboard moves it on the home page; the footer and hotlines saved on the
 * settings screen show in the portal's footer after a reload; the audit screen lists that change with
 * the value before and after. Axe finds no serious or critical violation on the three screens. What
 * the test changes it puts back, so the other end-to-end files see the demo as seeded.
 */
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { baseUrl, launchBrowser, loginAs, newPage, open, storedToken } from './support/browser';

const ICP = '浙ICP备20260001号-1';
const BANNER_FILE = fileURLToPath(new URL('../packages/server/seed/banners/banner-06-famous-school.jpg', import.meta.url));
const HOTLINE = '0571-88886666';

/** A back-office call made with the page's own session (to put things back). */
async function call(page: Page, path: string, body: unknown): Promise<{ status: number; data: unknown }> {
  const token = await storedToken(page);
  const res = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token ?? '' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { status: number; data: unknown };
}

const bannerOrder = (page: Page) => page.locator('.ds-banner-dot').evaluateAll((dots) => dots.map((d) => d.getAttribute('aria-label')));

describe('city administrator: carousel, settings, audit log', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    await loginAs(page, 'admin');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reorders the carousel by keyboard and the home page follows', async () => {
    await open(page, '/main/type=new');
    await expect.poll(() => bannerOrder(page), { timeout: 15_000 }).toContain('直播课堂');
    const before = await bannerOrder(page);
    expect(before[0]).toBe('直播课堂');

    await open(page, '/management/type=lbt');
    const table = page.getByRole('table', { name: '轮播图管理' });
    await table.getByText('直播课堂', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);

    // dnd-kit's keyboard path: space picks the row up, the arrow moves it, space drops it.
    const handle = page.getByRole('button', { name: '拖动排序：直播课堂' });
    const announced = page.locator('[id^="DndLiveRegion"]');
    await handle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('ArrowDown');
    // The table shows each slide's own title; the home page the title for the viewer (智慧教学 for a teacher).
    await expect.poll(() => announced.innerText()).toMatch(/^「直播课堂」移到了「智慧学习 · 智慧教学」的位置$/);
    await page.keyboard.press('Space');
    await page.getByText('操作成功').first().waitFor({ timeout: 15_000 });
    await expect.poll(async () => (await table.locator('tbody tr[data-row-key] td:nth-child(4)').allInnerTexts()).slice(0, 2), { timeout: 15_000 }).toEqual(['智慧学习 · 智慧教学', '直播课堂']);

    await open(page, '/main/type=new');
    await expect.poll(() => bannerOrder(page), { timeout: 15_000 }).toEqual([before[1], before[0], ...before.slice(2)]);

    expect((await call(page, '/cloudSchool/v1/carouselImage/sort', { carouselImageIds: ['cs-01'] })).status).toBe(200);
  });

  it('adds a slide with a picture cropped in the browser, then deletes it after the confirmation', async () => {
    await open(page, '/management/type=lbt');
    const table = page.getByRole('table', { name: '轮播图管理' });
    await table.getByText('直播课堂', { exact: true }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: '新增轮播图' }).click();
    const drawer = page.getByRole('dialog', { name: '新增轮播图' });
    await drawer.locator('input[type=file]').setInputFiles(BANNER_FILE);
    const crop = page.getByRole('dialog', { name: '裁剪图片' });
    await crop.getByRole('button', { name: '裁剪并上传' }).click();
    await drawer.getByRole('img', { name: '图片预览' }).waitFor();
    await expect.poll(() => drawer.getByRole('button', { name: '保存' }).isEnabled(), { timeout: 30_000 }).toBe(true);
    await drawer.getByLabel('标题', { exact: true }).fill('暑期专题（测试）');
    // The English words are optional, and refused before sending when they are Chinese.
    const titleEn = drawer.getByLabel('英文标题（选填）', { exact: true });
    await titleEn.fill('暑期专题');
    await drawer.getByRole('button', { name: '保存' }).click();
    await drawer.getByText('英文标题和副标题不应包含中文字符').waitFor();
    await titleEn.fill('Summer topics');
    await drawer.getByRole('button', { name: '保存' }).click();
    await page.getByText('操作成功').first().waitFor({ timeout: 15_000 });
    const saved = (await call(page, '/cloudSchool/v1/carouselImage/getManagerViewPage', { keyword: '暑期专题' })) as { data: { rows: Array<{ titleEn: string; subtitleEn: string }> } };
    expect(saved.data.rows[0]).toMatchObject({ titleEn: 'Summer topics', subtitleEn: '' });
    const row = table.locator('tr', { hasText: '暑期专题（测试）' });
    await row.waitFor({ timeout: 15_000 });
    // The table shows a small copy (the 480 px thumbnail, or the 320 px AVIF once made); the stored picture is the 1920 px crop.
    const listed = row.getByRole('img', { name: '暑期专题（测试）' });
    await expect.poll(() => listed.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await listed.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeLessThanOrEqual(480);
    const picture = await listed.evaluate(
      (img: HTMLImageElement) =>
        new Promise<number>((resolve, reject) => {
          const full = new Image();
          full.onload = () => resolve(full.naturalWidth);
          full.onerror = () => reject(new Error(`picture did not load: ${full.src}`));
          full.src = img.src.replace('/thumb?', '?');
        }),
    );
    expect(picture).toBe(1920);

    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: '批量删除' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定要删除吗' });
    await confirm.getByRole('button', { name: '确 定' }).or(confirm.getByRole('button', { name: '确定' })).click();
    await row.waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('saves the footer and hotlines; the portal footer shows them after a reload', async () => {
    await open(page, '/management/type=settings');
    const icp = page.getByLabel('ICP 备案号', { exact: true });
    await icp.waitFor({ timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);
    // The platform's English name is a setting of its own (shown in English mode).
    expect(await page.getByLabel('平台英文名称', { exact: true }).inputValue()).toBe('Dongshan Education Cloud School');

    // A bad link is refused before sending, under its field, naming the key.
    const growth = page.getByLabel('智慧成长单点登录地址', { exact: true });
    await growth.fill('ftp://growth.example.cn');
    await page.getByRole('button', { name: '保存设置' }).click();
    await page.getByText('智慧成长单点登录地址（common.link.smartGrowth）应为 http:// 或 https:// 开头的网址').waitFor();
    await growth.fill('');

    await icp.fill(ICP);
    await page.getByLabel('账号服务热线', { exact: true }).fill(HOTLINE);
    await page.getByRole('button', { name: '保存设置' }).click();
    await page.getByText('操作成功').first().waitFor({ timeout: 15_000 });

    await page.reload();
    const footer = page.locator('footer.ds-footer');
    await expect.poll(() => footer.innerText(), { timeout: 15_000 }).toContain(`ICP 备案号：${ICP}`);
    expect(await footer.innerText()).toContain(`账号服务：${HOTLINE}`);
    expect(await footer.innerText()).not.toContain('待公示');
  });

  it('lists that change on the audit screen with the value before and after', async () => {
    await open(page, '/management/type=auditLog?action=globalConfig.save&entityId=common.footer.icp');
    const table = page.getByRole('table', { name: '操作日志' });
    await table.getByText('修改平台设置（globalConfig.save）').first().waitFor({ timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await table.getByRole('button', { name: /展开/ }).first().click();
    const changes = page.getByRole('table', { name: '记录 common.footer.icp 的变更' });
    await changes.waitFor();
    expect((await changes.innerText()).replace(/\s+/g, ' ')).toContain(`configValue — ${ICP}`);

    // Put the demo back as seeded.
    const restored = await call(page, '/base/v1/globalConfig/save', {
      items: [
        { configKey: 'common.footer.icp', configValue: '' },
        { configKey: 'common.hotline.account', configValue: '' },
      ],
    });
    expect(restored.status).toBe(200);
  });
});
