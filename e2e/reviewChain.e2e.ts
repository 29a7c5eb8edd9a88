/**
 * A work from submission to high-quality publication, all in the browser, on the seeded activity that
 * is reviewed as works come in (「东山市小学语文微课征集（随交随评）」: sign-up, upload and audit windows
 * open together). The teacher finds it on 资源征集, signs up, claims a node, uploads the package
 * through the uploader (a real H.264 clip and a generated 教学设计) and submits it; the school's
 * reviewer passes it with rubric points; the district reviewer (a bureau, not the teacher's school)
 * passes it; the city marks it high-quality. It is then among the public high-quality works and in
 * /learn with the 精品 flag; the organiser finds it counted in 作品统计 and 报名统计, opens the
 * downloaded Excel files with exceljs and finds its rows.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { atRoute, launchBrowser, loginAs, newPage, open } from './support/browser';

const ACTIVITY = 'ac-rolling-demo';
const ACTIVITY_NAME = '东山市小学语文微课征集（随交随评）';
const FIXTURE = path.resolve(import.meta.dirname, '../packages/server/seed/works/video-1080p25-h264-aac.mp4');
/** A title no other work of the catalogue has, so every list below finds exactly this one. */
const WORK = `搭船的鸟微课${randomBytes(3).toString('hex')}`;
const TEACHER = '王晓明';

let browser: Browser;
let folder: string;
/** The node the teacher claimed, as the tree names it. */
let nodeName = '';

beforeAll(async () => {
  browser = await launchBrowser();
  folder = mkdtempSync(path.join(tmpdir(), 'ds-e2e-chain-'));
});

afterAll(async () => {
  await browser?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The demo clip with a `free` box of random bytes: still a valid H.264 MP4, with content no upload had before. */
function uniqueVideo(): string {
  const padding = randomBytes(16 * 1024);
  const box = Buffer.alloc(8);
  box.writeUInt32BE(8 + padding.length, 0);
  box.write('free', 4, 'latin1');
  const file = path.join(folder, `${WORK}-课堂实录.mp4`);
  writeFileSync(file, Buffer.concat([readFileSync(FIXTURE), box, padding]));
  return file;
}

function designDocument(): string {
  const file = path.join(folder, `${WORK}-教学设计.txt`);
  writeFileSync(file, `《搭船的鸟》教学设计\n教学目标：抓住关键词句体会作者观察的细致。\n板书设计：翠鸟 — 外形 — 动作\n${randomBytes(8).toString('hex')}\n`);
  return file;
}

/** Logs the page's screenshot when the running test fails. */
function screenshotOnFailure(page: Page, name: string): void {
  onTestFailed(() => page.screenshot({ path: `/tmp/review-chain-${name}.png`, fullPage: true }).then(() => undefined));
}

/** A reviewer opens the work from their pending list at `level`, scores it and makes `decision`. */
async function decide(page: Page, level: number, decision: '通过' | '评为优秀', points: [number, number, number]): Promise<void> {
  await open(page, `/management/type=zuopinsh?activity=${ACTIVITY}&level=${level}&state=pending`);
  await page.getByRole('table', { name: '评审作品列表' }).getByRole('link', { name: WORK }).click();
  await page.getByRole('heading', { level: 1, name: WORK }).waitFor();
  await page.getByLabel('教学设计（满分 30）').fill(String(points[0]));
  await page.getByLabel('课堂实施（满分 40）').fill(String(points[1]));
  await page.getByLabel('技术质量（满分 30）').fill(String(points[2]));
  await page.getByText(`合计 ${points[0] + points[1] + points[2]} / 100 分`).waitFor();
  await page.getByRole('button', { name: new RegExp(`^${decision}`) }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByText(`确定对《${WORK}》执行「${decision}」吗？`).waitFor();
  await confirm.getByRole('button', { name: '确定' }).click();
  await page.getByText(`已${decision}：《${WORK}》`).waitFor();
}

/** The rows of a sheet as arrays of cell texts (column 1 first). */
function sheetRows(workbook: ExcelJS.Workbook, name: string): string[][] {
  const sheet = workbook.getWorksheet(name);
  expect(sheet, `sheet 「${name}」`).toBeTruthy();
  const rows: string[][] = [];
  sheet!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}

/** The one row of a sheet with a cell equal to (or matching) `key`, as header → cell. */
function rowWith(workbook: ExcelJS.Workbook, sheet: string, key: string | RegExp): Record<string, string> {
  const [headers, ...rows] = sheetRows(workbook, sheet);
  const found = rows.filter((r) => r.some((cell) => (typeof key === 'string' ? cell === key : key.test(cell))));
  expect(found, `rows of 「${sheet}」 holding 「${key}」`).toHaveLength(1);
  return Object.fromEntries(headers!.map((h, i) => [h, found[0]![i] ?? '']));
}

/** Clicks the export button, waits for the file and opens it with exceljs. */
async function download(page: Page, button: string, file: string): Promise<{ name: string; workbook: ExcelJS.Workbook }> {
  const [event] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: button, exact: true }).click()]);
  const saved = path.join(folder, file);
  await event.saveAs(saved);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(saved);
  return { name: event.suggestedFilename(), workbook };
}

