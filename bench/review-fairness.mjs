// One reviewer against everyone else, on the embedded database (the outside finding: one reviewer with
// 50 concurrent `activityAudit/getAuditWorkPage` requests made an uncached public page take 12.5 s).
// One activity of BENCH_WORKS (5 000) works with reviewers and decisions (seed-activity.mjs with
// BENCH_REVIEW=1), inserted before the server starts; the demo `reviewer` reviews it at district and
// city level. The server keeps its default per-caller places (docs/security.md "Heavy requests").
//
// In each of BENCH_REPEATS (≥ 3) rounds, for each server (with BENCH_BASELINE_SERVER=<main.js> another
// build too, on a copy of the same data, old and new alternately):
//  - bare: 10 sequential `GET /healthz/live` (the baseline of the round);
//  - list: 10 sequential reviewer pages (no filter, pages 1–10) — what one list request costs;
//  - public: 10 sequential uncached public pages (`cloudLesson/getOnDemandLessonPage`, a new keyword
//    each, no token) — what a visitor waits when nobody else is there;
//  - under load: the reviewer keeps 50 list requests in flight (each answered one is sent again at
//    once; after a 429 the slot waits 50 ms), and meanwhile BENCH_SAMPLES (5) uncached public pages are
//    asked one after another: their latency, and the reviewer's pages and refusals per second.
// Prints the median (and spread) of each figure over the rounds.
//   node bench/review-fairness.mjs
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { login, seedActivity, startServer } from './lib.mjs';
import { REPEATS, median, saveResults, showSpread, spread, warnIfNoisy } from './results.mjs';

const works = Number(process.env.BENCH_WORKS || 5000);
const samples = Number(process.env.BENCH_SAMPLES || 5);
const flood = Number(process.env.BENCH_FLOOD || 50);
const baselineEntry = process.env.BENCH_BASELINE_SERVER;
const AUDIT_PAGE = '/cloudSchool/v1/activityAudit/getAuditWorkPage';
const PUBLIC_PAGE = '/cloudSchool/v1/cloudLesson/getOnDemandLessonPage';
// The server's own defaults (bench/lib.mjs lifts them for the load benches).
const DEFAULT_PLACES = { HEAVY_RUNNING_PER_USER: '', HEAVY_WAITING_PER_USER: '', HEAVY_RUNNING_PER_ADDRESS: '', HEAVY_WAITING_PER_ADDRESS: '' };

async function post(base, path, body, token) {
  const started = performance.now();
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  const answer = await res.json();
  return { ms: performance.now() - started, http: res.status, status: answer.status, answer };
}

const publicPage = (base) => post(base, PUBLIC_PAGE, { keyword: `无此课${randomBytes(4).toString('hex')}`, pageNum: 1, pageSize: 20 });
const listPage = (base, token, pageNum) => post(base, AUDIT_PAGE, { activityId: 'act-bench', pageNum, pageSize: 10 }, token);

async function sequential(n, one) {
  const ms = [];
  for (let i = 0; i < n; i++) {
    const r = await one(i);
    if (r.status !== 200) throw new Error(`unexpected answer ${r.http} ${r.status} ${r.answer.message}`);
    ms.push(r.ms);
  }
  return median(ms);
}

async function bare(base) {
  const ms = [];
  for (let i = 0; i < 10; i++) {
    const started = performance.now();
    await (await fetch(`${base}/healthz/live`)).text();
    ms.push(performance.now() - started);
  }
  return median(ms);
}

/** The reviewer's flood and, meanwhile, `samples` public pages one after another. */
async function underLoad(base, token) {
  let running = true;
  let served = 0;
  let refused = 0;
  const slot = async (i) => {
    while (running) {
      const r = await listPage(base, token, 1 + (i % 10));
      if (r.http === 429) {
        refused += 1;
        await new Promise((ok) => setTimeout(ok, 50));
      } else if (r.status === 200) served += 1;
      else throw new Error(`list under load: ${r.http} ${r.status} ${r.answer.message}`);
    }
  };
  const slots = Array.from({ length: flood }, (_, i) => slot(i));
  await new Promise((ok) => setTimeout(ok, 1000));
  const started = performance.now();
  const [served0, refused0] = [served, refused];
  const ms = [];
  for (let i = 0; i < samples; i++) {
    const r = await publicPage(base);
    if (r.status !== 200) throw new Error(`public page under load: ${r.http} ${r.status} ${r.answer.message}`);
    ms.push(r.ms);
  }
  const seconds = (performance.now() - started) / 1000;
  running = false;
  await Promise.all(slots);
  return { median: median(ms), max: Math.max(...ms), listPerS: (served - served0) / seconds, refusedPerS: (refused - refused0) / seconds };
}

