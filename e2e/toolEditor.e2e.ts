/**
 * 备课工具 end to end: a teacher opens a lesson, launches the mind map for the lesson's chapter, builds
 * the map from the chapter in one click and saves it; reopens it from 备课工具; edits it in a second
 * tab, saves there, and the first tab's save gets the conflict message instead of overwriting. A
 * bureau page on another origin embeds `<ds-tool-editor>` with one script tag and saves a document.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bureauUrl } from './support/servers.js';
import { atRoute, baseUrl, launchBrowser, loginAs, newPage, open, storedToken, openUserMenu } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const api = async <T>(path: string, body: unknown, token?: string): Promise<T> => {
  const res = await fetch(`${baseUrl()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) }, body: JSON.stringify(body) });
  return ((await res.json()) as { data: T }).data;
};

const editorReady = (page: Page) => page.locator('.ds-tool-editor[data-ready]').waitFor({ timeout: 30_000 });
const chooseTheme = (page: Page, value: 'dark' | 'light') => page.getByLabel('主题').selectOption(value);

describe('备课工具', () => {
  it('makes a mind map from a lesson chapter, reopens it, and refuses a stale save from another tab', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'teacher');
    const lessons = await api<{ rows: Array<{ lessonId: string; chapterNodeId: string | null; chapterName: string }> }>('/cloudSchool/v1/cloudLesson/getOnDemandLessonPage', { pageNum: 1, pageSize: 50 });
    const lesson = lessons.rows.find((l) => l.chapterNodeId)!;
    expect(lesson, 'a seeded lesson filed under a chapter').toBeTruthy();

    await open(page, `/course-detail/${lesson.lessonId}`);
    await page.getByRole('navigation', { name: '用备课工具备这节课' }).getByRole('link', { name: '思维导图' }).click();
    await atRoute(page, /#\/my-tools\/mindMap\/new\?nodeId=/);
    await editorReady(page);
    await page.getByRole('button', { name: '从章节生成' }).click();
    await page.locator('.ds-tool-editor[data-dirty]').waitFor();
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await atRoute(page, /#\/my-tools\/mindMap\/wb-[0-9a-f]+$/);
    const id = /wb-[0-9a-f]+/.exec(page.url())![0];

    // 备课工具 lists it; opening it shows the chapter's map again.
    await openUserMenu(page);
    await page.getByRole('link', { name: '备课工具', exact: true }).click();
    await atRoute(page, /#\/my-tools$/);
    const row = page.locator('tr', { hasText: lesson.chapterName }).first();
    await row.getByRole('button', { name: '打开' }).click();
    await atRoute(page, new RegExp(`#/my-tools/mindMap/${id}$`));
    await editorReady(page);
    await expect.poll(() => page.locator('.ds-mind-map-canvas').innerText(), { timeout: 20_000 }).toContain(lesson.chapterName);

    // A second tab changes and saves first.
    const second = await context.newPage();
    await second.goto(page.url());
    await editorReady(second);
    await chooseTheme(second, 'dark');
    await second.getByRole('button', { name: '保存', exact: true }).click();
    await second.getByRole('status').filter({ hasText: '已保存' }).waitFor({ timeout: 20_000 });

    // The first tab's save meets the newer version: the conflict message and a choice, no overwrite.
    await chooseTheme(page, 'dark');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByRole('alertdialog').filter({ hasText: '该文档已在其他页面修改' }).waitFor({ timeout: 20_000 });
    const token = (await storedToken(page))!;
    const current = await (await fetch(`${baseUrl()}/business/v1/whiteboardResource/${id}`, { headers: { authorization: token } })).json();
    expect(current.data.version).toBe(2);
    await context.close();
  });

  it('saves a document from <ds-tool-editor> on a bureau page of another origin', async () => {
    const login = await newPage(browser);
    await loginAs(login.page, 'teacher');
    const token = (await storedToken(login.page))!;
    await login.context.close();

    const { context, page } = await newPage(browser);
    await page.goto(`${bureauUrl()}/tool.html?tool=ELECTRONIC_COURSE`);
    await page.waitForFunction(() => Boolean(customElements.get('ds-tool-editor')), undefined, { timeout: 20_000 });
    await page.evaluate((t) => Object.assign(document.querySelector('ds-tool-editor')!, { token: t }), token);
    await editorReady(page);
    const node = (await api<Array<{ id: string }>>('/business/v1/stage/children', {}))[0]!;
    const books = await api<Array<{ id: string; label: string }>>('/business/v1/stage/children', { parentLevel: 'edition', parentId: node.id });
    const chapters = await api<Array<{ id: string; label: string }>>('/business/v1/stage/children', { parentLevel: 'book', parentId: books[0]!.id });
    const selection = { businessEditionId: node.id, businessBookId: books[0]!.id, businessBookLabel: books[0]!.label, nodeLabel: chapters[0]!.label, nodeId: chapters[0]!.id };
    await page.evaluate((text) => window.postMessage({ type: 'ds-etextbook-select', data: text }, location.origin), JSON.stringify(selection));
    await page.locator('.ds-tool-editor[data-dirty]').waitFor();
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.waitForFunction(() => document.body.dataset.saved || document.body.dataset.error, undefined, { timeout: 30_000 });
    expect(await page.evaluate(() => document.body.dataset.error ?? null)).toBeNull();
    const id = await page.evaluate(() => document.body.dataset.saved!);
    const doc = await (await fetch(`${baseUrl()}/business/v1/whiteboardResource/${id}/document`, { headers: { authorization: token } })).json();
    expect(doc.data).toEqual({ tool: 'ELECTRONIC_COURSE', version: 1, data: { selection } });
    await context.close();
  });
});
