import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { baseUrl, launchBrowser, loginAs, newPage, open } from './support/browser';

/** Seconds of the player's video, read from the page (the player renders a plain <video> inside). */
const videoTime = (page: Page) => page.evaluate(() => document.querySelector<HTMLVideoElement>('.ds-detail-player .plyr video')?.currentTime ?? 0);

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
    await page.locator('.ds-detail-player .plyr video').waitFor({ state: 'attached', timeout: 20_000 });
    await page.evaluate(() => {
      document.querySelector<HTMLVideoElement>('.ds-detail-player .plyr video')!.muted = true;
    });
    await page.locator('.ds-player__cover').click();
    await expect.poll(() => videoTime(page), { timeout: 20_000 }).toBeGreaterThan(3);
    await page.evaluate(() => document.querySelector<HTMLVideoElement>('.ds-detail-player .plyr video')!.pause());
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
    // The screen is a lazy part: its stylesheet came with it (the filters stack as a column).
    expect(await page.locator('.ds-filters').evaluate((e) => getComputedStyle(e).flexDirection)).toBe('column');
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

  it('narrows /learn to a chapter of a book by keyboard, and reopens there after reload and on the next visit', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'student');
    await open(page, '/learn');
    const list = page.getByRole('list', { name: '课程列表' });
    await list.locator('li').first().waitFor({ timeout: 20_000 });
    if ((await page.getByRole('radiogroup', { name: '学科' }).count()) === 0) {
      await page.getByRole('radiogroup', { name: '学段' }).getByText('小学', { exact: true }).click();
    }
    // The book picker shows once the subject is chosen; the grade is picked after that.
    await page.getByRole('radiogroup', { name: '学科' }).getByText('数学', { exact: true }).click();
    await page.getByRole('combobox', { name: '教材' }).waitFor();
    await page.getByRole('radiogroup', { name: '年级' }).getByText('三年级', { exact: true }).click();
    await page.waitForURL((url) => /subjectCode=214/.test(url.hash) && /grade=3/.test(url.hash));

    // The book whose lessons span several chapters, and one of those chapters with a name of its own.
    const { bookId, bookTotal, chapter } = await chapterToPick();
    await page.getByRole('combobox', { name: '教材' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: chapter.bookLabel }).first().click();
    await page.waitForURL(new RegExp(`bookId=${bookId}`));
    await expect.poll(() => shownTotal(page), { timeout: 20_000 }).toBe(bookTotal);

    const picker = page.getByRole('combobox', { name: '章节' });
    await picker.focus();
    await page.keyboard.type(chapter.name);
    await page.locator('.ant-select-tree-treenode', { hasText: chapter.name }).first().waitFor();
    expect(await seriousViolations(page, '.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toEqual([]);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`nodeId=${chapter.nodeId}`));
    await expect.poll(() => shownTotal(page), { timeout: 20_000 }).toBe(chapter.total);
    expect(chapter.total).toBeLessThan(bookTotal);
    expect(await list.locator('li').count()).toBe(Math.min(chapter.total, 12));
    expect(await seriousViolations(page)).toEqual([]);

    await page.reload();
    await expect.poll(() => shownTotal(page), { timeout: 20_000 }).toBe(chapter.total);
    // The picker shows the chosen chapter by name (its popup lives outside the filters).
    await page.locator('.ds-filter-pickers').getByText(chapter.name, { exact: true }).waitFor();

    // A bare /learn (the header link, another session) reopens the saved chapter.
    await page.getByRole('link', { name: '智慧学习' }).first().click();
    await page.waitForURL(new RegExp(`nodeId=${chapter.nodeId}`));
    await context.close();
    const next = await newPage(browser);
    await loginAs(next.page, 'student');
    await open(next.page, '/learn');
    await next.page.waitForURL(new RegExp(`nodeId=${chapter.nodeId}`), { timeout: 20_000 });
    await expect.poll(() => shownTotal(next.page), { timeout: 20_000 }).toBe(chapter.total);
    // Clearing the filters here stays cleared.
    await next.page.getByRole('radiogroup', { name: '学段' }).getByText('全部', { exact: true }).click();
    await next.page.waitForURL(/#\/learn(\/demand\/stage=2)?$/);
    await next.context.close();
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

/** The number in "共 N 节课程" once the list has loaded. */
async function shownTotal(page: Page): Promise<number> {
  const text = await page.locator('.ds-learn-total').innerText();
  return Number(text.match(/共\s*(\d+)/)?.[1] ?? -1);
}

const api = async <T>(path: string, body: unknown): Promise<T> => {
  const res = await fetch(`${baseUrl()}/cloudSchool/v1/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return ((await res.json()) as { data: T }).data;
};

/**
 * A grade 3 maths book with published lessons in more than one chapter and its lesson total, and a
 * chapter of it (named once in its tree) with its lesson total, as the server answers them.
 */
async function chapterToPick(): Promise<{ bookId: string; bookTotal: number; chapter: { nodeId: string; name: string; bookLabel: string; total: number } }> {
  type Row = { chapterNodeId: string | null; chapterName: string; bookId: string; bookName: string; editionName: string };
  type Tree = { nodeId: string; name: string; children: Tree }[];
  const { rows } = await api<{ rows: Row[] }>('cloudLesson/getOnDemandLessonPage', { stage: 2, subjectCode: 214, grade: 3, pageSize: 100 });
  for (const bookId of new Set(rows.map((r) => r.bookId))) {
    const inBook = rows.filter((r) => r.bookId === bookId && r.chapterNodeId);
    if (new Set(inBook.map((r) => r.chapterNodeId)).size < 2) continue;
    const names: string[] = [];
    const walk = (nodes: Tree) => nodes.forEach((n) => (names.push(n.name), walk(n.children)));
    walk(await api<Tree>('lessonNode/getChapterTree', { bookId }));
    const lesson = inBook.find((r) => names.filter((n) => n.includes(r.chapterName)).length === 1)!;
    const { total } = await api<{ total: number }>('cloudLesson/getOnDemandLessonPage', { bookId, nodeId: lesson.chapterNodeId, pageSize: 1 });
    const { total: bookTotal } = await api<{ total: number }>('cloudLesson/getOnDemandLessonPage', { stage: 2, subjectCode: 214, grade: 3, bookId, pageSize: 1 });
    return { bookId, bookTotal, chapter: { nodeId: lesson.chapterNodeId!, name: lesson.chapterName, bookLabel: `${lesson.editionName} ${lesson.bookName}`, total } };
  }
  throw new Error('the demo catalogue has no grade 3 maths book with lessons in two chapters');
}
