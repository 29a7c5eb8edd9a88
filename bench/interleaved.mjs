// Interleaved rounds against the bare route, for the activity benches: in each of BENCH_REPEATS (3)
// rounds every case is measured right after its own bare `GET /healthz/live` run (1 s warm-up before
// each), so a load change on a shared machine hits both alike. Prints, per case, the median and spread
// (min–max) of req/s, p50 and p99 over the rounds, the bare route's alongside, and a warning when the
// bare route itself varies by more than 15 % between rounds (the machine is busy: absolute figures
// then say little).
import autocannon from 'autocannon';

const duration = Number(process.env.BENCH_DURATION || 5);
const connections = Number(process.env.BENCH_CONNECTIONS || 50);
const repeats = Number(process.env.BENCH_REPEATS || 3);

function run(opts) {
  return new Promise((ok, fail) => {
    autocannon({ duration, connections, ...opts }, (err, r) => (err ? fail(err) : ok(r)));
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const spread = (xs) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;

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
  const allBare = rows.flatMap((r) => of(r.bare, 'rps'));
  for (const r of rows) {
    const cell = (runs, key) => `${median(of(runs, key)).toFixed(0)} (${spread(of(runs, key))})`;
    console.log(r.name.padEnd(40), cell(r.runs, 'rps').padStart(14), cell(r.runs, 'p50').padStart(12), cell(r.runs, 'p99').padStart(14), `| ${cell(r.bare, 'rps')}`.padStart(18), cell(r.bare, 'p99').padStart(12));
  }
  const bareSpread = (Math.max(...allBare) - Math.min(...allBare)) / median(allBare);
  if (bareSpread > 0.15) {
    console.log(`WARNING: the bare route's req/s varied by ${(bareSpread * 100).toFixed(0)} % between runs (> 15 %): the machine is busy; compare ratios, not absolute figures.`);
  }
  return rows;
}
