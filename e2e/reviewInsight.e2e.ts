/**
 * The works-review statistics against the real server: the city administrator opens 作品统计 of a
 * seeded activity from the activity table — the charts are drawn on their canvas and the figures are
 * the API's —, downloads the Excel export (progress shown, the server's file name) and opens it with
 * the library the server writes it with; the other statistics screens show the API's numbers too; an
 * export the server refuses says why, once. Visitors see the high-quality works. Axe on every screen.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { atRoute, baseUrl, launchBrowser, loginAs, newPage, open } from './support/browser';
import { loginTicket } from './support/uploads';

let browser: Browser;
let dir: string;
beforeAll(async () => {
  browser = await launchBrowser();
  dir = mkdtempSync(path.join(tmpdir(), 'ds-e2e-insight-'));
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Envelope<T> {
  status: number;
  message: string;
  data: T;
}

async function call<T>(token: string | null, method: 'GET' | 'POST', route: string, body?: object): Promise<T> {
  const url = new URL(`${baseUrl()}/cloudSchool/v1/${route}`);
  if (method === 'GET' && body) for (const [k, v] of Object.entries(body)) url.searchParams.set(k, String(v));
  const res = await fetch(url, {
    method,
    headers: { ...(token ? { authorization: token } : {}), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  });
  const envelope = (await res.json()) as Envelope<T>;
  if (envelope.status !== 200) throw new Error(`${route}: ${envelope.status} ${envelope.message}`);
  return envelope.data;
}

interface ActivityRow {
  activityId: string;
  name: string;
  activitySystem: number;
  signUpCount: number;
  workCount: number;
}

/** The seeded activity with the most sign-ups (the demo city's activities have teachers and works). */
async function seededActivity(token: string): Promise<ActivityRow> {
  const page = await call<{ rows: ActivityRow[] }>(token, 'POST', 'resourceCollectActivity/page', { pageNum: 1, pageSize: 50 });
  const [best] = [...page.rows].sort((a, b) => b.signUpCount - a.signUpCount);
  expect(best?.signUpCount, 'a seeded activity with sign-ups').toBeGreaterThan(0);
  return best!;
}

/** The figure a stat card shows (`<dl>` of the screen's totals). */
const stat = (page: Page, key: string) => page.locator(`[data-stat="${key}"] dd`).innerText();

/** Waits until the chart has drawn and answers whether its canvas holds any painted pixel. */
async function chartDrawn(page: Page, label: RegExp): Promise<boolean> {
  const host = page.getByRole('img', { name: label });
  await host.and(page.locator('[data-rendered="true"]')).waitFor({ timeout: 20_000 });
  return host.locator('canvas').first().evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) return true;
    return false;
  });
}

/** The numbers of a table's column, in row order. */
async function column(page: Page, table: string, index: number): Promise<string[]> {
  const rows = page.getByRole('table', { name: table }).locator('tbody tr.ant-table-row');
  return rows.evaluateAll((trs, i) => trs.map((tr) => (tr.children[i] as HTMLElement).innerText.trim()), index);
}

