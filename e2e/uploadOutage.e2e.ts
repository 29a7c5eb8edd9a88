/**
 * A teacher's upload over a school line that drops, and a platform server that restarts: the upload
 * goes on by itself, sends again only what the server had not acknowledged, and the stored file is
 * byte-identical. The line is a real Chromium network emulation (throttled upload, then offline).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launchBrowser } from './support/browser';
import { downloadedMd5, MB, teacherUploaderPage, writePatternFile } from './support/uploads';
// @ts-expect-error plain ESM script of the repository, no type declarations
import { freePort, startReferenceServer } from '../scripts/reference-server.mjs';

const CHUNKS = 24;
let browser: Browser;
let folder: string;

beforeAll(async () => {
  browser = await launchBrowser();
  folder = mkdtempSync(path.join(tmpdir(), 'ds-upload-outage-'));
});
afterAll(async () => {
  await browser?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** A school line: uploads at `megabytesPerSecond`; `offline()` pulls the cable, `online()` puts it back. */
async function schoolLine(context: BrowserContext, page: Page, megabytesPerSecond: number) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const set = (offline: boolean) =>
    cdp.send('Network.emulateNetworkConditions', { offline, latency: 20, downloadThroughput: -1, uploadThroughput: megabytesPerSecond * MB });
  await set(false);
  return { offline: () => set(true), online: () => set(false) };
}

interface Watch {
  /** Chunk requests that reached the server and were answered. */
  answered: () => number;
  /** Index of every chunk the server acknowledged (answered 200), in order. */
  acknowledged: number[];
}

const chunkIndex = (body: Buffer | null) => Number(/name="chunk"\r\n\r\n(\d+)/.exec(body?.toString('latin1') ?? '')?.[1] ?? NaN);

function watchChunks(page: Page): Watch {
  let answered = 0;
  const acknowledged: number[] = [];
  page.on('requestfinished', (request) => {
    if (!request.url().includes('/api/file/v1/file/block')) return;
    answered++;
    void request.response().then((response) => {
      if (response?.status() === 200) acknowledged.push(chunkIndex(request.postDataBuffer()));
    });
  });
  return { answered: () => answered, acknowledged };
}

async function startUpload(page: Page, pageUrl: string, file: string): Promise<Watch> {
  const watch = watchChunks(page);
  await page.goto(pageUrl);
  await page.getByRole('button', { name: '选择文件' }).and(page.locator(':not([aria-disabled])')).waitFor();
  await page.locator('ds-uploader input[type="file"]').setInputFiles(file);
  return watch;
}

const md5Of = (file: string) => createHash('md5').update(readFileSync(file)).digest('hex');

