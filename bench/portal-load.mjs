// The portal's first load as a visitor meets it: Lighthouse on home, /learn and a lesson (course detail),
// desktop and mobile presets, against the built server on a free port with a fresh PGlite data folder
// (the demo content a first `npm start` seeds). Each page × preset runs BENCH_RUNS (3) times, the
// rounds interleaved, after one unrecorded warm-up load of each page; prints the median and spread of
// the scores, LCP, CLS, TBT and bytes, and the initial-JS budget check. Figures, not pass/fail (the CI
// budget is e2e/lighthouse.e2e.ts).
// BENCH_PAGES=learn,course keeps only the pages whose names contain one of the words.
// BENCH_BASELINE_SERVER=<another build's packages/server/dist/main.js> (as for bench/upload.mjs) also
// measures that build — its server with its own portal and elements beside it — in the same rounds,
// the two alternating (which goes first changes every round), and prints both.
import { dirname, join, resolve } from 'node:path';
import { loadavg } from 'node:os';
import { kb, startServer } from './lib.mjs';
import { portalInitialJs, PORTAL_INITIAL_BUDGET } from './bundle-sizes.mjs';
import { audit, launchChromium } from './lighthouse.mjs';
import { formatSpread, saveResults, showSpread, spread } from './results.mjs';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const PRESETS = (process.env.BENCH_PRESETS ?? 'desktop,mobile').split(',').filter(Boolean);
/** BENCH_PAGES=learn,course measures only the pages whose names contain one of the words (all by default). */
const PAGE_WORDS = (process.env.BENCH_PAGES ?? '').split(',').filter(Boolean);
/** Targets of the first-load work (docs/performance.md). */
const TARGETS = { desktop: { performance: 95, accessibility: 100, lcpMs: 1000, cls: 0.05 }, mobile: { performance: 85, accessibility: 100, cls: 0.05 } };

