/**
 * `<ds-uploader>` on a page that loads the standalone bundle, logged in through the platform session
 * (the storage keys `<ds-login>` writes): a real page reload in the middle of an upload, the same file
 * chosen again, and the upload continues with only the chunks the server lacks.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser } from './support/browser';
import { downloadedMd5, MB, teacherUploaderPage, writePatternFile } from './support/uploads';

const CHUNKS = 40;
let browser: Browser;
let folder: string;

beforeAll(async () => {
  browser = await launchBrowser();
  folder = mkdtempSync(path.join(tmpdir(), 'ds-uploader-e2e-'));
});
afterAll(async () => {
  await browser?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('<ds-uploader> resume after a real page reload', () => {
  it('continues the upload from the server chunk map and stores the exact bytes', async () => {
    const file = writePatternFile(folder, `公开课-${Date.now()}.zip`, CHUNKS);
    const { ticket, context, page: tab, pageUrl } = await teacherUploaderPage(browser, baseUrl(), MB);
    let chunksSent = 0;
    const workers: string[] = [];
    tab.on('requestfinished', (request) => {
      if (request.url().includes('/api/file/v1/file/block')) chunksSent++;
    });
    tab.on('worker', (worker) => workers.push(worker.url()));

    await tab.goto(pageUrl);
    const input = tab.locator('ds-uploader input[type="file"]');
    await tab.getByRole('button', { name: '选择文件' }).and(tab.locator(':not([aria-disabled])')).waitFor();
    await input.setInputFiles(file);
    await expect.poll(() => chunksSent, { timeout: 60_000 }).toBeGreaterThanOrEqual(4);
    // The MD5 ran in the worker the standalone build emitted beside itself, not on the page's thread.
    expect(workers.some((url) => /\/elements\/chunks\/md5\.worker-[\w-]+\.js$/.test(url))).toBe(true);
    await tab.reload();
    const before = chunksSent;
    expect(before).toBeLessThan(CHUNKS);

    await tab.getByRole('button', { name: '选择文件' }).and(tab.locator(':not([aria-disabled])')).waitFor();
    await input.setInputFiles(file);
    await tab.getByText('断点续传').waitFor({ timeout: 30_000 });
    await tab.getByText('已完成', { exact: true }).waitFor({ timeout: 90_000 });
    const after = chunksSent - before;
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(CHUNKS);

    const fileInfoId = (await tab.evaluate(() => document.body.dataset.fileInfoId))!;
    expect(await downloadedMd5(baseUrl(), ticket.token, fileInfoId)).toBe(createHash('md5').update(readFileSync(file)).digest('hex'));
    await context.close();
  });
});
