import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { baseUrl, launchBrowser, loginAs, newPage, open, storedToken } from './support/browser';

async function apiCall<T>(token: string, method: string, route: string, body?: unknown): Promise<{ status: number; data: T; message?: string }> {
  const res = await fetch(`${baseUrl()}${route}`, {
    method,
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await res.json()) as { status: number; data: T; message?: string };
}

describe('a teacher’s own lesson: key points on the time line, the page view, deleting all my notes', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('marks a moment, seeks by the mark, counts the view, and clears the notes after asking', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'teacher');
    const token = (await storedToken(page))!;
    const title = `要点端到端 ${Date.now()}`;
    const saved = await apiCall<{ lessonId: string; viewCount: number; resources: { resourceId: string }[] }>(token, 'POST', '/cloudSchool/v1/cloudLesson/save', {
      title,
      stage: 2,
      subjectCode: 214,
      grade: 3,
      resources: [{ title: '第一段', url: '/static/seed/media/lesson-shuxue-tuxing.mp4', durationSeconds: 10 }],
    });
    expect(saved.status, saved.message).toBe(200);
    const { lessonId } = saved.data;
    const resourceId = saved.data.resources[0]!.resourceId;

    await open(page, `/course-detail/${lessonId}?t=3`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    // The page view was counted by the server (lessonPreview/add).
    await expect
      .poll(async () => (await apiCall<{ viewCount: number }>(token, 'GET', `/cloudSchool/v1/cloudLesson/getById?lessonId=${lessonId}`)).data.viewCount, { timeout: 10_000 })
      .toBe(saved.data.viewCount + 1);

    const player = page.locator('.ds-detail-player');
    await player.locator('.plyr video').waitFor({ state: 'attached', timeout: 20_000 });
    await expect.poll(() => page.evaluate(() => Math.round(document.querySelector<HTMLVideoElement>('.ds-detail-player .plyr video')?.currentTime ?? 0)), { timeout: 20_000 }).toBe(3);
    const noteField = page.locator('.ds-detail-player textarea[name="note"]');
    for (const content of ['第一条笔记', '第二条笔记']) {
      await noteField.fill(content);
      await page.getByRole('button', { name: '保存笔记' }).click();
      await page.locator('.ds-detail-player [part="note"]', { hasText: content }).waitFor();
    }
    await page.getByRole('button', { name: '清空本课笔记' }).click();
    const ask = page.getByRole('alertdialog');
    await ask.getByText('确定删除本课的全部 2 条笔记吗？', { exact: false }).waitFor();
    expect(await seriousViolations(page, '.ds-detail-player')).toEqual([]);
    await ask.getByRole('button', { name: '确定删除' }).click();
    await page.getByText('还没有笔记').waitFor();
    const notes = await apiCall<{ total: number }>(token, 'POST', '/cloudSchool/v1/lessonNote/getNotesPage', { lessonId });
    expect(notes.data.total).toBe(0);

    const markField = page.getByRole('textbox', { name: /要点标题/ });
    await markField.fill('导入新课');
    await page.getByRole('button', { name: '添加要点' }).click();
    const mark = page.getByRole('button', { name: '00:03 导入新课，跳到此处' });
    await mark.waitFor();
    const stored = await apiCall<{ markTime: number; title: string }[]>(token, 'GET', `/cloudSchool/v1/lessonResourceMark/getList?lessonResourceId=${resourceId}`);
    expect(stored.data.map((m) => `${m.markTime} ${m.title}`)).toEqual(['3 导入新课']);

    await page.evaluate(() => {
      document.querySelector<HTMLVideoElement>('.ds-detail-player .plyr video')!.currentTime = 8;
    });
    await mark.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => Math.round(document.querySelector<HTMLVideoElement>('.ds-detail-player .plyr video')!.currentTime))).toBe(3);

    // A note written after seeking by the mark is saved at the mark's moment.
    await noteField.fill('要点处的笔记');
    await page.getByRole('button', { name: '保存笔记' }).click();
    await page.locator('.ds-detail-player [part="note"]', { hasText: '要点处的笔记' }).getByRole('button', { name: '跳转到 00:03' }).waitFor();
    await context.close();
  });
});
