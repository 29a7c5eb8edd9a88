/**
 * 直播课管理 and 点播课管理 against the real server: the demo teacher files a lesson (unpublished),
 * the city administrator finds it with the table's filters (kept in the URL through a reload),
 * publishes it with the confirmation of spec §8, and a student then finds it on /learn. Both screens
 * pass axe.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { baseUrl, launchBrowser, loginAs, newPage, open, storedToken } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function apiCall(token: string | null, method: string, route: string, body?: unknown) {
  const res = await fetch(`${baseUrl()}${route}`, {
    method,
    headers: { ...(token ? { authorization: token } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await res.json()) as { status: number; data?: unknown; message?: string };
}

/** A fresh unpublished lesson of the demo teacher, filed as the teacher's upload form files it. */
async function teachersUnpublishedLesson(title: string): Promise<string> {
  const { context, page } = await newPage(browser);
  await loginAs(page, 'teacher');
  const token = (await storedToken(page))!;
  await context.close();
  const saved = await apiCall(token, 'POST', '/cloudSchool/v1/cloudLesson/save', {
    title,
    stage: 2,
    subjectCode: 214,
    grade: 3,
    resources: [{ title: '第一段', url: '/static/seed/media/lesson-shuxue-tuxing.mp4', durationSeconds: 10 }],
  });
  expect(saved.status, saved.message).toBe(200);
  const lesson = saved.data as { lessonId: string; publishStatus: number };
  expect(lesson.publishStatus).toBe(0);
  return lesson.lessonId;
}

const actionsOf = (page: Page, title: string) => page.getByRole('group', { name: `《${title}》的操作` });

/**
 * Picks an option of the antd select labelled `label` (the dropdown renders outside the field), after
 * typing `search` into it when the list is found by search.
 */
async function choose(page: Page, scope: Locator, label: string, option: string, search?: string): Promise<void> {
  const field = scope.getByLabel(label, { exact: true });
  await field.click();
  if (search) await page.keyboard.type(search);
  const own = page.getByLabel(label, { exact: true }); // inside `has`, a locator is relative to the outer one
  // Clicked only once the dropdown has finished sliding in: a click during the motion can miss it.
  const settled = page.locator('.ant-select-dropdown:visible:not([class*="-enter"]):not([class*="-appear"])');
  await settled.locator(`.ant-select-item-option[title="${option}"]`).click();
  await scope.locator('.ant-select', { has: own }).locator(`.ant-select-content[title="${option}"]`).waitFor();
}

