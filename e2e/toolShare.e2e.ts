/**
 * A tool document shared read only by link: the teacher saves a mind map in 备课工具, makes a link in
 * 分享 and copies it; a visitor without an account opens the link and sees the document in view mode
 * (no 保存, 只读) while the server refuses any write; after 撤销链接 the same link opens nothing.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atRoute, baseUrl, launchBrowser, loginAs, newPage, open, storedToken } from './support/browser';
import { editorDirty, editorReady, EDITS, exportedJson } from './support/toolEdits';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('备课工具: sharing a document read only', () => {
  it('a visitor opens the link in view mode, cannot write, and the revoked link opens nothing', async () => {
    const teacher = await newPage(browser);
    await teacher.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    const page = teacher.page;
    await loginAs(page, 'teacher');
    await open(page, '/my-tools/mindMap/new');
    await editorReady(page);
    await EDITS.mindMap(page);
    await editorDirty(page);
    const saved = await exportedJson(page);
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await atRoute(page, /#\/my-tools\/mindMap\/wb-[0-9a-f]+$/);
    const id = /wb-[0-9a-f]+/.exec(page.url())![0];
    const title = await page.locator('.ds-tool-editor [part="title"]').inputValue();

    await open(page, '/my-tools');
    await page.getByRole('button', { name: `分享 ${title}` }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: '生成链接' }).click();
    const linkField = dialog.getByLabel('分享链接');
    await linkField.waitFor();
    const link = await linkField.inputValue();
    expect(link).toMatch(new RegExp(`#/tool-share/mindMap/[A-Za-z0-9_-]{43}$`));
    await dialog.getByRole('button', { name: '复制链接' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // A visitor: another browser context, never signed in.
    const visitor = await newPage(browser);
    await visitor.page.goto(link);
    await editorReady(visitor.page);
    await expect.poll(() => exportedJson(visitor.page), { timeout: 20_000 }).toEqual(saved);
    expect(await visitor.page.getByRole('button', { name: '保存', exact: true }).count()).toBe(0);
    await visitor.page.locator('.ds-tool-editor [role=toolbar]').getByText('只读').waitFor();
    expect(await storedToken(visitor.page)).toBeNull();
    // Writes are the owner's only, whatever the page shows: without an account, and as another teacher.
    const asVisitor = await visitor.page.evaluate(async (url) => (await fetch(url, { method: 'DELETE' })).status, `${baseUrl()}/business/v1/whiteboardResource/${id}`);
    expect(asVisitor).toBe(401);
    const other = await newPage(browser);
    await loginAs(other.page, 'teacher2');
    const token2 = (await storedToken(other.page))!;
    const put = await fetch(`${baseUrl()}/business/v1/whiteboardResource`, {
      method: 'PUT',
      headers: { authorization: token2, 'content-type': 'application/json' },
      body: JSON.stringify({ businessWhiteboardResourceId: id, version: 1, title: '改写' }),
    });
    expect(((await put.json()) as { status: number }).status).toBe(404);
    await other.context.close();

    // Revoked: the same link opens nothing, at once.
    await dialog.getByRole('button', { name: '撤销链接' }).click();
    await page.getByText('链接已撤销').waitFor();
    await visitor.page.reload();
    await visitor.page.locator('.ds-tool-editor [part="error"]').filter({ hasText: '文档加载失败' }).waitFor({ timeout: 20_000 });
    await visitor.context.close();
    await teacher.context.close();
  });
});
