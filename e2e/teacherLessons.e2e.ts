/**
 * A teacher uploads a lesson on the portal: 智慧教学 → 上传课程, the curriculum, an H.264 video through
 * the uploader, save, the lesson plays on its detail page and is listed in 我的课程 as unpublished, its
 * video transcoded (视频处理 已完成, in 我的课程 and in the back-office's 点播课管理).
 * The same video in a second lesson is instant (秒传). A lesson with study records is not deleted
 * (2810137, shown as a warning); one without is. Students get neither the screens nor the calls.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { baseUrl, launchBrowser, loginAs, newPage, open, storedToken, openUserMenu } from './support/browser';
import { choose, fillCurriculum } from './support/lessonForm';

const SEED_VIDEO = path.resolve(import.meta.dirname, '../packages/server/seed/media/lesson-shuxue-tuxing.mp4');

let browser: Browser;
let folder: string;

beforeAll(async () => {
  browser = await launchBrowser();
  folder = mkdtempSync(path.join(tmpdir(), 'ds-teach-e2e-'));
});
afterAll(async () => {
  await browser?.close();
  rmSync(folder, { recursive: true, force: true });
});

/**
 * The seed video with a `free` box of random bytes at the end: still a valid H.264 MP4, but content
 * no earlier run has uploaded, so the first upload really sends its bytes.
 */
function uniqueVideo(name: string): string {
  const padding = randomBytes(64 * 1024);
  const box = Buffer.alloc(8);
  box.writeUInt32BE(8 + padding.length, 0);
  box.write('free', 4, 'latin1');
  const file = path.join(folder, name);
  writeFileSync(file, Buffer.concat([readFileSync(SEED_VIDEO), box, padding]));
  return file;
}



const saveButton = (page: Page) => page.locator('.ds-teach-actions button[type="submit"]');

