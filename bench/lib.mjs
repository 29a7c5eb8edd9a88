// Helpers shared by the benchmarks: the reference server, a demo login the way the browser does it,
// and figure formatting.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { publicEncrypt, constants } from 'node:crypto';
import pg from 'pg';
import { startReferenceServer } from '../scripts/reference-server.mjs';

export const root = resolve(import.meta.dirname, '..');
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD || 'Ds@123456';

/**
 * A load bench's connections stand for many people, yet autocannon sends them all with one token, or
 * with none from one address. The per-caller places for heavy requests (docs/security.md "Heavy
 * requests": 2 running and 10 waiting per user, 8 and 32 per address) would refuse most of them, so the
 * benches lift them; `review-fairness.mjs`, which is about them, puts the defaults back.
 */
export const MANY_CALLERS = {
  HEAVY_RUNNING_PER_USER: '100000',
  HEAVY_WAITING_PER_USER: '100000',
  HEAVY_RUNNING_PER_ADDRESS: '100000',
  HEAVY_WAITING_PER_ADDRESS: '100000',
};

/**
 * The built reference server on a free port with a fresh data folder: `{ base, stop(), dataDir, pid }`.
 * `options.allowedOrigins` lets a bench page on another local origin call it (CORS); `options.entry`
 * starts another build of the server (a `main.js`) instead of the workspace's.
 */
export async function startServer(env = {}, options = {}) {
  const server = await startReferenceServer({ env: { ...MANY_CALLERS, ...env }, allowedOrigins: options.allowedOrigins ?? [], entry: options.entry });
  return { base: server.apiBase, stop: server.stop, dataDir: server.dataDir, pid: server.child.pid };
}

/** Logs in through the public API (RSA PKCS#1 v1.5, as jsencrypt does) and returns the token. */
export async function login(base, username, password = DEMO_PASSWORD) {
  const key = (await (await fetch(`${base}/cas/publicKey`)).json()).data.publicKey;
  const cipher = publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(password)).toString('base64');
  const res = await fetch(`${base}/cas/login/restful`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: cipher, code: 'web', ed: '' }),
  });
  const body = await res.json();
  if (body.status !== 200) throw new Error(`login failed: ${body.status} ${body.message}`);
  return body.data.token;
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Megabytes per second of `bytes` over `ms` (1 MB = 2^20 bytes). */
export const mbps = (bytes, ms) => bytes / 1048576 / (ms / 1000);

/**
 * Bundles browser entry files with esbuild (ESM, SDK from source) and serves them with a tiny page
 * from a local http server on 127.0.0.1. `entries` maps the served name (`page`, `md5.worker`) to a
 * source file; each becomes `/<name>.js`. Resolves to `{ origin, url, close() }`; the page is `/`.
 */
export async function servePage({ entries, html = '<!doctype html><meta charset="utf-8"><script type="module" src="/page.js"></script>' }) {
  const { build } = await import('esbuild');
  const { createServer } = await import('node:http');
  const out = await build({
    entryPoints: entries,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: ['source'],
    outdir: '/bench-out',
    write: false,
    minify: true,
    logLevel: 'error',
  });
  const files = new Map(out.outputFiles.map((f) => [`/${f.path.split('/bench-out/')[1]}`, f.contents]));
  files.set('/', Buffer.from(html));
  const server = createServer((req, res) => {
    const body = files.get(new URL(req.url, 'http://x').pathname);
    if (!body) return res.writeHead(req.url === '/favicon.ico' ? 204 : 404).end();
    res.writeHead(200, { 'content-type': req.url === '/' ? 'text/html' : 'text/javascript', 'cache-control': 'no-store' });
    res.end(body);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return { origin, url: `${origin}/`, close: () => new Promise((ok) => server.close(ok)) };
}

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

export { CHROMIUM_ARGS };

/** Headless Chromium with one page open at `url`, page errors echoed to stderr: `{ browser, page }`. */
export async function openPage(url) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  page.on('console', (m) => m.type() === 'error' && console.error('page console:', m.text()));
  await page.goto(url);
  await page.waitForFunction(() => globalThis.bench !== undefined, null, { timeout: 60_000 });
  return { browser, page };
}

/**
 * A folder under the system temp dir for generated bench files; `remove()` deletes it. Also removed
 * when the process exits, so an interrupted run leaves no gigabytes behind.
 */
export async function benchTempDir() {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dir = mkdtempSync(join(tmpdir(), 'ds-bench-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  process.once('exit', remove);
  return { dir, remove };
}

/**
 * Writes `size` deterministic pseudo-random bytes (xorshift32 from `seed`) to `file`, 8 MB at a time,
 * so a 1 GB file never sits in memory whole.
 */
export async function writeBenchFile(file, size, seed = 0x9e3779b9) {
  const { open } = await import('node:fs/promises');
  const handle = await open(file, 'w');
  try {
    const block = 8 * 1024 * 1024;
    const words = new Uint32Array(block / 4);
    let x = seed >>> 0 || 1;
    for (let made = 0; made < size; made += block) {
      for (let i = 0; i < words.length; i++) {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        words[i] = x >>> 0;
      }
      await handle.write(new Uint8Array(words.buffer, 0, Math.min(block, size - made)));
    }
  } finally {
    await handle.close();
  }
  return file;
}

/** A page whose `<input type=file>`s (one per id) let Playwright hand it disk-backed Files. */
export const fileInputsHtml = (ids) =>
  `<!doctype html><meta charset="utf-8">${ids.map((id) => `<input type="file" id="${id}">`).join('')}<script type="module" src="/page.js"></script>`;

/** Hands the page the file at `path` through `<input id>` (a File backed by the disk, not by memory). */
export async function giveFile(page, id, path) {
  await page.setInputFiles(`#${id}`, path);
}

/** A throwaway database on the PostgreSQL server of `url`: `{ url, drop() }`. */
export async function scratchDatabase(url) {
  const name = `ds_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Seeds one activity into the data folder `dataDir` (bench/seed-activity.mjs, its BENCH_* variables in
 * `env`) and answers what it printed: books, nodes, signUps, ms.
 */
export function seedActivity(dataDir, env = {}) {
  const seeded = spawnSync(process.execPath, [join(root, 'bench/seed-activity.mjs'), dataDir], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  if (seeded.status !== 0) throw new Error(`seeding failed (${seeded.status})`);
  return JSON.parse(seeded.stdout.trim().split('\n').pop());
}
