// Checks that the MD5 worker of every rollup build (React peer, standalone) loads from where the
// bundle points and hashes correctly in Chromium. Run after `npx rollup -c`:
//   node packages/elements/test-support/workerSmoke.mjs
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH, headlessArgs } from '../../../scripts/chromium.mjs';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const WORKER_URL = /new URL\(\s*["']([^"']*\.worker[^"']*\.js)["']\s*,\s*import\.meta\.url\s*\)/g;

/** Every worker URL a bundle file builds, resolved against that file, as a path under dist. */
async function workerReferences() {
  const found = new Map();
  for (const dir of ['', 'chunks', 'elements', 'standalone']) {
    let names;
    try {
      names = await readdir(path.join(dist, dir));
    } catch {
      continue;
    }
    for (const name of names.filter((n) => n.endsWith('.js') && !n.includes('.worker'))) {
      const code = await readFile(path.join(dist, dir, name), 'utf8');
      for (const match of code.matchAll(WORKER_URL)) {
        const target = path.posix.join('/', dir, match[1]);
        found.set(target, `${dir}/${name}`);
      }
    }
  }
  return found;
}

const server = createServer(async (req, res) => {
  const file = path.join(dist, decodeURIComponent(new URL(req.url, 'http://x').pathname));
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': file.endsWith('.js') ? 'text/javascript' : 'text/html' }).end(body);
  } catch {
    res.writeHead(req.url === '/' ? 200 : 404, { 'content-type': 'text/html' }).end('<!doctype html><title>worker smoke</title>');
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: [...headlessArgs(TEST_CHROMIUM_PATH), ...CHROMIUM_ARGS] });
const bytes = randomBytes(5 * 1024 * 1024 + 123);
const expected = createHash('md5').update(bytes).digest('hex');
let failed = 0;
try {
  const references = await workerReferences();
  if (!references.size) throw new Error('no bundle references a worker: is dist built?');
  const page = await browser.newPage();
  await page.goto(`${base}/`);
  for (const [url, from] of references) {
    const md5 = await page.evaluate(
      async ({ url, data }) => {
        const worker = new Worker(url, { type: 'module' });
        const file = new Blob([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))]);
        return new Promise((resolve, reject) => {
          worker.onerror = (event) => reject(new Error(`worker failed to load: ${event.message ?? url}`));
          worker.onmessage = ({ data: reply }) => {
            if (reply.type === 'done') resolve(reply.md5);
            if (reply.type === 'error') reject(new Error(reply.message));
          };
          worker.postMessage({ type: 'hash', id: 1, file, start: 0, end: file.size, sliceSize: 2 * 1024 * 1024, engines: ['hash-wasm', 'spark-md5'] });
        });
      },
      { url, data: bytes.toString('base64') },
    ).catch((error) => `error: ${error.message}`);
    const ok = md5 === expected;
    if (!ok) failed++;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${url} (from ${from}) → ${md5}`);
  }
} finally {
  await browser.close();
  server.close();
}
process.exitCode = failed ? 1 : 0;
