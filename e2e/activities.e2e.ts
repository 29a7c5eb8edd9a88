/**
 * A teacher takes part in a resource-collection activity on the portal: finds the published activity
 * on 资源征集, reads its detail, signs up, claims a node of the scope's tree, uploads a work package
 * (a real H.264 MP4 through the uploader), sees the automatic format review (a bitrate warning the
 * activity allows) and submits it. A second teacher of another school then sees that node's
 * occupancy on the sign-up page, and a claim of a node that filled meanwhile is refused in clear
 * words. The activity is created and published by the city administrator
 * through the organiser's calls; every page passes axe.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_VIDEO_RULES, type ActivityDetail, type ActivityInput } from '@dscloud/sdk/activities';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { seriousViolations, animationsSettled } from './support/axe';
import { baseUrl, launchBrowser, loginAs, newPage, open } from './support/browser';
import { loginTicket } from './support/uploads';

const FIXTURE = path.resolve(import.meta.dirname, '../packages/server/seed/works/video-1080p25-h264-aac.mp4');
const A = '/cloudSchool/v1/resourceCollectActivity';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let browser: Browser;
let folder: string;
let activity: ActivityDetail;

async function call<T>(token: string, method: string, route: string, body?: unknown): Promise<{ status: number; message: string; data: T }> {
  const res = await fetch(`${baseUrl()}${route}`, {
    method,
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await res.json()) as { status: number; message: string; data: T };
}

/** The fixture with a `free` box of random bytes: still a valid H.264 MP4, content no run uploaded before. */
function uniqueVideo(): string {
  const padding = randomBytes(16 * 1024);
  const box = Buffer.alloc(8);
  box.writeUInt32BE(8 + padding.length, 0);
  box.write('free', 4, 'latin1');
  const file = path.join(folder, '分数的初步认识.mp4');
  writeFileSync(file, Buffer.concat([readFileSync(FIXTURE), box, padding]));
  return file;
}

async function expectAxeClean(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}

beforeAll(async () => {
  browser = await launchBrowser();
  folder = mkdtempSync(path.join(tmpdir(), 'ds-act-e2e-'));
  // The organiser: a city activity reaches every school of the city, both teachers' included.
  const admin = await loginTicket(baseUrl(), 'admin');
  const now = Date.now();
  const body: Partial<ActivityInput> = {
    name: `东山市小学数学精品课征集 ${randomBytes(3).toString('hex')}`,
    description: '<p>面向全市小学数学教师，<strong>报名后认领课时</strong>并上传作品包。</p>',
    activitySystem: 1,
    signUpStartTime: now - HOUR,
    signUpEndTime: now + 2 * DAY,
    uploadStartTime: now - HOUR,
    uploadEndTime: now + 5 * DAY,
    auditStartTime: now + 6 * DAY,
    auditEndTime: now + 8 * DAY,
    scope: [{ stage: 2, subjectCode: 214, editionId: 'ed-renjiao', bookId: 'bk-214-3a' }],
    reviewLevels: [1, 2, 3],
    packageTemplate: [
      { item: 1, required: true, fileCategories: [2], maxFiles: 1 },
      { item: 2, required: false, fileCategories: [5], maxFiles: 1 },
    ],
    rules: { nodesPerTeacher: 2, teachersPerNode: 2, allowFormatWarnings: true },
    // The fixture lasts seconds at a low bitrate: the length rule is relaxed, the bitrate only warns.
    videoRules: { ...DEFAULT_VIDEO_RULES, minDurationSeconds: 1, maxDurationSeconds: 60, bitrateKbps: 8000, bitrateTolerancePercent: 10, warnings: ['bitrate', 'audioBitrate'] },
  };
  const saved = await call<ActivityDetail>(admin.token, 'POST', `${A}/save`, body);
  expect(saved.message).toBe('成功');
  const publish = await call(admin.token, 'POST', `${A}/set/status`, { activityId: saved.data.activityId, version: saved.data.version, status: 1 });
  expect(publish.message).toBe('成功');
  activity = saved.data;
});