describe('a work from submission through every review level to publication', () => {
  it('the teacher signs up, claims a node, uploads the package and submits it', async () => {
    const { context, page } = await newPage(browser);
    screenshotOnFailure(page, 'teacher');
    await loginAs(page, 'teacher');
    await open(page, '/resourcesCollect');
    await page.getByRole('region', { name: '正在进行的活动' }).getByRole('link', { name: ACTIVITY_NAME }).click();
    await page.getByRole('heading', { level: 1, name: ACTIVITY_NAME }).waitFor();
    await page.getByRole('button', { name: '立即报名' }).click();

    await page.getByRole('heading', { level: 1, name: '活动报名' }).waitFor();
    await page.getByLabel('真实姓名', { exact: true }).waitFor();
    expect(await page.getByLabel('真实姓名', { exact: true }).inputValue()).toBe(TEACHER);
    await page.getByRole('button', { name: '提交报名' }).click();
    await page.getByText('报名成功，请认领课程节点').waitFor();

    const node = page.locator('.ds-act-node[data-node-id]').first();
    await node.getByText('已认领 0/2').waitFor();
    nodeName = (await node.locator('.ant-checkbox-label, label').first().innerText()).trim();
    await node.getByRole('checkbox').check();
    await page.getByRole('button', { name: '认领所选节点（1）' }).click();
    await page.getByRole('dialog', { name: '确定认领以下 1 个节点吗？' }).getByRole('button', { name: '确定' }).click();
    await page.getByRole('region', { name: '我认领的节点' }).getByText(nodeName).waitFor();

    await page.getByRole('button', { name: '去上传作品' }).click();
    await page.getByRole('heading', { level: 1, name: '活动管理' }).waitFor();
    await page.getByRole('button', { name: '上传作品' }).click();
    await page.getByRole('heading', { level: 1, name: '上传作品' }).waitFor();
    await page.getByLabel('作品名称', { exact: true }).fill(WORK);
    // Each uploader takes files once it has the server's upload rules (it lists the allowed types then).
    const video = page.locator('fieldset[data-item="1"]');
    await video.getByText(/支持：mp4/).waitFor();
    await video.locator('input[type="file"]').setInputFiles(uniqueVideo());
    const design = page.locator('fieldset[data-item="2"]');
    await design.getByText(/支持：.*txt/).waitFor();
    await design.locator('input[type="file"]').setInputFiles(designDocument());
    await video.locator('[data-file-id][data-status="done"]').waitFor({ timeout: 30_000 });
    await design.locator('[data-file-id][data-status="done"]').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: '保存并检查格式' }).click();

    // The server probed the stored clip: it passes (the bitrate only warns, and this activity allows warnings).
    const review = page.getByRole('region', { name: '形式审查结果' });
    await review.getByText(/形式审查通过/).waitFor({ timeout: 30_000 });
    expect(await review.locator('.ds-act-failure--error').count()).toBe(0);
    await page.getByRole('button', { name: '提交作品' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await page.getByRole('heading', { level: 1, name: '活动管理' }).waitFor();
    const card = page.locator('.ds-act-work', { hasText: WORK });
    await card.getByText('已提交', { exact: true }).waitFor();
    // Waiting at the first level: the teacher may still take it back.
    await card.getByRole('button', { name: '撤回' }).waitFor();
    await context.close();
  });

  it('the school, district and city reviewers take it to high-quality', async () => {
    expect(nodeName, 'the work was submitted').not.toBe('');
    // School level: 刘雅琴 reviews the works of the teacher's school (南湖实小).
    const school = await newPage(browser);
    screenshotOnFailure(school.page, 'school');
    await loginAs(school.page, 'auditor');
    await decide(school.page, 1, '通过', [26, 35, 25]);
    await school.context.close();

    // District level (南湖区教育局, not the teacher's school), then the city level, where high-quality is offered.
    const bureau = await newPage(browser);
    screenshotOnFailure(bureau.page, 'bureau');
    await loginAs(bureau.page, 'reviewer');
    await decide(bureau.page, 2, '通过', [25, 34, 24]);
    await decide(bureau.page, 3, '评为优秀', [28, 38, 28]);
    // The trace holds every level's decision.
    await open(bureau.page, `/management/type=zuopinsh?activity=${ACTIVITY}&level=3&state=decided`);
    await bureau.page.getByRole('table', { name: '评审作品列表' }).getByRole('link', { name: WORK }).click();
    const trace = bureau.page.getByRole('region', { name: '评审记录' });
    await trace.getByText('第 1 轮 · 校级 · 通过').waitFor();
    await trace.getByText('第 1 轮 · 区级 · 通过').waitFor();
    await trace.getByText('第 1 轮 · 市级 · 评为优秀').waitFor();
    await bureau.context.close();
  });

  it('it is published: among the high-quality works and in /learn with the 精品 flag', async () => {
    const visitor = await newPage(browser);
    screenshotOnFailure(visitor.page, 'visitor');
    await open(visitor.page, '/resourcesCollect/goodWorkList');
    await visitor.page.getByRole('heading', { level: 1, name: '优秀作品' }).waitFor();
    const card = visitor.page.getByRole('list', { name: '优秀作品' }).getByRole('listitem').filter({ hasText: WORK });
    await card.getByText(TEACHER).waitFor();
    await card.getByRole('link', { name: WORK }).click();
    await atRoute(visitor.page, /goodWorkList\/[^/]+\/1$/);
    await visitor.page.getByRole('heading', { level: 1, name: WORK }).waitFor();
    // The package documents beside the player: the teacher's 教学设计.
    await visitor.page.getByRole('region', { name: '作品材料' }).getByRole('link', { name: /^打开 .*教学设计/ }).waitFor();
    await visitor.context.close();

    const learner = await newPage(browser);
    screenshotOnFailure(learner.page, 'learn');
    await loginAs(learner.page, 'student');
    await open(learner.page, `/learn/demand/keyword=${WORK}`);
    const lesson = learner.page.getByRole('list', { name: '课程列表' }).locator('li', { hasText: WORK });
    await lesson.getByText('精品', { exact: true }).waitFor();
    await learner.context.close();

    // The teacher's works page: high-quality, passed at every level, no longer to be taken back.
    const teacher = await newPage(browser);
    screenshotOnFailure(teacher.page, 'teacher-after');
    await loginAs(teacher.page, 'teacher');
    await open(teacher.page, `/resourcesCollect/activityList/activityDetail/activityManage/${ACTIVITY}`);
    const mine = teacher.page.locator('.ds-act-work', { hasText: WORK });
    await mine.getByText('优秀作品', { exact: true }).waitFor();
    const steps = mine.getByLabel('评审进度', { exact: true });
    await expect.poll(() => steps.getByText('已通过', { exact: true }).count()).toBe(3);
    expect(await mine.getByRole('button', { name: '撤回' }).count()).toBe(0);
    await teacher.context.close();
  });

  it('the organiser finds it in the statistics and in the downloaded Excel files', async () => {
    const { context, page } = await newPage(browser);
    screenshotOnFailure(page, 'organiser');
    await loginAs(page, 'admin');
    await open(page, `/management/type=activemana?keyword=${encodeURIComponent(ACTIVITY_NAME)}`);
    const row = page.getByRole('table', { name: '征集活动列表' }).getByRole('row').filter({ hasText: ACTIVITY_NAME });
    await row.getByRole('button', { name: `《${ACTIVITY_NAME}》的统计` }).click();
    await page.getByRole('menuitem', { name: '作品统计' }).click();
    await atRoute(page, /type=opus-statistics\//);
    const stat = (key: string) => page.locator(`[data-stat="${key}"] dd`);
    // The activity started empty: the one work, submitted and excellent.
    await stat('works').getByText('1', { exact: true }).waitFor();
    expect(await stat('submitted').innerText()).toBe('1');
    expect(await stat('excellent').innerText()).toBe('1');
    expect(await stat('pending').innerText()).toBe('0');

    const all = await download(page, '导出全部统计', 'opus.xlsx');
    expect(all.name).toContain(ACTIVITY_NAME);
    expect(rowWith(all.workbook, '报名人员', TEACHER)).toMatchObject({ 学校: expect.stringMatching(/南湖区实验小学/), 认领节点数: '1', 作品数: '1', 已提交: '1' });
    expect(rowWith(all.workbook, '节点明细', nodeName)).toMatchObject({ 作品数: '1', 优秀作品: '1', 覆盖情况: '有优秀作品' });
    expect(rowWith(all.workbook, '学校统计', /南湖区实验小学/)).toMatchObject({ 报名人数: '1', 作品数: '1', 优秀作品: '1' });

    // 报名统计: the one teacher signed up.
    await page.getByRole('navigation', { name: '本活动的其他统计' }).getByRole('link', { name: '报名统计' }).click();
    await atRoute(page, /type=sign-up-statistics\//);
    await stat('signUpPersons').getByText('1', { exact: true }).waitFor();

    // 优秀作品管理: the work with its score, and its row in that table's export.
    await page.getByRole('navigation', { name: '本活动的其他统计' }).getByRole('link', { name: '优秀作品管理' }).click();
    await atRoute(page, /type=quality-works\//);
    await page.getByRole('table', { name: '优秀作品列表' }).getByRole('row').filter({ hasText: WORK }).getByRole('cell', { name: '94', exact: true }).waitFor();
    const quality = await download(page, '导出', 'quality.xlsx');
    expect(rowWith(quality.workbook, quality.workbook.worksheets[0]!.name, WORK)).toMatchObject({ 活动: ACTIVITY_NAME, 教师: TEACHER, 节点: nodeName, 得分: '94' });
    await context.close();
  });
});

