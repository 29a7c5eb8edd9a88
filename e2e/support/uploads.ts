/**
 * What the upload tests share: a login ticket got the way `<ds-login>` gets one, a platform session
 * seeded into a browser context (the storage keys `<ds-login>` writes), a page of the platform's own
 * origin with one `<ds-uploader>`, and a file on disk with patterned, non-repeating content.
 */
import { constants, createHash, publicEncrypt } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { DEMO_PASSWORD, newPage } from './browser';

export const MB = 1024 * 1024;

export interface Ticket {
  token: string;
  expire: number;
}

export async function loginTicket(apiBase: string, username: string): Promise<Ticket> {
  const key = (await (await fetch(`${apiBase}/cas/publicKey`)).json()) as { data: { publicKey: string } };
  // The same PKCS#1 v1.5 ciphertext jsencrypt makes in the browser.
  const password = publicEncrypt({ key: key.data.publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(DEMO_PASSWORD)).toString('base64');
  const response = await fetch(`${apiBase}/cas/login/restful`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, code: 'web', ed: 'pc' }),
  });
  const body = (await response.json()) as { status: number; message: string; data: Ticket };
  if (body.status !== 200) throw new Error(`login of ${username} failed: ${body.status} ${body.message}`);
  return body.data;
}

/** Every page of the context starts logged in with this ticket (unless a token is already stored). */
export async function seedSession(context: BrowserContext, ticket: Ticket): Promise<void> {
  await context.addInitScript(
    ({ token, expire }) => {
      if (localStorage.getItem('token')) return;
      localStorage.setItem('expire', String(expire));
      localStorage.setItem('expireTimeMillisecond', String(Date.now() + expire * 980));
      localStorage.setItem('token', token);
    },
    ticket,
  );
}

/** Serves `/uploader.html` on the platform's origin: one script tag, one element, no token attribute. */
export async function serveUploaderPage(context: BrowserContext, apiBase: string, chunkSize: number): Promise<string> {
  const html = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>上传作品</title>
<script type="module" src="/elements/ds-elements.js"></script></head>
<body><main><h1>上传作品</h1><ds-uploader chunk-size="${chunkSize}"></ds-uploader></main>
<script>
document.addEventListener('ds-upload-complete', (e) => { document.body.dataset.fileInfoId = e.detail.fileInfoId; });
</script></body></html>`;
  const url = `${apiBase}/uploader.html`;
  await context.route(url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
  return url;
}

/** Writes `megabytes` MB of content no two runs or blocks share, starting like a zip file. */
export function writePatternFile(folder: string, name: string, megabytes: number): string {
  const seed = createHash('sha512').update(`${name}:${Date.now()}`).digest();
  const data = Buffer.alloc(megabytes * MB);
  for (let at = 0; at < data.length; at += seed.length) seed.copy(data, at, 0, Math.min(seed.length, data.length - at));
  for (let i = 0; i < data.length; i += 4096) data.writeUInt32LE((i * 2654435761) >>> 0, i);
  data.write('PK\x03\x04', 0, 'latin1');
  const file = path.join(folder, name);
  writeFileSync(file, data);
  return file;
}

export async function downloadedMd5(apiBase: string, token: string, fileInfoId: string): Promise<string> {
  const download = await fetch(`${apiBase}/file/v1/file/download/${fileInfoId}`, { headers: { authorization: token } });
  if (download.status !== 200) throw new Error(`download of ${fileInfoId} answered ${download.status}`);
  return createHash('md5').update(Buffer.from(await download.arrayBuffer())).digest('hex');
}

/** A fresh browser context logged in as the teacher on `apiBase`, with the uploader page served there. */
export async function teacherUploaderPage(browser: Browser, apiBase: string, chunkSize: number) {
  const ticket = await loginTicket(apiBase, 'teacher');
  const { context, page } = await newPage(browser);
  const pageUrl = await serveUploaderPage(context, apiBase, chunkSize);
  await seedSession(context, ticket);
  return { ticket, context, page, pageUrl };
}