async function apiCall(token: string, method: string, route: string, body?: unknown): Promise<{ status: number; data?: unknown; message?: string }> {
  const res = await fetch(`${baseUrl()}${route}`, {
    method,
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await res.json()) as { status: number; data?: unknown; message?: string };
}

describe('teacher lessons on the portal', () => {
  it('uploads a video into a new lesson, plays it, lists it, and the same video uploads instantly again', async () => {
    const { context, page } = await newPage(browser);
    onTestFailed(() => page.screenshot({ path: '/tmp/teach-e2e-failed.png', fullPage: true }).then(() => undefined));
    const blocks: string[] = [];
    page.on('requestfinished', (request) => {
      if (request.url().includes('/file/v1/file/block')) blocks.push(request.url());
    });
    await loginAs(page, 'teacher');
    await page.getByRole('link', { name: '智慧教学' }).click();
    await page.waitForURL(/#\/learn$/);
    await page.getByRole('link', { name: '上传课程' }).click();
    await page.waitForURL(/#\/my-lessons\/new$/);
    await page.getByRole('heading', { level: 1, name: '上传课程' }).waitFor();

    const stamp = Date.now();
    const title = `认识图形 ${stamp}`;
    await fillCurriculum(page, title);
    await choose(page, '教材（可选）', '人教版 · 数学 三年级上册');

    // Saving without a video is refused by the form, under the video list.
    await saveButton(page).click();
    await page.getByText('请至少上传一个视频').waitFor();

    // Hold the server's answer on the file's MD5 so the upload is visibly running: save waits,
    // leaving asks first.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let answered!: Promise<void>;
    await page.route('**/file/v1/file/exist*', (route) => {
      answered = held.then(() => route.continue());
      return answered;
    });
    const video = uniqueVideo(`第一讲 图形-${stamp}.mp4`);
    await page.locator('.ds-teach-uploader input[type="file"]').setInputFiles(video);
    await expect.poll(() => saveButton(page).innerText()).toBe('视频上传中…');
    expect(await saveButton(page).isDisabled()).toBe(true);
    await openUserMenu(page);
    await page.getByRole('link', { name: '我的课程' }).click();
    const leave = page.getByRole('dialog').filter({ hasText: '视频还在上传' });
    await leave.getByText('再次选择同一文件').waitFor();
    await leave.getByRole('button', { name: '留在此页' }).click();
    expect(page.url()).toMatch(/#\/my-lessons\/new$/);
    release();
    await answered;
    await page.unroute('**/file/v1/file/exist*');

    // The finished upload is a row titled after the file, with the length read from the video.
    const rowTitle = page.getByLabel('第 1 个视频的标题');
    await expect.poll(() => rowTitle.inputValue(), { timeout: 60_000 }).toBe(`第一讲 图形-${stamp}`);
    await page.locator('.ds-teach-video-length', { hasText: /时长 00:\d\d/ }).waitFor();
    expect(blocks.length).toBeGreaterThan(0);
    await rowTitle.fill('第一讲 认识图形');
    await expect.poll(() => saveButton(page).innerText()).toBe('保存课程');
    await saveButton(page).click();

    // The detail of the new lesson, where its video plays (a few seconds, so the teacher has watch time:
    // the player reports whole seconds actually played, and a second that started late may not count).
    await page.waitForURL(/#\/course-detail\/[\w-]+$/, { timeout: 20_000 });
    const lessonId = page.url().split('/course-detail/')[1]!;
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const player = page.locator('.ds-detail-player .plyr video');
    await player.waitFor({ state: 'attached', timeout: 20_000 });
    await page.evaluate(() => {
      document.querySelector<HTMLVideoElement>('.ds-detail-player .plyr video')!.muted = true;
    });
    await page.locator('.ds-player__cover').click();
    await expect
      .poll(() => page.evaluate(() => document.querySelector<HTMLVideoElement>('.ds-detail-player .plyr video')?.currentTime ?? 0), { timeout: 20_000 })
      .toBeGreaterThan(3);

    // 我的课程: the lesson, unpublished and waiting for an administrator.
    await openUserMenu(page);
    await page.getByRole('link', { name: '我的课程' }).click();
    await page.waitForURL(/#\/my-lessons$/);
    const row = page.locator('.ds-teach-table tr', { hasText: title });
    await row.waitFor();
    expect(await row.innerText()).toContain('未发布');
    expect(await row.innerText()).toContain('待管理员发布');
    // 视频处理: the server transcodes the upload (one 360p rung of a 10 s clip) and the row says so
    // without the page being loaded again: the screen reads the states while a video is on its way.
    await row.locator('.ds-teach-video-state--done', { hasText: '已完成' }).waitFor({ timeout: 90_000 });
    // The lesson form shows it beside the video.
    await page.getByRole('button', { name: `编辑《${title}》` }).click();
    await page.waitForURL(/#\/my-lessons\/[\w-]+\/edit$/);
    await page.locator('.ds-teach-video .ds-teach-video-state--done', { hasText: '已完成' }).waitFor({ timeout: 20_000 });
    await open(page, '/my-lessons');
    await page.locator('.ds-teach-table tr', { hasText: title }).waitFor();
    // The administrators see the same state in 点播课管理 (管理后台), beside the button that publishes it.
    const admin = await newPage(browser);
    await loginAs(admin.page, 'admin');
    await open(admin.page, `/management/type=broadcast?keyword=${encodeURIComponent(title)}`);
    const managed = admin.page.getByRole('row').filter({ hasText: title });
    await managed.locator('.ds-teach-video-state--done', { hasText: '已完成' }).waitFor({ timeout: 20_000 });
    await managed.getByRole('button', { name: '发布', exact: true }).waitFor();
    await admin.context.close();

    // The same video in a second lesson: 秒传, no chunk sent.
    await page.getByRole('button', { name: '上传课程' }).first().click();
    await page.waitForURL(/#\/my-lessons\/new$/);
    const second = `认识图形（复习） ${stamp}`;
    await fillCurriculum(page, second);
    const sent = blocks.length;
    const started = Date.now();
    await page.locator('.ds-teach-uploader input[type="file"]').setInputFiles(video);
    await page.getByText('秒传完成', { exact: true }).waitFor({ timeout: 20_000 });
    const instantMs = Date.now() - started;
    expect(blocks.length).toBe(sent);
    console.log(`[e2e] second upload of the same video: instant in ${instantMs} ms`);
    await expect.poll(() => page.getByLabel('第 1 个视频的标题').inputValue()).toBe(`第一讲 图形-${stamp}`);
    await saveButton(page).click();
    await page.waitForURL(/#\/course-detail\/[\w-]+$/, { timeout: 20_000 });
    const secondId = page.url().split('/course-detail/')[1]!;
    expect(secondId).not.toBe(lessonId);
    // The teacher's own unpublished lesson opens without an error (its related lessons were once asked
    // for as a visitor, who cannot see it: "课程不存在" popped up).
    await page.getByRole('heading', { level: 1, name: second }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.ant-message-error').allInnerTexts()).toEqual([]);

    // The first lesson has the teacher's watch time now: deleting it is refused with a warning.
    const token = (await storedToken(page))!;
    await expect
      .poll(async () => {
        const page1 = await apiCall(token, 'POST', '/cloudSchool/v1/lessonOperation/getPage', { pageSize: 50 });
        return ((page1.data as { rows: { lessonId: string }[] }).rows ?? []).some((r) => r.lessonId === lessonId);
      }, { timeout: 20_000 })
      .toBe(true);
    await open(page, '/my-lessons');
    await page.getByRole('button', { name: `删除《${title}》` }).click();
    await page.getByRole('dialog').getByRole('button', { name: '删除' }).click();
    const warning = page.getByRole('dialog').filter({ hasText: '该课程已被使用，不能删除' });
    await warning.getByText(/已有 \d+ 条学习记录或笔记，不能删除.*（2810137）/).waitFor();
    await warning.getByRole('button', { name: '知道了' }).click();
    expect(await page.locator('.ds-teach-table tr', { hasText: title }).count()).toBe(1);

    // The second lesson has no records: it goes.
    await page.getByRole('button', { name: `删除《${second}》` }).click();
    await page.getByRole('dialog').getByRole('button', { name: '删除' }).click();
    // Whichever answer the page shows first; a refusal or an error fails here with its own words.
    const deleted = page.getByText(`课程《${second}》已删除`);
    const refused = page.locator('.ant-modal-confirm-warning, .ant-message-error');
    await deleted.or(refused).first().waitFor();
    expect(await refused.count(), await refused.allInnerTexts().then((texts) => texts.join(' | '))).toBe(0);
    await expect.poll(() => page.locator('.ds-teach-table tr', { hasText: second }).count()).toBe(0);
    await context.close();
  });

  it('gives a student neither the screens nor the calls', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'student');
    await openUserMenu(page);
    await page.getByRole('link', { name: '个人中心' }).waitFor();
    expect(await page.getByRole('link', { name: '我的课程' }).count()).toBe(0);

    await open(page, '/my-lessons/new');
    await page.getByText('只有教师可以上传和管理课程。').waitFor();
    expect(await page.locator('.ds-teach-uploader').count()).toBe(0);
    await open(page, '/learn');
    await page.getByRole('heading', { level: 1, name: '智慧学习' }).waitFor();
    expect(await page.getByRole('link', { name: '上传课程' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '上传课程' }).count()).toBe(0);

    const token = (await storedToken(page))!;
    const save = await apiCall(token, 'POST', '/cloudSchool/v1/cloudLesson/save', {
      title: '学生的课',
      stage: 2,
      subjectCode: 214,
      grade: 3,
      resources: [{ title: 'v', url: '/static/seed/media/lesson-shuxue-tuxing.mp4' }],
    });
    expect(save.status).toBe(403);
    const remove = await apiCall(token, 'DELETE', '/cloudSchool/v1/cloudLesson/deleteLesson?lessonId=ls-0001');
    expect(remove.status).toBe(403);
    await context.close();
  });
});
