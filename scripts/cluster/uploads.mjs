// Eight parallel 64 MB uploads from Chromium through `<ds-uploader>` and nginx, with one instance
// SIGKILLed and started again halfway; then 秒传 of the finished files on every instance directly.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from '../chromium.mjs';
import { call, login, token } from './http.mjs';
import { waitFor } from './cluster.mjs';

const MB = 1024 * 1024;
const FILES = Number(process.env.CLUSTER_UPLOADS || 8);
const FILE_MB = Number(process.env.CLUSTER_UPLOAD_MB || 64);
const CHUNK = 8 * MB;
const CHUNKS = Math.ceil((FILE_MB * MB) / CHUNK);

/** `megabytes` of content no two files or runs share, starting like a zip file. */
function writePatternFile(folder, name, megabytes) {
  const seed = createHash('sha512').update(`${name}:${Date.now()}:${Math.random()}`).digest();
  const data = Buffer.alloc(megabytes * MB);
  for (let at = 0; at < data.length; at += seed.length) seed.copy(data, at, 0, Math.min(seed.length, data.length - at));
  for (let i = 0; i < data.length; i += 4096) data.writeUInt32LE((i * 2654435761 + seed[i % 64]) >>> 0, i);
  data.write('PK\x03\x04', 0, 'latin1');
  const file = join(folder, name);
  writeFileSync(file, data);
  return { file, name, size: data.length, md5: createHash('md5').update(data).digest('hex') };
}

async function md5Of(stream) {
  const hash = createHash('md5');
  for await (const part of stream) hash.update(part);
  return hash.digest('hex');
}