/** `YYYY-MM-DD HH:mm` in China time (how the portal shows and picks times), `days` from now at `hour`. */
function chinaStamp(days: number, hour: number): string {
  const d = new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(hour)}:00`;
}

describe('lesson management', () => {
  it('an administrator publishes a teacher’s unpublished lesson and a student finds it on /learn', async () => {
    const title = `管理发布${Date.now().toString(36)}`;
    await teachersUnpublishedLesson(title);
    const hidden = await apiCall(null, 'POST', '/cloudSchool/v1/cloudLesson/getOnDemandLessonPage', { keyword: title });
    expect((hidden.data as { total: number }).total).toBe(0);

    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');
    await open(page, '/management/type=broadcast');
    await page.getByRole('heading', { level: 1, name: '点播课管理' }).waitFor();
    await page.getByLabel('课程名称', { exact: true }).fill(title);
    await page.getByRole('button', { name: '查询' }).click();
    await page.waitForURL(/type=broadcast\?.*keyword=/);
    // The filter is in the URL: a reload shows the same table.
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByText('未发布').waitFor({ timeout: 15_000 });
    expect(await page.getByLabel('课程名称', { exact: true }).inputValue()).toBe(title);
    expect(await page.getByRole('row').count()).toBe(2);

    // The preview plays the teacher's video although the lesson is not published yet.
    await actionsOf(page, title).getByRole('button', { name: '预览' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: `预览《${title}》` });
    const video = drawer.locator('.plyr video');
    await video.waitFor({ state: 'attached', timeout: 20_000 });
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
    });
    await drawer.locator('.ds-player__cover').click();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    expect(await seriousViolations(page, '.ant-drawer-section')).toEqual([]);
    await drawer.getByRole('button', { name: /close|关闭/i }).click();
    await drawer.waitFor({ state: 'hidden' });

    await actionsOf(page, title).getByRole('button', { name: '发布', exact: true }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '提示' });
    await dialog.getByText(`确定要发布《${title}》吗？`).waitFor();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('操作成功').waitFor();
    await row.getByText('已发布').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();

    const learner = await newPage(browser);
    await loginAs(learner.page, 'student');
    await open(learner.page, `/learn/demand/keyword=${encodeURIComponent(title)}`);
    await learner.page.getByRole('link', { name: new RegExp(title) }).first().waitFor({ timeout: 15_000 });
    await learner.context.close();
  });

  it('the live screen shows the filters, the count badge and its table, and passes axe', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');
    await open(page, '/management');
    await page.waitForURL(/type=live$/);
    await page.getByRole('heading', { level: 1, name: '直播课管理' }).waitFor();
    await page.getByRole('status', { name: '直播课概况' }).waitFor();
    await page.locator('.ds-mgmt-table .ant-table-row').first().waitFor({ timeout: 15_000 });
    // Page 2 is in the URL, and back returns to page 1.
    await page.locator('.ant-pagination-item-2').click();
    await page.waitForURL(/type=live\?page=2/);
    await page.goBack();
    await page.waitForURL(/type=live$/);
    await page.locator('.ant-pagination-item-active', { hasText: '1' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('a school administrator sees only their school’s lessons; a researcher reads without the buttons', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'schooladmin');
    await open(page, '/management/type=broadcast?size=50');
    const rows = page.locator('.ds-mgmt-table .ant-table-row');
    await rows.first().waitFor({ timeout: 15_000 });
    const schools = await page.locator('.ds-mgmt-table .ant-table-row td:nth-child(5)').allInnerTexts();
    expect(schools.length).toBeGreaterThan(0);
    expect(new Set(schools)).toEqual(new Set(['东山市南湖区实验小学']));
    await context.close();

    const reader = await newPage(browser);
    await loginAs(reader.page, 'researcher');
    await open(reader.page, '/management/type=live');
    await reader.page.locator('.ds-mgmt-table .ant-table-row').first().waitFor({ timeout: 15_000 });
    const menu = reader.page.getByRole('navigation', { name: '管理菜单' });
    await menu.getByRole('link', { name: '点播课管理' }).waitFor();
    expect(await reader.page.getByRole('button', { name: '批量发布' }).count()).toBe(0);
    expect(await reader.page.getByRole('button', { name: '删除', exact: true }).count()).toBe(0);
    await reader.context.close();
  });

  it('an administrator schedules a live lesson through the lesson form and is warned off deleting a lesson in use', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');
    await open(page, '/management/type=live');
    await page.getByRole('button', { name: '新建直播课' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: '新建直播课' });
    const title = `区直播${Date.now().toString(36)}`;
    await drawer.getByLabel('课程名称', { exact: true }).fill(title);
    await drawer.getByLabel('直播时间', { exact: true }).click();
    // Typed as a user would, each end confirmed with Enter (which does not submit the form).
    await page.keyboard.type(chinaStamp(2, 10));
    await page.keyboard.press('Enter');
    await page.keyboard.type(chinaStamp(2, 11));
    await page.keyboard.press('Enter');
    await choose(page, drawer, '学段', '小学');
    await choose(page, drawer, '学科', '数学');
    await choose(page, drawer, '年级', '三年级');
    // The teacher, found by name among the teacher introductions.
    await choose(page, drawer, '授课教师（可选）', '王晓明（东山市南湖区实验小学）', '王晓明');
    await drawer.locator('.ds-teach-actions button[type="submit"]').click();
    await page.getByText('操作成功').first().waitFor({ timeout: 15_000 });
    await drawer.waitFor({ state: 'hidden' });
    await open(page, `/management/type=live?keyword=${encodeURIComponent(title)}`);
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByText('未开始').waitFor({ timeout: 15_000 });
    await row.getByText('未发布').waitFor();
    const cells = await row.innerText();
    expect(cells).toContain(`${chinaStamp(2, 10)} – 11:00`);
    expect(cells).toContain('王晓明');
    expect(cells).toContain('东山市南湖区实验小学');

    // A lesson a learner has started is kept: the server's reason shows as a warning (2810137).
    const teacher = await newPage(browser);
    await loginAs(teacher.page, 'teacher');
    const token = (await storedToken(teacher.page))!;
    await teacher.context.close();
    const used = `有记录${Date.now().toString(36)}`;
    const saved = await apiCall(token, 'POST', '/cloudSchool/v1/cloudLesson/save', {
      title: used, stage: 2, subjectCode: 214, grade: 3,
      resources: [{ title: '第一段', url: '/static/seed/media/lesson-shuxue-tuxing.mp4', durationSeconds: 10 }],
    });
    const lesson = saved.data as { lessonId: string; resources: { resourceId: string }[] };
    const watched = await apiCall(token, 'POST', '/cloudSchool/v1/lessonOperation/addLearningDuration', {
      lessonId: lesson.lessonId, resourceId: lesson.resources[0]!.resourceId, seconds: 5, position: 5,
    });
    expect(watched.status, watched.message).toBe(200);
    await open(page, `/management/type=broadcast?keyword=${encodeURIComponent(used)}`);
    await actionsOf(page, used).getByRole('button', { name: '删除' }).click();
    const ask = page.getByRole('dialog').filter({ hasText: '确定要删除吗' });
    await ask.locator('.ant-modal-confirm-title', { hasText: '提示' }).waitFor();
    await ask.getByRole('button', { name: /确\s*定/ }).click();
    const warning = page.getByRole('dialog').filter({ hasText: '该课程已被使用，不能删除' });
    await warning.getByText(/学习记录或笔记，不能删除.*（2810137）/).waitFor();
    await warning.getByRole('button').click();
    expect(await page.getByRole('row').filter({ hasText: used }).count()).toBe(1);
    await context.close();
  });
});