describe('<ds-uploader> over a line that drops', () => {
  it('waits out a dropped connection and finishes with the exact bytes', async () => {
    const file = writePatternFile(folder, `断线-${Date.now()}.zip`, CHUNKS);
    const { ticket, context, page, pageUrl } = await teacherUploaderPage(browser, baseUrl(), MB);
    const line = await schoolLine(context, page, 4);
    const watch = await startUpload(page, pageUrl, file);

    await expect.poll(watch.answered, { timeout: 60_000 }).toBeGreaterThanOrEqual(4);
    await line.offline();
    // Once the uploader has noticed the drop, nothing gets through while the line is down.
    await page.locator('ds-uploader .ds-uploader__file').getByText('网络已断开，恢复后自动继续', { exact: true }).waitFor({ timeout: 30_000 });
    const atDrop = watch.answered();
    await page.waitForTimeout(3_000);
    expect(watch.answered()).toBe(atDrop);
    expect(atDrop).toBeLessThan(CHUNKS);
    await line.online();

    await page.getByText('已完成', { exact: true }).waitFor({ timeout: 120_000 });
    const fileInfoId = (await page.evaluate(() => document.body.dataset.fileInfoId))!;
    expect(await downloadedMd5(baseUrl(), ticket.token, fileInfoId)).toBe(md5Of(file));
    // Nothing acknowledged was sent twice: every chunk at most once more than the plan (the ones cut off).
    expect(watch.answered()).toBeLessThanOrEqual(CHUNKS + 1);
    await context.close();
  });

  it('waits out 45 s offline (longer than retries and restarts last) showing 网络已断开, then finishes without sending a chunk twice', async () => {
    const file = writePatternFile(folder, `长时间断网-${Date.now()}.zip`, CHUNKS);
    const { ticket, context, page, pageUrl } = await teacherUploaderPage(browser, baseUrl(), MB);
    const line = await schoolLine(context, page, 4);
    const watch = await startUpload(page, pageUrl, file);
    const row = page.locator('ds-uploader .ds-uploader__file');

    await expect.poll(watch.answered, { timeout: 60_000 }).toBeGreaterThanOrEqual(4);
    await line.offline();
    await row.getByText('网络已断开，恢复后自动继续', { exact: true }).waitFor({ timeout: 10_000 });
    const atDrop = watch.answered();
    const progress = Number(await row.getByRole('progressbar').getAttribute('aria-valuenow'));
    expect(progress).toBeGreaterThan(0);
    // Without the wait, three retries (1 + 3 + 5 s) and three restarts would have ended in 失败 by now.
    await page.waitForTimeout(45_000);
    expect(await row.locator('.ds-uploader__status').innerText()).toBe('网络已断开，恢复后自动继续');
    expect(await row.getAttribute('data-status')).toBe('waitingForNetwork');
    expect(await row.getByRole('button', { name: /^重试/ }).count()).toBe(0);
    expect(Number(await row.getByRole('progressbar').getAttribute('aria-valuenow'))).toBe(progress);
    expect(watch.answered()).toBe(atDrop);
    await line.online();

    await row.getByText('已完成', { exact: true }).waitFor({ timeout: 60_000 });
    const fileInfoId = (await page.evaluate(() => document.body.dataset.fileInfoId))!;
    expect(await downloadedMd5(baseUrl(), ticket.token, fileInfoId)).toBe(md5Of(file));
    // No chunk acknowledged twice: what the server held when the line came back was not sent again. A
    // chunk whose answer the drop cut off (stored, reply lost) is held by the server and never answered,
    // so at most the chunks in flight at the drop are missing from the acknowledgements.
    await expect.poll(() => watch.acknowledged.length).toBe(watch.answered());
    expect(new Set(watch.acknowledged).size).toBe(watch.acknowledged.length);
    expect(watch.acknowledged.length).toBeGreaterThanOrEqual(CHUNKS - 3);
    await context.close();
  }, 150_000);

  it('loads the upload part and the file config that failed offline at first use: 重试, or by itself once back online', async () => {
    const { ticket, context, page, pageUrl } = await teacherUploaderPage(browser, baseUrl(), MB);
    const line = await schoolLine(context, page, 8);
    const blocked = { engine: true, config: true };
    await context.route(/\/chunks\/engineCore-[^/]*\.js$/, (route) => (blocked.engine ? route.abort('internetdisconnected') : route.continue()));
    await context.route(/\/file\/v1\/file\/config/, (route) => (blocked.config ? route.abort('internetdisconnected') : route.continue()));
    await page.goto(pageUrl);
    const warning = page.locator('ds-uploader .ds-uploader__warning');
    const picker = page.getByRole('button', { name: '选择文件' });

    await warning.getByText('上传组件加载失败，网络恢复后自动重试').waitFor();
    expect(await picker.getAttribute('aria-disabled')).toBe('true');
    blocked.engine = false;
    await warning.getByRole('button', { name: '重试', exact: true }).click();
    // The upload part is in; the file config is still out of reach: the defaults apply meanwhile.
    await warning.getByText('服务器配置加载失败，已使用默认设置').waitFor();
    blocked.config = false;
    await line.offline();
    await line.online();
    await warning.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('ds-uploader .ds-uploader__hint').innerText()).toContain('单个文件不超过');

    const file = writePatternFile(folder, `首次加载-${Date.now()}.zip`, 2);
    await page.locator('ds-uploader input[type="file"]').setInputFiles(file);
    await page.getByText('已完成', { exact: true }).waitFor({ timeout: 60_000 });
    const fileInfoId = (await page.evaluate(() => document.body.dataset.fileInfoId))!;
    expect(await downloadedMd5(baseUrl(), ticket.token, fileInfoId)).toBe(md5Of(file));
    await context.close();
  });

  describe('on a server of its own', () => {
    // Its first start creates and seeds a database: set-up, not part of what the test waits for.
    let dataDir = '';
    let port = 0;
    let server: Awaited<ReturnType<typeof startReferenceServer>>;
    beforeAll(async () => {
      dataDir = path.join(folder, `server-${Date.now()}`);
      port = await freePort();
      server = await startReferenceServer({ port, dataDir });
    });
    afterAll(async () => {
      await server?.stop();
    });

    // The longest each wait may take on a loaded 2-core machine: 60 s to the sixth chunk, 30 s to the
    // failed request, up to 120 s for the restart to answer /healthz, 120 s to 已完成.
    it('goes on after the server is killed and started again on the same data', async () => {
      const file = writePatternFile(folder, `重启-${Date.now()}.zip`, CHUNKS);
      const { ticket, context, page, pageUrl } = await teacherUploaderPage(browser, server.apiBase, MB);
      await schoolLine(context, page, 4);
      const watch = await startUpload(page, pageUrl, file);

      await expect.poll(watch.answered, { timeout: 60_000 }).toBeGreaterThanOrEqual(6);
      server.child.kill('SIGKILL');
      await new Promise((resolve) => server.child.once('exit', resolve));
      const beforeRestart = watch.answered();
      // The page meets the dead server before it comes back.
      await page.waitForEvent('requestfailed', { predicate: (request) => request.url().includes('/api/file/v1/file/block'), timeout: 30_000 });
      server = await startReferenceServer({ port, dataDir });

      await page.getByText('已完成', { exact: true }).waitFor({ timeout: 120_000 });
      const fileInfoId = (await page.evaluate(() => document.body.dataset.fileInfoId))!;
      // The token issued before the crash is still valid: sessions live in the database.
      expect(await downloadedMd5(server.apiBase, ticket.token, fileInfoId)).toBe(md5Of(file));
      expect(beforeRestart).toBeLessThan(CHUNKS);
      expect(watch.answered()).toBeLessThanOrEqual(CHUNKS + 3);
      await context.close();
    }, 330_000);
  });
});
