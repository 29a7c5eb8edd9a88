// API load: `user/current` (token check + user read) and `globalConfig/list` (public config read),
// each in BENCH_REPEATS (≥ 3) rounds interleaved with the bare health route of the same server
// (interleaved.mjs): median and spread (min–max) of req/s, p50 and p99, and of the ratio to the bare
// route, with a warning when the bare route itself varies by more than 15 %.
import { startServer, login } from './lib.mjs';
import { figuresOf, interleaved } from './interleaved.mjs';
import { formatSpread, saveResults } from './results.mjs';

const server = await startServer();
try {
  const token = await login(server.base, 'teacher');
  const cases = [
    { name: 'GET /base/v1/user/current', url: `${server.base}/base/v1/user/current`, headers: { authorization: token } },
    {
      name: 'POST /base/v1/globalConfig/list',
      url: `${server.base}/base/v1/globalConfig/list`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    },
  ];
  const routes = figuresOf(await interleaved('API load', server.base, cases));
  for (const r of routes) console.log(`${r.name}: ${formatSpread(r.vsBare, (v) => `${(v * 100).toFixed(0)} %`)} of the bare route's req/s`);
  saveResults('api-load', { routes });
} finally {
  await server.stop();
}
