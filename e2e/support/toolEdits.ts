/**
 * The seven tools of `<ds-tool-editor>` as a teacher uses them, for the end-to-end round trips: one
 * edit in each, the editor's 导出 as a downloaded file, and the checks both the portal and a plain page
 * make. The locators pierce the element's open shadow root, so they serve both.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import type { ToolId } from '@dscloud/sdk/tools';
import { expect } from 'vitest';

export const editorReady = (page: Page) => page.locator('.ds-tool-editor[data-ready]').waitFor({ timeout: 30_000 });
export const editorDirty = (page: Page) => page.locator('.ds-tool-editor[data-dirty]').waitFor({ timeout: 20_000 });

/** A file the editor's 导出 menu downloads in `format`: its bytes. */
export async function exported(page: Page, format: string): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByLabel('导出').selectOption(format)]);
  expect(download.suggestedFilename().endsWith(`.${format}`)).toBe(true);
  return readFile((await download.path())!);
}

/** The document as 导出 → JSON downloads it. */
export const exportedJson = async (page: Page): Promise<unknown> => JSON.parse((await exported(page, 'json')).toString('utf8'));

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The picture export a tool offers besides JSON, checked as the file type it claims to be. */
export async function checkPictureExport(page: Page, tool: ToolId): Promise<void> {
  const picture = PICTURE[tool];
  if (!picture) return;
  const bytes = await exported(page, picture);
  if (picture === 'png') expect(bytes.subarray(0, 8).equals(PNG_MAGIC), 'a PNG file').toBe(true);
  else expect(bytes.toString('utf8')).toMatch(/<svg[\s>]/);
  expect(bytes.length).toBeGreaterThan(200);
}

const PICTURE: Partial<Record<ToolId, 'png' | 'svg'>> = { mindMap: 'svg', whiteboard: 'png', FUNCTION: 'svg', PINYIN: 'svg', FLTG: 'svg' };

/** A drag with the mouse, in small steps, as a hand draws. */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

/** One edit a teacher makes in each tool; it must leave the editor with unsaved changes. */
export const EDITS: Record<ToolId, (page: Page) => Promise<void>> = {
  mindMap: async (page) => {
    await page.getByLabel('主题').selectOption('dark');
  },
  ELECTRONIC_COURSE: async (page) => {
    const selects = page.locator('.ds-node-picker select');
    await selects.nth(0).locator('option').nth(1).waitFor({ state: 'attached' });
    await selects.nth(0).selectOption({ index: 1 });
    await selects.nth(1).locator('option').nth(1).waitFor({ state: 'attached' });
    await selects.nth(1).selectOption({ index: 1 });
    await page.locator('.ds-node-picker button.node').first().click();
  },
  // A formula typed and left in its field (no Enter, no blur) counts once typing pauses.
  FUNCTION: (page) => page.locator('.fg-row input').nth(1).fill('x^2-1'),
  PINYIN: (page) => page.locator('.ds-tool-editor [part="stage"] textarea').first().fill('睡觉'),
  FLTG: (page) => page.locator('input[type=radio][name=grid]').nth(1).check(),
  gameTemplate: (page) => page.locator('input[name=gt-kind][value=quiz]').check(),
  whiteboard: async (page) => {
    // The tool's radio button is covered by its icon: a user clicks the button (its label).
    await page.locator('.excalidraw label:has([data-testid="toolbar-rectangle"])').click();
    const box = (await page.locator('.excalidraw canvas.interactive').boundingBox())!;
    await drag(page, { x: box.x + box.width / 2 - 120, y: box.y + box.height / 2 - 60 }, { x: box.x + box.width / 2 + 80, y: box.y + box.height / 2 + 60 });
  },
};

/** What the tool's saved document must hold after its edit (beyond being equal to the export). */
export function editVisible(tool: ToolId, doc: unknown): void {
  const data = (doc as { data: Record<string, unknown> }).data;
  if (tool === 'whiteboard') expect((data.elements as Array<{ type: string }>).map((e) => e.type)).toEqual(['rectangle']);
  if (tool === 'FUNCTION') expect((data.functions as Array<{ expr: string }>).map((f) => f.expr)).toEqual(['a*sin(x)', 'x^2-1']);
  if (tool === 'ELECTRONIC_COURSE') expect((data.selection as { nodeId?: string }).nodeId).toBeTruthy();
}
