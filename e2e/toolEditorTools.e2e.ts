/**
 * The 拼音, 四线三格/田字格 and game template tools in the portal's 备课工具 editor: each opens, takes one
 * edit, saves, and reopens (a reload of its own address) to the same document; their static files come
 * from our own origin (/elements/tool-assets/) and nothing is fetched from anywhere else.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atRoute, baseUrl, launchBrowser, loginAs, newPage, open, storedToken } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const editorReady = (page: Page) => page.locator('.ds-tool-editor[data-ready]').waitFor({ timeout: 30_000 });

/** The document as the editor's 导出 → JSON downloads it. */
async function exportedJson(page: Page): Promise<unknown> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByLabel('导出').selectOption('json')]);
  return JSON.parse(await readFile((await download.path())!, 'utf8'));
}

/** One edit a teacher makes in each tool. */
const edits: Record<string, (page: Page) => Promise<void>> = {
  PINYIN: (page) => page.locator('.ds-tool-editor [part="stage"] textarea').first().fill('睡觉'),
  FLTG: (page) => page.locator('input[type=radio][name=grid]').nth(1).check(),
  gameTemplate: (page) => page.locator('input[name=gt-kind][value=quiz]').check(),
};

describe('备课工具: the 拼音, practice sheet and game tools in the portal', () => {
  for (const [tool, edit] of Object.entries(edits)) {
    it(`${tool}: one edit, save, reopen: the same document, everything from our origin`, async () => {
      const { context, page } = await newPage(browser);
      const foreign: string[] = [];
      const failed: string[] = [];
      page.on('request', (request) => {
        const url = request.url();
        if (!url.startsWith(baseUrl()) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
      });
      page.on('response', (response) => {
        if (response.url().includes('/tool-assets/') && response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
      });
      await loginAs(page, 'teacher');
      await open(page, `/my-tools/${tool}/new`);
      await editorReady(page);
      await edit(page);
      await page.locator('.ds-tool-editor[data-dirty]').waitFor({ timeout: 20_000 });
      const edited = await exportedJson(page);
      await page.getByRole('button', { name: '保存', exact: true }).click();
      await atRoute(page, new RegExp(`#/my-tools/${tool}/wb-[0-9a-f]+$`));
      await page.getByRole('status').filter({ hasText: '已保存' }).waitFor({ timeout: 20_000 });
      const id = /wb-[0-9a-f]+/.exec(page.url())![0];
      const token = (await storedToken(page))!;
      const stored = await (await fetch(`${baseUrl()}/business/v1/whiteboardResource/${id}/document`, { headers: { authorization: token } })).json();
      expect(stored.data).toEqual(edited);

      await page.reload();
      await editorReady(page);
      expect(await page.locator('.ds-tool-editor[data-dirty]').count()).toBe(0);
      await expect.poll(() => exportedJson(page), { timeout: 20_000 }).toEqual(edited);
      expect(failed).toEqual([]);
      expect(foreign).toEqual([]);
      await context.close();
    });
  }
});
