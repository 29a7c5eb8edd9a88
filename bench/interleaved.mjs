// Interleaved rounds against the bare route, for the load benches (api, lessons, activities, node tree): in each of BENCH_REPEATS (3)
// rounds every case is measured right after its own bare `GET /healthz/live` run (1 s warm-up before
// each), so a load change on a shared machine hits both alike. Prints, per case, the median and spread
// (min–max) of req/s, p50 and p99 over the rounds, the bare route's alongside, and a warning when the
// bare route itself varies by more than 15 % between rounds (the machine is busy: absolute figures
// then say little).
import autocannon from 'autocannon';
import { REPEATS, showSpread, spread, warnIfNoisy } from './results.mjs';

const duration = Number(process.env.BENCH_DURATION || 5);
const connections = Number(process.env.BENCH_CONNECTIONS || 50);
const repeats = REPEATS;

function run(opts) {
  return new Promise((ok, fail) => {
    autocannon({ duration, connections, ...opts }, (err, r) => (err ? fail(err) : ok(r)));
  });
}

/** Waits until the server answers the bare route again: a slow route's backlog is not the next run's. */
async function drained(base) {
  for (let i = 0; i < 100; i++) {
    const started = performance.now();
    await fetch(`${base}/healthz/live`);
    if (performance.now() - started < 50) return;
  }
}

async function measure(c, base) {
  await drained(base);
  await run({ ...c, duration: 1 });
  await drained(base);
  const r = await run(c);
  if (r.non2xx || r.errors) throw new Error(`${c.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

/** `cases`: `{ name, url, requests? }`; `base`: the server's address. */
export async function interleaved(title, base, cases) {
  const bare = { name: 'bare GET /healthz/live', url: `${base}/healthz/live` };
  const rows = cases.map((c) => ({ name: c.name, runs: [], bare: [] }));
  for (let round = 0; round < repeats; round++) {
    for (const [i, c] of cases.entries()) {
      rows[i].bare.push(await measure(bare, base));
      rows[i].runs.push(await measure(c, base));
    }
  }
  const of = (runs, key) => runs.map((r) => r[key]);
  console.log(`\n${title}: ${connections} connections, ${duration} s per run, ${repeats} interleaved rounds (median, spread min–max)`);
  console.log('route'.padEnd(40), 'req/s'.padStart(14), 'p50 ms'.padStart(12), 'p99 ms'.padStart(14), '| bare req/s'.padStart(18), 'bare p99'.padStart(12));
  for (const r of rows) {
    const cell = (runs, key) => showSpread(of(runs, key));
    console.log(r.name.padEnd(40), cell(r.runs, 'rps').padStart(14), cell(r.runs, 'p50').padStart(12), cell(r.runs, 'p99').padStart(14), `| ${cell(r.bare, 'rps')}`.padStart(18), cell(r.bare, 'p99').padStart(12));
  }
  warnIfNoisy("the bare route's req/s", rows.flatMap((r) => of(r.bare, 'rps')));
  return rows;
}

/** The figures of `interleaved()`'s rows for bench/results/latest.json: median and spread of each, and of the ratio to bare. */
export function figuresOf(rows) {
  const of = (runs, key) => runs.map((r) => r[key]);
  return rows.map((r) => ({
    name: r.name,
    rps: spread(of(r.runs, 'rps')),
    p50: spread(of(r.runs, 'p50')),
    p99: spread(of(r.runs, 'p99')),
    bareRps: spread(of(r.bare, 'rps')),
    bareP99: spread(of(r.bare, 'p99')),
    vsBare: spread(r.runs.map((x, i) => x.rps / r.bare[i].rps)),
  }));
}
