// The portal's first load as a visitor meets it: Lighthouse on home, /learn and a lesson (course detail),
// desktop and mobile presets, against the built server on a free port with a fresh PGlite data folder
// (the demo content a first `npm start` seeds). Each page × preset runs BENCH_RUNS (3) times, the
// rounds interleaved, after one unrecorded warm-up load of each page; prints the median and spread of
// the scores, LCP, CLS, TBT and bytes, and the initial-JS budget check. Figures, not pass/fail (the CI
// budget is e2e/lighthouse.e2e.ts).
import { kb, startServer } from './lib.mjs';
import { portalInitialJs, PORTAL_INITIAL_BUDGET } from './bundle-sizes.mjs';
import { audit, launchChromium } from './lighthouse.mjs';
import { formatSpread, saveResults, spread } from './results.mjs';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const PRESETS = (process.env.BENCH_PRESETS ?? 'desktop,mobile').split(',').filter(Boolean);
/** Targets of the first-load work (docs/performance.md). */
const TARGETS = { desktop: { performance: 95, accessibility: 100, lcpMs: 1000, cls: 0.05 }, mobile: { performance: 85, accessibility: 100, cls: 0.05 } };

const server = await startServer();
const chrome = await launchChromium();
try {
  const answer = await (await fetch(`${server.base}/cloudSchool/v1/cloudLesson/getRecommendLesson?limit=1`)).json();
  const lessonId = answer?.data?.[0]?.lessonId;
  if (!lessonId) throw new Error(`no recommended lesson to open: ${JSON.stringify(answer).slice(0, 200)}`);
  const pages = [
    { name: 'home', url: `${server.base}/#/main/type=new` },
    { name: '/learn', url: `${server.base}/#/learn` },
    { name: 'course detail', url: `${server.base}/#/course-detail/${encodeURIComponent(lessonId)}` },
  ];

  // The server's first answers fill its caches; the figures are of a school's ordinary day.
  for (const page of pages) await audit(page.url, { port: chrome.port, preset: 'desktop' });

  const runs = new Map();
  for (let r = 1; r <= RUNS; r++) {
    for (const page of pages) {
      for (const preset of PRESETS) {
        const key = `${page.name} ${preset}`;
        const result = await audit(page.url, { port: chrome.port, preset });
        if (!runs.has(key)) runs.set(key, { page: page.name, preset, results: [] });
        runs.get(key).results.push(result);
        console.log(`round ${r}/${RUNS} ${key.padEnd(22)} perf ${result.performance} a11y ${result.accessibility} LCP ${result.lcpMs} ms CLS ${result.cls} TBT ${result.tbtMs} ms ${kb(result.bytes)}`);
      }
    }
  }

  const metrics = ['performance', 'accessibility', 'lcpMs', 'cls', 'tbtMs', 'bytes'];
  const figures = [...runs.values()].map(({ page, preset, results }) => ({
    page,
    preset,
    runs: results.length,
    ...Object.fromEntries(metrics.map((m) => [m, spread(results.map((x) => x[m]))])),
    lcpElement: results.at(-1).lcpElement,
    shifts: results.at(-1).shifts.slice(0, 5),
    a11yFailures: results.at(-1).a11yFailures,
  }));

  const show = (s, format = (v) => String(v)) => formatSpread(s, format);
  console.log(`\nLighthouse 12, median (min–max) of ${RUNS} runs, headless Chromium, 127.0.0.1:`);
  console.log('| page | preset | performance | accessibility | LCP ms | CLS | TBT ms | bytes |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const f of figures) {
    console.log(`| ${f.page} | ${f.preset} | ${show(f.performance)} | ${show(f.accessibility)} | ${show(f.lcpMs)} | ${show(f.cls, (v) => v.toFixed(3))} | ${show(f.tbtMs)} | ${show(f.bytes, kb)} |`);
  }
  for (const f of figures) {
    const target = TARGETS[f.preset];
    const misses = Object.entries(target)
      .filter(([m, goal]) => f[m].median !== null && (m === 'performance' || m === 'accessibility' ? f[m].median < goal : f[m].median > goal))
      .map(([m, goal]) => `${m} ${f[m].median} (target ${goal})`);
    if (misses.length) console.log(`  ${f.page} ${f.preset}: below target: ${misses.join(', ')}`);
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
  saveResults('portal-load', { runs: RUNS, pages: figures, initialJs });
} finally {
  await chrome.kill();
  await server.stop();
}