const baselineEntry = process.env.BENCH_BASELINE_SERVER;
/** The builds measured: this workspace's, and the baseline's when one is given. */
async function startBuild(build) {
  if (build === 'this build') return startServer();
  const baseRoot = resolve(dirname(baselineEntry), '../../..');
  return startServer({ PORTAL_DIR: join(baseRoot, 'packages/portal/dist'), ELEMENTS_DIR: join(baseRoot, 'packages/elements/dist') }, { entry: baselineEntry });
}
const builds = baselineEntry ? ['baseline', 'this build'] : ['this build'];
const servers = new Map();
for (const build of builds) servers.set(build, await startBuild(build));
const chrome = await launchChromium();
try {
  const pagesOf = new Map();
  for (const [build, server] of servers) {
    const answer = await (await fetch(`${server.base}/cloudSchool/v1/cloudLesson/getRecommendLesson?limit=1`)).json();
    const lessonId = answer?.data?.[0]?.lessonId;
    if (!lessonId) throw new Error(`no recommended lesson to open: ${JSON.stringify(answer).slice(0, 200)}`);
    const pages = [
      { name: 'home', url: `${server.base}/#/main/type=new` },
      { name: '/learn', url: `${server.base}/#/learn` },
      { name: 'course detail', url: `${server.base}/#/course-detail/${encodeURIComponent(lessonId)}` },
    ].filter((page) => !PAGE_WORDS.length || PAGE_WORDS.some((word) => page.name.includes(word)));
    pagesOf.set(build, pages);
    // The server's first answers fill its caches; the figures are of a school's ordinary day.
    for (const page of pages) await audit(page.url, { port: chrome.port, preset: 'desktop' });
  }

  const runs = new Map();
  const loads = [];
  for (let r = 1; r <= RUNS; r++) {
    loads.push(loadavg()[0]);
    for (let i = 0; i < pagesOf.get('this build').length; i++) {
      for (const preset of PRESETS) {
        for (const build of r % 2 ? builds : [...builds].reverse()) {
          const page = pagesOf.get(build)[i];
          const key = `${page.name} ${preset} ${build}`;
          const result = await audit(page.url, { port: chrome.port, preset });
          if (!runs.has(key)) runs.set(key, { page: page.name, preset, build, results: [] });
          runs.get(key).results.push(result);
          console.log(
            `round ${r}/${RUNS} ${key.padEnd(33)} perf ${result.performance} a11y ${result.accessibility} FCP ${result.fcpMs} ms LCP ${result.lcpMs} ms CLS ${result.cls} TBT ${result.tbtMs} ms ${kb(result.bytes)}`,
          );
        }
      }
    }
  }

  const metrics = ['performance', 'accessibility', 'fcpMs', 'lcpMs', 'cls', 'tbtMs', 'bytes'];
  const figures = [...runs.values()].map(({ page, preset, build, results }) => ({
    page,
    preset,
    build,
    runs: results.length,
    ...Object.fromEntries(metrics.map((m) => [m, spread(results.map((x) => x[m]))])),
    lcpElement: results.at(-1).lcpElement,
    lcpPhases: results.at(-1).lcpPhases,
    shifts: results.at(-1).shifts.slice(0, 5),
    a11yFailures: results.at(-1).a11yFailures,
  }));

  const show = (s, format = (v) => String(v)) => formatSpread(s, format);
  console.log(`\nLighthouse 12, median (min–max) of ${RUNS} runs, headless Chromium, 127.0.0.1, load average ${showSpread(loads, (v) => v.toFixed(1))}:`);
  console.log('| page | preset | build | performance | accessibility | FCP ms | LCP ms | CLS | TBT ms | bytes |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const f of figures) {
    console.log(
      `| ${f.page} | ${f.preset} | ${f.build} | ${show(f.performance)} | ${show(f.accessibility)} | ${show(f.fcpMs)} | ${show(f.lcpMs)} | ${show(f.cls, (v) => v.toFixed(3))} | ${show(f.tbtMs)} | ${show(f.bytes, kb)} |`,
    );
  }
  for (const f of figures.filter((x) => x.build === 'this build')) {
    const target = TARGETS[f.preset];
    const misses = Object.entries(target)
      .filter(([m, goal]) => f[m].median !== null && (m === 'performance' || m === 'accessibility' ? f[m].median < goal : f[m].median > goal))
      .map(([m, goal]) => `${m} ${f[m].median} (target ${goal})`);
    if (misses.length) console.log(`  ${f.page} ${f.preset}: below target: ${misses.join(', ')}`);
  }
  for (const f of figures) {
    const phases = Object.entries(f.lcpPhases ?? {}).map(([phase, ms]) => `${phase} ${ms}`).join(', ');
    console.log(`  ${f.page} ${f.preset} ${f.build}: LCP element ${f.lcpElement ?? '?'}${phases ? ` (last run: ${phases} ms)` : ''}`);
    if (f.shifts.length) console.log(`    shifted: ${f.shifts.map((s) => `${s.score} ${s.node}`).join('; ')}`);
    for (const a of f.a11yFailures) console.log(`    accessibility: ${a.id} ${a.nodes.join(', ')}`);
  }

  const portal = portalInitialJs();
  const initialJs = portal ? { bytesGz: portal.total, budget: PORTAL_INITIAL_BUDGET, goal: 200 * 1024, pass: portal.total <= PORTAL_INITIAL_BUDGET } : null;
  if (initialJs) {
    console.log(`\nportal initial JS (index.html script + modulepreloads, gzip -9): ${kb(initialJs.bytesGz)}   budget ${kb(initialJs.budget)} ${initialJs.pass ? 'PASS' : 'FAIL'}   goal ${kb(initialJs.goal)}`);
    if (!initialJs.pass) process.exitCode = 1;
  } else {
    console.log('\nportal not built: no initial-JS check');
  }
  saveResults('portal-load', { runs: RUNS, baseline: baselineEntry ?? null, loadAverage: spread(loads), pages: figures, initialJs });
} finally {
  await chrome.kill();
  for (const server of servers.values()) await server.stop();
}