describe('works-review statistics', () => {
  it('作品统计: charts drawn, the API figures, and the Excel export opened with exceljs', async () => {
    const { token } = await loginTicket(baseUrl(), 'admin');
    const activity = await seededActivity(token);
    const totals = await call<{ works: number; submitted: number; pending: number }>(token, 'GET', 'staActivityManage/total', { activityId: activity.activityId });
    const subjects = await call<{ subjectName: string; stageName: string; works: number }[]>(token, 'GET', 'staActivityManage/subject', { activityId: activity.activityId });

    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');
    await open(page, '/management/type=activemana');
    const row = page.getByRole('table', { name: '征集活动列表' }).getByRole('row').filter({ hasText: activity.name });
    await row.getByRole('button', { name: `《${activity.name}》的统计` }).click();
    await page.getByRole('menuitem', { name: '作品统计' }).click();
    await atRoute(page, /type=opus-statistics\//);
    await page.getByRole('heading', { level: 1, name: /作品统计/ }).waitFor();

    expect(await chartDrawn(page, /个学科的作品按评审状态分布/)).toBe(true);
    expect(await chartDrawn(page, /个区域的作品按评审状态分布/)).toBe(true);
    expect(await chartDrawn(page, /热力图/)).toBe(true);
    expect(await stat(page, 'works')).toBe(String(totals.works));
    expect(await stat(page, 'submitted')).toBe(String(totals.submitted));
    expect(await stat(page, 'pending')).toBe(String(totals.pending));
    expect(await column(page, '各学科作品', 0)).toEqual(subjects.slice(0, 10).map((s) => `${s.stageName}${s.subjectName}`));
    expect(await column(page, '各学科作品', 1)).toEqual(subjects.slice(0, 10).map((s) => String(s.works)));
    expect(await seriousViolations(page)).toEqual([]);

    // A slow line: the export shows its progress while the file comes.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 4 * 1024, uploadThroughput: -1 });
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: '导出全部统计' }).click(), page.getByRole('progressbar', { name: '正在下载，请稍候' }).waitFor()]);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(download.suggestedFilename()).toContain(activity.name);
    const file = path.join(dir, 'opus.xlsx');
    await download.saveAs(file);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    expect(wb.worksheets.length).toBeGreaterThan(1);
    const words = wb.worksheets.flatMap((ws) => (ws.getRow(1).values as unknown[]).filter((v): v is string => typeof v === 'string'));
    expect(words.some((w) => /[\u4e00-\u9fff]/.test(w)), 'Chinese headers').toBe(true);
    await page.getByText(/^已下载：/).waitFor();

    // 报名统计 of the same activity, one link away.
    await page.getByRole('navigation', { name: '本活动的其他统计' }).getByRole('link', { name: '报名统计' }).click();
    await atRoute(page, /type=sign-up-statistics\//);
    expect(await chartDrawn(page, /个学科的报名人数/)).toBe(true);
    const signUps = await call<{ signUpPersons: number }>(token, 'GET', 'staActivityManage/total', { activityId: activity.activityId });
    expect(await stat(page, 'signUpPersons')).toBe(String(signUps.signUpPersons));
    expect(await seriousViolations(page)).toEqual([]);

    // 报名人员: the table's total is the API's.
    await page.getByRole('navigation', { name: '本活动的其他统计' }).getByRole('link', { name: '报名人员' }).click();
    await atRoute(page, /type=applicants\//);
    const persons = await call<{ total: number }>(token, 'POST', 'staActivityManage/signUpPersons/page', { activityId: activity.activityId, pageNum: 1, pageSize: 10 });
    await page.getByText(`共 ${persons.total} 条`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    for (const [link, route, table] of [
      ['优秀作品管理', /type=quality-works\//, '优秀作品列表'],
      ['教师评审详情明细', /type=jspsxqdetail\//, '评审人员列表'],
    ] as const) {
      await page.getByRole('navigation', { name: '本活动的其他统计' }).getByRole('link', { name: link }).click();
      await atRoute(page, route);
      await page.getByRole('table', { name: table }).waitFor();
      await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
      expect(await seriousViolations(page)).toEqual([]);
    }

    // 资源征集活动概况: the activity's overview under the table.
    await open(page, `/management/type=zyzjhdgk?activityId=${encodeURIComponent(activity.activityId)}`);
    const overview = await call<{ signUpPersons: number }>(token, 'GET', 'staCollectActivityOverview/overview', { activityId: activity.activityId });
    await page.getByRole('region', { name: `《${activity.name}》概况` }).waitFor();
    expect(await stat(page, 'signUpPersons')).toBe(String(overview.signUpPersons));
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('an export the server refuses says why, once', async () => {
    const { token } = await loginTicket(baseUrl(), 'admin');
    const activity = await seededActivity(token);
    const { context, page } = await newPage(browser);
    // A school administrator reaches no city activity: the server refuses (403) with its reason.
    await loginAs(page, 'schooladmin');
    await open(page, `/management/type=applicants/${encodeURIComponent(activity.activityId)}/${activity.activitySystem}/${encodeURIComponent(activity.name)}`);
    await page.getByRole('heading', { level: 1, name: /报名人员/ }).waitFor();
    await page.getByRole('button', { name: '导出', exact: true }).click();
    const refusal = page.getByRole('alert').filter({ hasText: /^导出失败：.+（403\d*）$/ });
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('不在您的管理范围内');
    // No global error notice repeats it (file calls never raise one, spec §8).
    expect(await page.locator('.ant-message-notice, .ant-notification-notice').filter({ hasText: '不在您的管理范围内' }).count()).toBe(0);
    await context.close();
  });

  it('a reviewer sees their own review overview, with the quota of each assignment', async () => {
    const { token } = await loginTicket(baseUrl(), 'reviewer');
    const mine = await call<{ activityId: string; activityName: string }[]>(token, 'GET', 'staMyWorkAuditOverview/activities');
    expect(mine.length, 'the demo reviewer reviews in a seeded activity').toBeGreaterThan(0);
    const first = mine[0]!;
    const overview = await call<{ total: { assigned: number; done: number; pending: number }; rows: unknown[] }>(token, 'GET', 'staMyWorkAuditOverview/overview', { activityId: first.activityId });

    const { context, page } = await newPage(browser);
    await loginAs(page, 'reviewer');
    await open(page, '/management/type=wdzppsgk');
    await page.getByRole('heading', { level: 1, name: '我的作品评审概况' }).waitFor();
    await page.getByText(`共 ${mine.length} 条`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: `查看《${first.activityName}》的评审概况` }).click();
    await page.getByRole('region', { name: `《${first.activityName}》我的评审` }).waitFor();
    expect(await stat(page, 'assigned')).toBe(String(overview.total.assigned));
    expect(await stat(page, 'done')).toBe(String(overview.total.done));
    expect(await stat(page, 'pending')).toBe(String(overview.total.pending));
    expect(await page.getByRole('table', { name: '我的评审任务' }).locator('tbody tr.ant-table-row').count()).toBe(Math.min(10, overview.rows.length));
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('visitors see the high-quality works and open one', async () => {
    // The demo's works review has a work decided high-quality at the city level, published as a lesson
    // (activityReview/demoReview.ts); the review-chain test may add more on the same server.
    const works = await call<{ rows: { title: string; lessonId: string | null }[]; total: number }>(null, 'POST', 'activityWork/getHighQualityWorkPage', { pageNum: 1, pageSize: 12 });
    expect(works.total).toBeGreaterThan(0);
    const { context, page } = await newPage(browser);
    await open(page, '/resourcesCollect/goodWorkList');
    await page.getByRole('heading', { level: 1, name: '优秀作品' }).waitFor();
    await page.getByRole('search', { name: '筛选优秀作品' }).waitFor();
    const cards = page.getByRole('list', { name: '优秀作品' }).getByRole('listitem');
    await cards.filter({ hasText: works.rows[0]!.title }).first().waitFor();
    expect(await cards.count()).toBe(works.rows.length);
    expect(await seriousViolations(page)).toEqual([]);
    // A work opens the catalogue lesson it became.
    const first = works.rows.find((w) => w.lessonId);
    expect(first, 'a high-quality work published as a lesson').toBeDefined();
    await cards.filter({ hasText: first!.title }).first().getByRole('link', { name: first!.title }).click();
    await atRoute(page, /goodWorkList\/[^/]+\/1$/);
    await page.getByRole('heading', { level: 1, name: first!.title }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
