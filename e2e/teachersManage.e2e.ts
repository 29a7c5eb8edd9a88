/**
 * 教师介绍管理 end to end: an administrator downloads the Excel template, imports it with one broken
 * row (the report names it, nothing is imported), fixes the row, imports again, and the teacher shows
 * on the public teacher page. Axe on the screen, the report and the teacher page.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, animationsSettled } from './support/axe';
import { launchBrowser, loginAs, newPage, open } from './support/browser';

let browser: Browser;
let dir: string;
beforeAll(async () => {
  browser = await launchBrowser();
  dir = mkdtempSync(path.join(tmpdir(), 'ds-e2e-teachers-'));
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The downloaded template with these rows added; saved under `name`. */
async function fill(template: string, name: string, rows: string[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(template);
  for (const r of rows) wb.worksheets[0]!.addRow(r);
  const file = path.join(dir, name);
  await wb.xlsx.writeFile(file);
  return file;
}

async function upload(page: Page, file: string) {
  await page.getByLabel('选择文件并导入').setInputFiles(file);
}

describe('teacher introductions in the back office', () => {
  it('imports from the template all or nothing, and the teacher shows on the public page', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');
    await open(page, '/management/type=teaIntro');
    await page.getByRole('heading', { name: '教师介绍管理' }).waitFor({ timeout: 15_000 });
    const table = page.getByRole('table', { name: '教师列表' });
    await table.getByRole('link', { name: '王雅琴' }).first().waitFor({ timeout: 15_000 });
    // The organisation tree filters the list, and the filter is in the URL.
    await page.getByRole('tree').getByText(/^东山市实验小学（\d+）$/).click();
    await page.waitForURL(/org=sc-01/);
    expect(await page.getByRole('treeitem', { name: /东湖区教育局/ }).count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: '批量导入' }).click();
    const dialog = page.getByRole('dialog', { name: '批量导入教师' });
    await dialog.waitFor();
    await animationsSettled(page);
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: '下载模板' }).click()]);
    expect(download.suggestedFilename()).toBe('教师批量导入模板.xlsx');
    const template = path.join(dir, 'template.xlsx');
    await download.saveAs(template);

    const good = ['顾清远', '男', '高级教师', '东山市实验小学', '小学', '语文', '市级骨干教师；市优秀教师', '从教十八年，专注于整本书阅读。', ''];
    const second = ['许知微', '女', '一级教师', '东山市实验小学', '小学', '数学', '', '', ''];
    const broken = await fill(template, 'broken.xlsx', [good, ['许知微', '女', '一级教师', '东山市实验小学', '大学', '数学', '', '', '']]);
    await upload(page, broken);
    await dialog.getByText('文件中有 1 处问题（涉及 1 行），未导入任何教师。请修改后重新上传。').waitFor({ timeout: 15_000 });
    const problems = dialog.getByRole('table', { name: '问题列表' });
    const problem = problems.getByRole('row').filter({ hasText: '学段“大学”无效' });
    expect((await problem.getByRole('cell').allInnerTexts()).slice(0, 2)).toEqual(['5', '学段']);
    expect(await seriousViolations(page, '.ant-modal')).toEqual([]);
    // Nothing of the file was stored: the good row is not in the list either.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('searchbox', { name: '姓名、职称或学校' }).fill('顾清远');
    await page.getByRole('searchbox', { name: '姓名、职称或学校' }).press('Enter');
    await page.waitForURL(/keyword=/);
    await table.locator('.ant-empty-description', { hasText: '暂无数据' }).waitFor({ timeout: 15_000 });

    await page.getByRole('button', { name: '批量导入' }).click();
    await dialog.waitFor();
    await upload(page, await fill(template, 'fixed.xlsx', [good, second]));
    await dialog.getByText('已导入 2 位教师').waitFor({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    const link = table.getByRole('link', { name: '顾清远' });
    await link.waitFor({ timeout: 15_000 });
    await link.click();

    await page.waitForURL(/#\/teacher\/te-/);
    await page.getByRole('heading', { level: 1, name: '顾清远' }).waitFor({ timeout: 15_000 });
    await page.getByText('高级教师 · 东山市实验小学 · 小学').waitFor();
    expect(await page.getByRole('region', { name: '荣誉' }).getByRole('listitem').allInnerTexts()).toEqual(['市级骨干教师', '市优秀教师']);
    await page.getByText('暂无已发布的课程').waitFor({ timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('shows the lesson teacher on the course detail, leading to their page with their lessons', async () => {
    const { context, page } = await newPage(browser);
    await open(page, '/famousSchool');
    const famous = page.getByRole('region', { name: '名师风采' });
    await famous.getByRole('heading', { level: 3 }).first().waitFor({ timeout: 15_000 });
    const name = (await famous.getByRole('heading', { level: 3 }).first().innerText()).trim();
    await famous.getByRole('link', { name, exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });
    const lessons = page.getByRole('list', { name: `${name}的课程` });
    await lessons.waitFor({ timeout: 15_000 });
    await lessons.getByRole('heading', { level: 3 }).first().getByRole('link').click();
    await page.waitForURL(/#\/course-detail\//);
    const card = page.getByRole('region', { name: '授课教师' });
    await card.getByRole('link', { name, exact: true }).waitFor({ timeout: 15_000 });
    expect(await seriousViolations(page, '.ds-detail-teacher')).toEqual([]);
    await context.close();
  });
});

describe('a school administrator', () => {
  it('sees only their school, edits a teacher in the drawer and the list follows', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'schooladmin');
    await open(page, '/management/type=teaIntro');
    const table = page.getByRole('table', { name: '教师列表' });
    await table.getByRole('link', { name: '刘雅琴' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('treeitem').allInnerTexts()).toEqual(['东山市南湖区实验小学（2）']);
    expect(await table.getByRole('link', { name: '王雅琴' }).count()).toBe(0);

    await page.getByRole('button', { name: '编辑 刘雅琴' }).click();
    const drawer = page.getByRole('dialog', { name: '编辑教师' });
    await drawer.getByRole('textbox', { name: '职称' }).fill('高级教师');
    await drawer.getByRole('textbox', { name: '荣誉' }).fill('区级骨干教师\n区优秀班主任');
    expect(await seriousViolations(page, '.ant-drawer-body')).toEqual([]);
    await drawer.getByRole('button', { name: '保存' }).click();
    await page.getByText('操作成功').waitFor({ timeout: 15_000 });
    await drawer.waitFor({ state: 'hidden' });
    await table.getByRole('row').filter({ hasText: '刘雅琴' }).getByText('高级教师').waitFor({ timeout: 15_000 });
    await context.close();
  });
});
