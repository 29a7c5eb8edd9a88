/**
 * A lesson's page without antd (docs/performance.md, "/learn and a lesson without antd"): a visitor's and a
 * signed-in learner's lesson page fetch no antd, and what the page offers still works as before:
 * the path back, the player's cover, collecting, and a score given with the keyboard that the server
 * keeps (the notice that says so fetches the page's own toast).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { ANTD_FILE, baseUrl, launchBrowser, loginAs, newPage, open, scriptsOf } from './support/browser';



/** A published on-demand lesson with a video, as a visitor finds it. */
async function someLesson(index: number): Promise<{ lessonId: string; title: string }> {
  const answer = await fetch(`${baseUrl()}/cloudSchool/v1/cloudLesson/getOnDemandLessonPage`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ orderBy: 'newest', pageNum: 1, pageSize: 12 }),
  });
  const rows = ((await answer.json()) as { data: { rows: { lessonId: string; title: string }[] } }).data.rows;
  expect(rows.length).toBeGreaterThan(index);
  return rows[index]!;
}

describe("a lesson's page without antd", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a visitor's lesson page fetches no antd and shows the path, the lesson and its cover", async () => {
    const lesson = await someLesson(0);
    const { context, page } = await newPage(browser);
    const scripts = scriptsOf(page);
    await open(page, `/course-detail/${lesson.lessonId}`);
    await page.getByRole('heading', { level: 1, name: lesson.title }).waitFor({ timeout: 20_000 });
    const path = page.getByRole('navigation', { name: '当前位置' });
    await expect.poll(() => path.getByRole('listitem').allInnerTexts()).toEqual(['首页', '点播课程', lesson.title]);
    await page.getByRole('button', { name: new RegExp(`播放`) }).first().waitFor();
    await page.getByText('登录后可收藏、评分、记笔记').waitFor();
    await page.getByRole('list', { name: '相关课程' }).waitFor({ timeout: 20_000 });
    expect(scripts.length).toBeGreaterThan(2);
    expect(scripts.filter((s) => ANTD_FILE.test(s))).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    // The path leads back to the lesson list.
    await path.getByRole('link', { name: '点播课程' }).click();
    await page.getByRole('button', { name: '搜索' }).waitFor({ timeout: 20_000 });
    await context.close();
  });

  it('a learner collects and scores with the keyboard; the score is kept, and no antd came before the notice', async () => {
    const lesson = await someLesson(3);
    const { context, page } = await newPage(browser);
    await loginAs(page, 'parent');
    const fresh = await context.newPage();
    const scripts = scriptsOf(fresh);
    await open(fresh, `/course-detail/${lesson.lessonId}`);
    await fresh.getByRole('heading', { level: 1, name: lesson.title }).waitFor({ timeout: 20_000 });
    const stars = fresh.getByRole('radiogroup', { name: '评分' });
    await stars.waitFor();
    expect(scripts.filter((s) => ANTD_FILE.test(s))).toEqual([]);

    const collect = fresh.getByRole('button', { name: /收藏/ });
    const before = await collect.getAttribute('aria-pressed');
    await collect.click();
    await expect.poll(() => collect.getAttribute('aria-pressed')).toBe(before === 'true' ? 'false' : 'true');

    // A score other than the one given before, chosen with the keyboard: Tab into the group, arrows to move.
    const checked = stars.getByRole('radio', { checked: true });
    const given = (await checked.count()) ? Number(await checked.getAttribute('value')) : 0;
    const wanted = given === 4 ? 2 : 4;
    // Focus starts on the star given, or on the first when none is (focus alone chooses nothing).
    const from = given || 1;
    await stars.getByRole('radio', { name: `${from} 星` }).focus();
    const steps = wanted - from;
    for (let i = 0; i < Math.abs(steps); i++) await fresh.keyboard.press(steps > 0 ? 'ArrowRight' : 'ArrowLeft');
    await fresh.locator('.ant-message-notice').filter({ hasText: '评分已提交' }).waitFor({ timeout: 20_000 });
    expect(await stars.getByRole('radio', { name: `${wanted} 星` }).isChecked()).toBe(true);
    expect(await fresh.locator('.ds-star--on').count()).toBe(wanted);

    // The server kept it: the page opened again shows the score given.
    await fresh.reload();
    await fresh.getByRole('heading', { level: 1, name: lesson.title }).waitFor({ timeout: 20_000 });
    await expect.poll(() => fresh.getByRole('radiogroup', { name: '评分' }).getByRole('radio', { name: `${wanted} 星` }).isChecked()).toBe(true);
    await expect.poll(() => collect.getAttribute('aria-pressed')).toBe(before === 'true' ? 'false' : 'true');
    expect(await seriousViolations(fresh)).toEqual([]);
    await context.close();
  });
});