const pageHtml = (n) => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>上传作品</title>
<script type="module" src="/elements/ds-elements.js"></script></head>
<body><main><h1>上传作品</h1>${Array.from({ length: n }, (_, i) => `<ds-uploader id="u${i}" chunk-size="${CHUNK}"></ds-uploader>`).join('\n')}</main>
<script>
document.addEventListener('ds-upload-complete', (e) => { document.body.dataset['done' + e.target.id] = e.detail.fileInfoId; });
</script></body></html>`;

/** Shared by the upload checks: the files, and the ids the uploads got. */
const state = { folder: '', files: [], ids: [] };

export const uploadChecks = [
  [
    `${FILES} parallel ${FILE_MB} MB uploads from Chromium survive one instance SIGKILLed and restarted halfway, byte-identical`,
    async (c) => {
      state.folder = mkdtempSync(join(tmpdir(), 'ds-cluster-files-'));
      state.files = Array.from({ length: FILES }, (_, i) => writePatternFile(state.folder, `作品-${i}.zip`, FILE_MB));
      const { chromium } = await import('playwright-core');
      const browser = await chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_ARGS });
      try {
        const ticket = (await login(c.nginx.base, 'teacher')).data;
        const context = await browser.newContext({ locale: 'zh-CN' });
        await context.addInitScript(({ token: t, expire }) => {
          localStorage.setItem('expire', String(expire));
          localStorage.setItem('expireTimeMillisecond', String(Date.now() + expire * 980));
          localStorage.setItem('token', t);
        }, ticket);
        const url = `${c.nginx.base}/uploader.html`;
        await context.route(url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: pageHtml(FILES) }));
        const page = await context.newPage();
        page.on('pageerror', (e) => console.error('    [page error]', e.message));
        // Acknowledged chunks per upload, and every answer the chunk route gave.
        const acks = new Map();
        const answers = new Map();
        page.on('response', async (response) => {
          if (!response.url().includes('/api/file/v1/file/block')) return;
          const body = await response.json().catch(() => undefined);
          const key = `${response.status()}/${body?.status ?? '-'}`;
          answers.set(key, (answers.get(key) ?? 0) + 1);
          if (response.status() === 200 && body?.status === 200) acks.set(body.data.fileInfoId, (acks.get(body.data.fileInfoId) ?? 0) + 1);
        });
        await page.goto(url);
        for (let i = 0; i < FILES; i++) {
          // The element is ready for a file once its button is enabled (the file configuration loaded).
          await page.locator(`#u${i}`).getByRole('button', { name: '选择文件' }).and(page.locator(':not([aria-disabled])')).waitFor({ timeout: 60_000 });
          await page.locator(`#u${i} input[type="file"]`).setInputFiles(state.files[i].file);
        }
        const acked = () => [...acks.values()].reduce((a, b) => a + b, 0);
        const seen = async () => `chunk answers so far: ${[...answers].map(([k, v]) => `${k} ×${v}`).join(', ') || 'none'}; page: ${(await page.locator('main').innerText()).replace(/\s+/g, ' ').slice(0, 400)}`;
        // Bounds on waiting, not times measured: 8 × 64 MB through nginx to three instances takes about a
        // minute on a quiet machine and several on a loaded one.
        await waitFor(() => acked() >= (FILES * CHUNKS) / 2, 'half of the chunks to be acknowledged', 600_000).catch(async (e) => {
          throw new Error(`${e.message}; ${await seen()}`);
        });

        const victim = c.servers[1];
        await victim.kill('SIGKILL');
        const ackedAtKill = new Map(acks);
        const db = new pg.Client({ connectionString: c.pg.url });
        await db.connect();
        try {
          for (const [id, n] of ackedAtKill) {
            const { rows } = await db.query("SELECT state, (SELECT count(*) FROM upload_chunks WHERE upload_id = $1) AS held FROM uploads WHERE id = $1", [id]);
            assert.ok(rows[0], `upload ${id} is still known after the kill`);
            if (rows[0].state !== 'complete') assert.ok(Number(rows[0].held) >= n, `upload ${id}: ${n} chunks acknowledged, ${rows[0].held} held after the kill`);
          }
        } finally {
          await db.end();
        }
        console.log(`    killed :${victim.port} with ${acked()} of ${FILES * CHUNKS} chunks acknowledged; restarting it`);
        await victim.start();
        await victim.ready();

        const ids = await waitFor(
          () => page.evaluate((n) => {
            const done = Array.from({ length: n }, (_, i) => document.body.dataset[`doneu${i}`]);
            return done.every(Boolean) ? done : undefined;
          }, FILES),
          'every upload to complete',
          600_000,
          200,
        ).catch(async (e) => {
          throw new Error(`${e.message}; ${await seen()}`);
        });
        console.log(`    chunk answers: ${[...answers].map(([k, v]) => `${k} ×${v}`).join(', ')}`);
        state.ids = ids;
        for (const [id, n] of acks) assert.ok(n <= CHUNKS, `upload ${id}: ${n} chunk acknowledgements for ${CHUNKS} chunks (a chunk acknowledged earlier was needed again)`);
        await context.close();
      } finally {
        await browser.close();
      }
      const teacher = await token(c.nginx.base, 'teacher');
      for (let i = 0; i < FILES; i++) {
        const download = await fetch(`${c.nginx.base}/file/v1/file/download/${state.ids[i]}`, { headers: { authorization: teacher } });
        assert.equal(download.status, 200, `download of ${state.files[i].name}`);
        assert.equal(await md5Of(download.body), state.files[i].md5, `${state.files[i].name} arrived byte-identical`);
      }
      for (const s of c.servers) assert.equal((await call(s.base, 'GET', '/healthz/ready')).data.objectStore, 's3');
    },
  ],
  [
    '秒传 of a finished file works on every instance',
    async (c) => {
      assert.ok(state.ids.length >= c.servers.length, 'the uploads finished');
      const admin = await token(c.nginx.base, 'admin');
      for (const [i, s] of c.servers.entries()) {
        const f = state.files[i];
        const ask = { fileMd5: f.md5, fileName: `秒传-${i}.zip`, fileSize: f.size };
        const first = await call(s.base, 'POST', '/file/v1/file/exist', { token: admin, body: ask });
        assert.equal(first.status, 200, first.message);
        const { challengeId, offset, length } = first.data.challenge;
        const proof = await md5Of(createReadStream(f.file, { start: offset, end: offset + length - 1 }));
        const second = await call(s.base, 'POST', '/file/v1/file/exist', { token: admin, body: { ...ask, challengeId, proof } });
        assert.equal(second.data?.existsFlag, 1, `秒传 on :${s.port}: ${second.status} ${second.message}`);
        const download = await fetch(`${s.base}/file/v1/file/download/${second.data.fileInfoId}`, { headers: { authorization: admin } });
        assert.equal(await md5Of(download.body), f.md5);
      }
    },
  ],
];

export function removeUploadFiles() {
  if (state.folder) rmSync(state.folder, { recursive: true, force: true });
}