afterAll(async () => {
  await browser?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('resource-collection activities on the portal', () => {
  let nodeId = '';
  let nodeName = '';

  it('a teacher finds the activity, signs up, claims a node, uploads a package, sees the format review and submits', async () => {
    const { context, page } = await newPage(browser);
    onTestFailed(() => page.screenshot({ path: '/tmp/act-e2e-failed.png', fullPage: true }).then(() => undefined));
    await loginAs(page, 'teacher');

    // 资源征集: the activity is among the current ones.
    await open(page, '/resourcesCollect');
    await page.getByRole('heading', { level: 1, name: '资源征集' }).waitFor();
    const current = page.getByRole('region', { name: '正在进行的活动' });
    await current.getByRole('link', { name: activity.name }).click();

    // The detail: the sanitised notice, the windows in China time, the phase and the next step.
    await page.getByRole('heading', { level: 1, name: activity.name }).waitFor();
    await page.locator('.ds-act-notice strong', { hasText: '报名后认领课时' }).waitFor();
    await page.getByText('时间均为北京时间').waitFor();
    await page.getByText(/距作品上传结束还有 \d+天/).waitFor();
    await expectAxeClean(page);
    await page.getByRole('button', { name: '立即报名' }).click();

    // Sign-up: the name comes from the account, the only stage and subject of the scope is chosen.
    await page.getByRole('heading', { level: 1, name: '活动报名' }).waitFor();
    await page.getByLabel('真实姓名', { exact: true }).waitFor();
    expect(await page.getByLabel('真实姓名', { exact: true }).inputValue()).toBe('王晓明');
    expect(await page.getByLabel('学校', { exact: true }).inputValue()).toMatch(/南湖区实验小学/);
    // Before signing up the tree already shows which nodes are free; claiming waits for the sign-up.
    await page.locator('.ds-act-node[data-node-id]').first().getByText('报名后可认领').waitFor();
    await expectAxeClean(page);
    await page.getByRole('button', { name: '提交报名' }).click();
    await page.getByText('报名成功，请认领课程节点').waitFor();

    const first = page.locator('.ds-act-node[data-node-id]').first();
    await first.getByText('已认领 0/2').waitFor();
    nodeId = (await first.getAttribute('data-node-id')) ?? '';
    nodeName = (await first.locator('.ant-checkbox-label, label').first().innerText()).trim();
    await first.getByRole('checkbox').check();
    await page.getByRole('button', { name: '认领所选节点（1）' }).click();
    const confirm = page.getByRole('dialog', { name: '确定认领以下 1 个节点吗？' });
    await confirm.getByText(nodeName).waitFor();
    await animationsSettled(page);
    await confirm.getByRole('button', { name: '确定' }).click();
    await page.getByText('已认领 1 个节点').first().waitFor();
    await page.locator(`.ds-act-node[data-node-id="${nodeId}"]`).getByText('已认领 1/2').waitFor();
    await page.getByRole('region', { name: '我认领的节点' }).getByText(nodeName).waitFor();
    await expectAxeClean(page);

    // The works page: one card per claimed node; upload its package.
    await page.getByRole('button', { name: '去上传作品' }).click();
    await page.getByRole('heading', { level: 1, name: '活动管理' }).waitFor();
    await page.getByText('尚未上传作品').waitFor();
    await expectAxeClean(page);
    await page.getByRole('button', { name: '上传作品' }).click();

    await page.getByRole('heading', { level: 1, name: '上传作品' }).waitFor();
    await page.getByLabel('作品名称', { exact: true }).fill('分数的初步认识');
    // The uploader takes files once it has the server's upload rules (it lists the allowed types then).
    const videoItem = page.locator('fieldset[data-item="1"]');
    await videoItem.getByText(/支持：mp4/).waitFor();
    await videoItem.locator('input[type="file"]').setInputFiles(uniqueVideo());
    await page.locator('fieldset[data-item="1"] [data-file-id][data-status="done"]').waitFor({ timeout: 30_000 });
    // Nothing saved yet: submitting waits for the format review.
    expect(await page.getByRole('button', { name: '提交作品' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: '保存并检查格式' }).click();

    // The server probed the stored video: it passed with the bitrate warning this activity allows.
    const review = page.getByRole('region', { name: '形式审查结果' });
    await review.getByText(/形式审查通过（有 \d+ 项提示）/).waitFor({ timeout: 30_000 });
    await review.locator('.ds-act-failure--warning', { hasText: /码率为 \d+ kbps，建议约 8000 kbps/ }).waitFor();
    expect(await review.locator('.ds-act-failure--error').count()).toBe(0);
    await expectAxeClean(page);

    await page.getByRole('button', { name: '提交作品' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await page.getByRole('heading', { level: 1, name: '活动管理' }).waitFor();
    const card = page.locator('.ds-act-work', { hasText: '分数的初步认识' });
    await card.getByText('已提交').waitFor();
    await card.getByRole('button', { name: '撤回' }).waitFor();
    await expectAxeClean(page);
    await context.close();
  });

  it('a second teacher sees the node taken by the first; when it fills meanwhile, the claim says so', async () => {
    expect(nodeId).not.toBe('');
    const { context, page } = await newPage(browser);
    onTestFailed(() => page.screenshot({ path: '/tmp/act-e2e-teacher2-failed.png', fullPage: true }).then(() => undefined));
    await loginAs(page, 'teacher2');
    await open(page, `/resourcesCollect/activityList/activityDetail/signUp/${activity.activityId}`);
    await page.getByRole('heading', { level: 1, name: '活动报名' }).waitFor();
    const node = page.locator(`.ds-act-node[data-node-id="${nodeId}"]`);
    await node.getByText('已认领 1/2').waitFor();
    await node.getByText(nodeName).waitFor();
    await expectAxeClean(page);

    await page.getByRole('button', { name: '提交报名' }).click();
    await page.getByText('报名成功，请认领课程节点').waitFor();
    await node.getByRole('checkbox').check();
    // Another teacher of the city takes the last place while this one is deciding.
    const other = await loginTicket(baseUrl(), 'auditor');
    const S = '/cloudSchool/v1/activitySignUp';
    const joined = await call(other.token, 'POST', `${S}/save`, { activityId: activity.activityId, realName: '刘雅琴', phone: '', stage: 2, subjectCode: 214 });
    expect(joined.message).toBe('成功');
    const claimed = await call(other.token, 'POST', `${S}/nodeSave`, { activityId: activity.activityId, nodeIds: [nodeId] });
    expect(claimed.message).toBe('成功');

    await page.getByRole('button', { name: '认领所选节点（1）' }).click();
    await page.getByRole('dialog', { name: '确定认领以下 1 个节点吗？' }).waitFor();
    await animationsSettled(page);
    await page.getByRole('dialog', { name: '确定认领以下 1 个节点吗？' }).getByRole('button', { name: '确定' }).click();
    // The server's words, naming the node and the rule, with the code; the tree now shows it full.
    await page.getByRole('alert').filter({ hasText: /节点已满：.*已满.*（409）/ }).first().waitFor();
    await node.getByText('已认领 2/2').waitFor();
    await node.getByText('已满', { exact: true }).waitFor();
    expect(await node.getByRole('checkbox').isDisabled()).toBe(true);
    await context.close();
  });

  it('a visitor sees the published activity on the home and finds it in the list by keyword', async () => {
    const { context, page } = await newPage(browser);
    onTestFailed(() => page.screenshot({ path: '/tmp/act-e2e-visitor-failed.png', fullPage: true }).then(() => undefined));
    await open(page, '/resourcesCollect');
    await page.getByRole('region', { name: '正在进行的活动' }).getByRole('link', { name: activity.name }).waitFor();
    await page.getByText('仅教师可以参与征集活动').waitFor();
    await expectAxeClean(page);

    await page.getByRole('region', { name: '正在进行的活动' }).getByRole('link', { name: '查看全部' }).click();
    await page.getByRole('heading', { level: 1, name: '活动列表' }).waitFor();
    const search = page.getByRole('searchbox', { name: '搜索活动名称' });
    await search.fill(activity.name);
    await search.press('Enter');
    await page.getByText('共 1 个活动').waitFor();
    // The filter lives in the address: back and a shared link keep it.
    expect(new URLSearchParams(page.url().split('?')[1]).get('keyword')).toBe(activity.name);
    await page.getByRole('link', { name: activity.name }).waitFor();
    await expectAxeClean(page);
    await context.close();
  });
});
