// A/B of the first paint: Lighthouse on the same pages against two builds at once — a baseline copy of
// the repository's built files (BASE_ROOT, holding packages/{server,portal,elements}/dist, migrations
// and seed) and this checkout's build — rounds interleaved so the machine's load falls on both alike.
// BENCH_RUNS (3), BENCH_PRESETS (mobile,desktop), BENCH_PAGES (home,learn,detail). Prints each run and
// the medians. Used for the figures of docs/performance.md, "First paint".
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { root } from './lib.mjs';
import { audit, launchChromium } from './lighthouse.mjs';
import { freePort } from '../scripts/reference-server.mjs';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const PRESETS = (process.env.BENCH_PRESETS ?? 'mobile,desktop').split(',').filter(Boolean);
const PAGES = (process.env.BENCH_PAGES ?? 'home,learn,detail').split(',').filter(Boolean);
const BASE_ROOT = process.env.BASE_ROOT;
if (!BASE_ROOT) throw new Error('BASE_ROOT: a folder with the baseline build (packages/server/dist, …)');

async function start(name, repo) {
  const tmp = mkdtempSync(join(tmpdir(), 'ds-ab-'));
  const port = await freePort();
  const child = spawn(process.execPath, [join(repo, 'packages/server/dist/main.js')], {
    cwd: repo,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: join(tmp, 'data'), LOG_LEVEL: 'warn', ALLOWED_ORIGINS: '' },
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`${name} server exited`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { name, base, stop: () => (child.kill('SIGTERM'), new Promise((r) => child.once('exit', r)).then(() => rmSync(tmp, { recursive: true, force: true }))) };
}

const servers = [await start('before', BASE_ROOT), await start('after', root)];
const chrome = await launchChromium();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
try {
  const urls = {};
  for (const s of servers) {
    const answer = await (await fetch(`${s.base}/cloudSchool/v1/cloudLesson/getRecommendLesson?limit=1`)).json();
    const lessonId = answer.data[0].lessonId;
    urls[s.name] = { home: `${s.base}/#/main/type=new`, learn: `${s.base}/#/learn`, detail: `${s.base}/#/course-detail/${encodeURIComponent(lessonId)}` };
    for (const p of PAGES) await audit(urls[s.name][p], { port: chrome.port, preset: 'desktop' });
  }
  const results = new Map();
  for (let r = 1; r <= RUNS; r++) {
    for (const p of PAGES) {
      for (const preset of PRESETS) {
        for (const s of r % 2 ? servers : [...servers].reverse()) {
          const load = loadavg()[0].toFixed(1);
          const x = await audit(urls[s.name][p], { port: chrome.port, preset });
          const key = `${p} ${preset} ${s.name}`;
          if (!results.has(key)) results.set(key, []);
          results.get(key).push({ ...x, load });
          console.log(`${r} ${key.padEnd(22)} perf ${x.performance} a11y ${x.accessibility} FCP ${x.fcpMs} LCP ${x.lcpMs} CLS ${x.cls} TBT ${x.tbtMs} load ${load} lcp-el ${x.lcpElement}`);
        }
      }
    }
  }
  console.log('\n| page | preset | build | perf | a11y | FCP ms | LCP ms | CLS | TBT ms | load avg |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const [key, xs] of results) {
    const [p, preset, build] = key.split(' ');
    const m = (f) => median(xs.map((x) => x[f]));
    const range = (f) => `${Math.min(...xs.map((x) => x[f]))}–${Math.max(...xs.map((x) => x[f]))}`;
    console.log(`| ${p} | ${preset} | ${build} | ${m('performance')} (${range('performance')}) | ${m('accessibility')} | ${m('fcpMs')} | ${m('lcpMs')} (${range('lcpMs')}) | ${m('cls')} | ${m('tbtMs')} | ${xs.map((x) => x.load).join('/')} |`);
  }
} finally {
  chrome.kill();
  for (const s of servers) await s.stop();
}