const tmp = mkdtempSync(join(tmpdir(), 'ds-bench-fairness-'));
const servers = [];
try {
  const facts = seedActivity(join(tmp, 'data'), { BENCH_SIGN_UPS: String(works), BENCH_REVIEW: '1' });
  console.log(`seeded ${facts.signUps} works in one activity`);
  if (baselineEntry) cpSync(join(tmp, 'data'), join(tmp, 'data-baseline'), { recursive: true });
  const builds = [{ name: 'this build', env: { DATA_DIR: join(tmp, 'data'), ...DEFAULT_PLACES } }];
  if (baselineEntry) builds.unshift({ name: 'baseline', env: { DATA_DIR: join(tmp, 'data-baseline'), ...DEFAULT_PLACES }, entry: baselineEntry });
  for (const b of builds) {
    const server = await startServer(b.env, { entry: b.entry });
    servers.push(server);
    const token = await login(server.base, 'reviewer');
    const first = await listPage(server.base, token, 1);
    if (first.status !== 200 || first.answer.data.total === 0) throw new Error(`${b.name}: the reviewer's list is empty (${first.status} ${first.answer.message})`);
    Object.assign(b, { server, token, total: first.answer.data.total, rounds: [] });
  }
  console.log(`the reviewer's list holds ${builds[0].total} works; ${flood} requests in flight, ${samples} public pages sampled per round, ${REPEATS} rounds`);
  for (let round = 0; round < REPEATS; round++) {
    for (const b of builds) {
      const base = b.server.base;
      const r = { bare: await bare(base) };
      r.list = await sequential(10, (i) => listPage(base, b.token, i + 1));
      r.publicAlone = await sequential(10, () => publicPage(base));
      Object.assign(r, Object.fromEntries(Object.entries(await underLoad(base, b.token)).map(([k, v]) => [`load_${k}`, v])));
      b.rounds.push(r);
      console.log(`  round ${round + 1} ${b.name}: public ${r.publicAlone.toFixed(0)} ms alone, ${r.load_median.toFixed(0)} ms (max ${r.load_max.toFixed(0)}) under the flood`);
    }
  }
  const col = (rounds, key) => rounds.map((r) => r[key]);
  const ms = (v) => v.toFixed(v < 10 ? 1 : 0);
  console.log(`\nOne reviewer's ${flood} list requests against a visitor (PGlite, ${works} works; median and spread min–max over the rounds)`);
  console.log('build'.padEnd(12), 'bare ms'.padStart(12), 'list ms'.padStart(14), 'public ms'.padStart(12), '| under the flood: public ms'.padStart(30), 'public max'.padStart(16), 'lists/s'.padStart(12), '429/s'.padStart(12));
  for (const b of builds) {
    const cell = (key, f = ms) => showSpread(col(b.rounds, key), f);
    console.log(
      b.name.padEnd(12),
      cell('bare').padStart(12),
      cell('list').padStart(14),
      cell('publicAlone').padStart(12),
      `| ${cell('load_median')}`.padStart(30),
      cell('load_max').padStart(16),
      cell('load_listPerS', (v) => v.toFixed(1)).padStart(12),
      cell('load_refusedPerS', (v) => v.toFixed(0)).padStart(12),
    );
  }
  warnIfNoisy("the bare route's latency", builds.flatMap((b) => col(b.rounds, 'bare')));
  saveResults('review-fairness',
        builds.map((b) => ({
      build: b.name,
      works,
      flood,
      listTotal: b.total,
      ...Object.fromEntries(Object.keys(b.rounds[0]).map((k) => [k, spread(col(b.rounds, k))])),
    })),
  );
} finally {
  for (const s of servers) await s.stop();
  rmSync(tmp, { recursive: true, force: true });
}
