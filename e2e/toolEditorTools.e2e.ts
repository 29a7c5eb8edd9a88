/**
 * Every tool of `<ds-tool-editor>`, in the portal's 备课工具 editor (under its Content-Security-Policy:
 * no `eval`) and on a bureau's plain page of another origin (the standalone bundle): a new document
 * takes one edit (which marks it unsaved), is saved, reopened (a reload of its own address) to the same
 * document, and exported (the JSON file equals the stored document; the tool's picture format is a real
 * PNG/SVG file). Static files come from our own origin and nothing is fetched from any other host. One
 * browser for the file; one page per tool and place.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bureauUrl } from './support/servers.js';
import { TOOL_IDS, type ToolId } from '@dscloud/sdk/tools';
import { atRoute, baseUrl, launchBrowser, loginAs, newPage, open, storedToken } from './support/browser';
import { checkPictureExport, EDITS, editorDirty, editorReady, editVisible, exportedJson } from './support/toolEdits';

const TOOLS = TOOL_IDS;

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  const { context, page } = await newPage(browser);
  await loginAs(page, 'teacher');
  token = (await storedToken(page))!;
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

const storedDocument = async (id: string) =>
  ((await (await fetch(`${baseUrl()}/business/v1/whiteboardResource/${id}/document`, { headers: { authorization: token } })).json()) as { data: unknown }).data;

/** Every request of the page to a host other than `allowed`, and every tool asset that failed. */
function watchRequests(page: Page, allowed: string[]) {
  const foreign: string[] = [];
  const failed: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith('data:') && !url.startsWith('blob:') && !allowed.some((origin) => url.startsWith(`${origin}/`))) foreign.push(url);
  });
  page.on('response', (response) => {
    if (response.url().includes('/tool-assets/') && response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  return { foreign, failed };
}

/** The edit, the save's stored document, the reopened document and the exports: the same each time. */
async function roundTrip(page: Page, tool: ToolId, save: () => Promise<string>, reopen: () => Promise<void>): Promise<void> {
  await editorReady(page);
  await EDITS[tool](page);
  await editorDirty(page);
  const edited = await exportedJson(page);
  editVisible(tool, edited);
  const id = await save();
  expect(await storedDocument(id)).toEqual(edited);

  await reopen();
  await editorReady(page);
  await expect.poll(() => exportedJson(page), { timeout: 20_000 }).toEqual(edited);
  expect(await page.locator('.ds-tool-editor[data-dirty]').count(), 'opening is no edit').toBe(0);
  await checkPictureExport(page, tool);
}

describe('备课工具 in the portal: every tool', () => {
  for (const tool of TOOLS) {
    it(`${tool}: edit, save, reopen, export; nothing from another host`, async () => {
      const { context, page } = await newPage(browser);
      const seen = watchRequests(page, [baseUrl()]);
      await loginAs(page, 'teacher');
      await open(page, `/my-tools/${tool}/new`);
      await roundTrip(
        page,
        tool,
        async () => {
          await page.getByRole('button', { name: '保存', exact: true }).click();
          await atRoute(page, new RegExp(`#/my-tools/${tool}/wb-[0-9a-f]+$`));
          await page.getByRole('status').filter({ hasText: '已保存' }).waitFor({ timeout: 20_000 });
          return /wb-[0-9a-f]+/.exec(page.url())![0];
        },
        () => page.reload().then(() => undefined),
      );
      expect(seen.failed).toEqual([]);
      expect(seen.foreign).toEqual([]);
      await context.close();
    });
  }
});

describe('<ds-tool-editor> on a bureau page of another origin: every tool', () => {
  /** The bureau page with the element, the teacher's token handed in as a property. */
  async function openOnBureau(page: Page, tool: ToolId, id?: string) {
    await page.goto(`${bureauUrl()}/tool.html?tool=${tool}${id ? `&id=${id}` : ''}`);
    await page.waitForFunction(() => Boolean(customElements.get('ds-tool-editor')), undefined, { timeout: 20_000 });
    await page.evaluate((t) => Object.assign(document.querySelector('ds-tool-editor')!, { token: t }), token);
  }
  for (const tool of TOOLS) {
    it(`${tool}: edit, save, reopen, export; nothing from another host`, async () => {
      const { context, page } = await newPage(browser);
      const seen = watchRequests(page, [baseUrl(), bureauUrl()]);
      await openOnBureau(page, tool);
      let id = '';
      await roundTrip(
        page,
        tool,
        async () => {
          await page.getByRole('button', { name: '保存', exact: true }).click();
          await page.waitForFunction(() => document.body.dataset.saved || document.body.dataset.error, undefined, { timeout: 30_000 });
          expect(await page.evaluate(() => document.body.dataset.error ?? null)).toBeNull();
          id = await page.evaluate(() => document.body.dataset.saved!);
          return id;
        },
        () => openOnBureau(page, tool, id),
      );
      expect(seen.failed).toEqual([]);
      expect(seen.foreign).toEqual([]);
      await context.close();
    });
  }
});
