/**
 * `<ds-uploader>` on a page that loads the standalone bundle, logged in through the platform session
 * (the storage keys `<ds-login>` writes): a real page reload in the middle of an upload, the same file
 * chosen again, and the upload continues with only the chunks the server lacks.
 */
import { constants, createHash, publicEncrypt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD, baseUrl, launchBrowser, newPage } from './support/browser';

const MB = 1024 * 1024;
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

async function loginTicket(username: string): Promise<{ token: string; expire: number }> {
  const key = (await (await fetch(`${baseUrl()}/cas/publicKey`)).json()) as { data: { publicKey: string } };
  // The same PKCS#1 v1.5 ciphertext jsencrypt makes in the browser.
  const password = publicEncrypt({ key: key.data.publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(DEMO_PASSWORD)).toString('base64');
  const response = await fetch(`${baseUrl()}/cas/login/restful`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, code: 'web', ed: 'pc' }),
  });
  const body = (await response.json()) as { status: number; data: { token: string; expire: number } };
  expect(body.status).toBe(200);
  return body.data;
}

/** A page of the platform's own origin: one script tag, one element, no token attribute anywhere. */
const page = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>上传作品</title>
<script type="module" src="/elements/ds-elements.js"></script></head>
<body><main><h1>上传作品</h1><ds-uploader chunk-size="${MB}"></ds-uploader></main>
<script>
document.addEventListener('ds-upload-complete', (e) => { document.body.dataset.fileInfoId = e.detail.fileInfoId; });
</script></body></html>`;

describe('<ds-uploader> resume after a real page reload', () => {
  it('continues the upload from the server chunk map and stores the exact bytes', async () => {
    const bytes = createHash('sha512').update('seed').digest();
    const data = Buffer.alloc(CHUNKS * MB);
    for (let at = 0; at < data.length; at += bytes.length) bytes.copy(data, at, 0, Math.min(bytes.length, data.length - at));
    for (let i = 0; i < data.length; i += 4096) data.writeUInt32LE((i * 2654435761) >>> 0, i);
    data.write('PK\x03\x04', 0, 'latin1');
    const file = path.join(folder, `公开课-${Date.now()}.zip`);
    writeFileSync(file, data);

    const ticket = await loginTicket('teacher');
    const { context, page: tab } = await newPage(browser);
    await context.route(`${baseUrl()}/uploader.html`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: page }));
    await context.addInitScript(
      ({ token, expire }) => {
        if (localStorage.getItem('token')) return;
        localStorage.setItem('expire', String(expire));
        localStorage.setItem('expireTimeMillisecond', String(Date.now() + expire * 980));
        localStorage.setItem('token', token);
      },
      ticket,
    );
    let chunksSent = 0;
    const workers: string[] = [];
    tab.on('requestfinished', (request) => {
      if (request.url().includes('/api/file/v1/file/block')) chunksSent++;
    });
    tab.on('worker', (worker) => workers.push(worker.url()));

    await tab.goto(`${baseUrl()}/uploader.html`);
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

    const fileInfoId = await tab.evaluate(() => document.body.dataset.fileInfoId);
    const download = await fetch(`${baseUrl()}/file/v1/file/download/${fileInfoId}`, { headers: { authorization: ticket.token } });
    expect(download.status).toBe(200);
    const stored = createHash('md5').update(Buffer.from(await download.arrayBuffer())).digest('hex');
    expect(stored).toBe(createHash('md5').update(readFileSync(file)).digest('hex'));
    await context.close();
  });
});
