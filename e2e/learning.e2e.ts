import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { launchBrowser, loginAs, newPage, open } from './support/browser';

/** Seconds of the player's video, read from the page (the player renders a plain <video> inside). */
const videoTime = (page: Page) => page.evaluate(() => document.querySelector<HTMLVideoElement>('.ds-detail-player video')?.currentTime ?? 0);

describe('learning', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('plays a lesson, notes a moment, finds the note and the watch time', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'student');
    // Home: recommended lessons as cards; open the first one.
    const recommended = page.getByRole('list', { name: '推荐课程' });
    await recommended.getByRole('link').first().waitFor({ timeout: 20_000 });
    expect(await seriousViolations(page)).toEqual([]);
    const title = (await recommended.getByRole('link').first().innerText()).trim();
    await recommended.getByRole('link').first().click();
    await page.waitForURL(/#\/course-detail\//);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();

    // Muted, so the browser lets it play; the cover's button starts it as a viewer would.
    await page.locator('.ds-detail-player video').waitFor({ state: 'attached', timeout: 20_000 });
    await page.evaluate(() => {
      document.querySelector<HTMLVideoElement>('.ds-detail-player video')!.muted = true;
    });
    await page.locator('.ds-player__cover').click();
    await expect.poll(() => videoTime(page), { timeout: 20_000 }).toBeGreaterThan(3);
    await page.evaluate(() => document.querySelector<HTMLVideoElement>('.ds-detail-player video')!.pause());
    const at = Math.floor(await videoTime(page));
    const mmss = `00:${String(at).padStart(2, '0')}`;

    const content = `第 ${at} 秒的笔记 ${Date.now()}`;
    await page.getByRole('textbox', { name: /笔记/ }).fill(content);
    await page.getByRole('button', { name: /保存/ }).click();
    await page.getByText(content).waitFor();
    await page.screenshot({ path: '/tmp/portal-lesson-detail.png', fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // Leaving the lesson unmounts the player, which sends the last batch of watch time.
    await open(page, '/my-notes');
    await page.getByRole('heading', { name: '我的笔记' }).waitFor();
    const note = page.locator('.ds-note', { hasText: content });
    await note.waitFor();
    expect(await note.locator('.ds-note-time').innerText()).toBe(mmss);
    expect(await seriousViolations(page)).toEqual([]);
    await note.locator('.ds-note-time').click();
    await page.waitForURL(new RegExp(`\\?t=${at}$`));
    await page.getByRole('heading', { level: 1, name: title }).waitFor();

    await open(page, '/study-record');
    const record = page.getByRole('list', { name: '学习记录' }).locator('li', { hasText: title });
    await record.waitFor({ timeout: 20_000 });
    expect(await record.locator('.ds-watched').innerText()).toMatch(/已学习 [1-9]\d*秒|已学习 \d+分/);
    await expect
      .poll(async () => (await page.locator('[data-total="time"]').innerText()).replace(/\s+/g, ''))
      .toMatch(/累计学习时长([1-9]\d*秒|\d+分)/);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('narrows /learn by subject: every card shows the chosen subject', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'student');
    await page.getByRole('link', { name: '智慧学习' }).first().click();
    await page.waitForURL(/#\/learn/);
    await page.getByRole('heading', { level: 1, name: '智慧学习' }).waitFor();
    const list = page.getByRole('list', { name: '课程列表' });
    await list.locator('li').first().waitFor({ timeout: 20_000 });
    if ((await page.getByRole('radiogroup', { name: '学科' }).count()) === 0) {
      await page.getByRole('radiogroup', { name: '学段' }).getByText('小学', { exact: true }).click();
    }
    await page.getByRole('radiogroup', { name: '学科' }).getByText('数学', { exact: true }).click();
    await page.waitForURL(/subjectCode=214/);
    await page.screenshot({ path: '/tmp/portal-learn.png' });
    await expect
      .poll(async () => {
        const tags = await list.locator('.ds-subject-tag').allInnerTexts();
        return tags.length > 0 && tags.every((tag) => tag.trim() === '数学');
      }, { timeout: 20_000 })
      .toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('collects a lesson into /my-collection, and the other learning screens read well', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'student');
    await open(page, '/more-lessons/1');
    const list = page.getByRole('list', { name: '点播课程' });
    await list.getByRole('link').first().waitFor({ timeout: 20_000 });
    const title = (await list.getByRole('link').first().innerText()).trim();
    await list.getByRole('link').first().click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const collect = page.getByRole('button', { name: /收藏/ });
    if ((await collect.getAttribute('aria-pressed')) !== 'true') await collect.click();
    await expect.poll(() => collect.getAttribute('aria-pressed')).toBe('true');

    await open(page, '/my-collection');
    await page.getByRole('list', { name: '我的收藏' }).getByRole('link', { name: title }).waitFor({ timeout: 20_000 });
    expect(await seriousViolations(page)).toEqual([]);

    const screens: [string, string][] = [
      ['/live-class-schedule', '直播课表'],
      ['/special-topic', '专题课程'],
      ['/famousSchool', '名校专区'],
      ['/personal-center', '个人中心'],
    ];
    for (const [route, heading] of screens) {
      await open(page, route);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page), route).toEqual([]);
    }
    await context.close();
  });

  it('names /learn 智慧教学 for a teacher', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'teacher');
    await open(page, '/learn');
    await page.getByRole('heading', { level: 1, name: '智慧教学' }).waitFor();
    await page.getByRole('list', { name: '课程列表' }).locator('li').first().waitFor({ timeout: 20_000 });
    await context.close();
  });

  it('asks a visitor to log in on a personal screen', async () => {
    const { context, page } = await newPage(browser);
    await open(page, '/study-record');
    await page.getByRole('heading', { name: '请先登录' }).waitFor();
    await context.close();
  });
});
