// API load: `user/current` (token check + user read) and `globalConfig/list` (public config read)
// against the bare health route of the same server in the same run. Prints requests/s, p50 and p99,
// and each route's throughput as a ratio of the bare route's.
import autocannon from 'autocannon';
import { startServer, login } from './lib.mjs';

const duration = Number(process.env.BENCH_DURATION || 8);
const connections = Number(process.env.BENCH_CONNECTIONS || 50);

function run(opts) {
  return new Promise((ok, fail) => {
    autocannon({ duration, connections, ...opts }, (err, r) => (err ? fail(err) : ok(r)));
  });
}

const server = await startServer();
try {
  const token = await login(server.base, 'teacher');
  const cases = [
    { name: 'bare GET /healthz/live', url: `${server.base}/healthz/live` },
    { name: 'GET /base/v1/user/current', url: `${server.base}/base/v1/user/current`, headers: { authorization: token } },
    {
      name: 'POST /base/v1/globalConfig/list',
      url: `${server.base}/base/v1/globalConfig/list`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    },
  ];
  // One short warm-up so the first measured case does not pay for JIT and connection set-up.
  await run({ url: cases[0].url, duration: 2 });
  const rows = [];
  for (const c of cases) {
    const r = await run(c);
    if (r.non2xx || r.errors) throw new Error(`${c.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    rows.push({ name: c.name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });
  }
  const bare = rows[0].rps;
  console.log(`\nAPI load: ${connections} connections, ${duration} s per route`);
  console.log('route'.padEnd(34), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'vs bare'.padStart(8));
  for (const r of rows) {
    console.log(r.name.padEnd(34), r.rps.toFixed(0).padStart(9), String(r.p50).padStart(8), String(r.p99).padStart(8), `${((r.rps / bare) * 100).toFixed(0)} %`.padStart(8));
  }
} finally {
  await server.stop();
}
