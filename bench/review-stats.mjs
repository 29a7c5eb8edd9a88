// The works-review statistics and exports on a large activity: 20 000 works over ~2 000 curriculum nodes
// (bench/seed-activity.mjs with BENCH_SIGN_UPS=20000 BENCH_REVIEW=1: works in every review state,
// reviewers at three levels and their decisions), inserted before the server starts.
//
// 1. Statistics at BENCH_CONNECTIONS (20) as the city administrator — staActivityManage total, subject,
//    area, cover; staCollectActivityOverview/overview; staTeacherAudit/page — each BENCH_ROUNDS (3)
//    times, every round starting with the bare `GET /healthz/live` of the same server, so the bare route
//    and the calls are interleaved on the same (shared, loaded) machine. Median and spread of p50/p99.
//    Target: p99 < 100 ms. The answers are kept 5 s per activity (statsAccess.ts), so under load most
//    calls are answered from memory; the uncached cost of each call is printed first.
// 2. Exports of 5 000, 10 000 and 20 000 rows (activityAuditPerson/exportUploadedWorkNode of activities
//    holding that many works), interleaved, BENCH_ROUNDS times each: wall time to the last byte and the
//    server's peak RSS during the export above its RSS before (Linux: /proc/<pid>/status VmHWM, reset
//    through /proc/<pid>/clear_refs before each export). Target: memory flat as rows grow.
import autocannon from 'autocannon';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { login, seedActivity, startServer } from './lib.mjs';
import { REPEATS, median, saveResults, spread, warnIfNoisy } from './results.mjs';

const duration = Number(process.env.BENCH_DURATION || 5);
const connections = Number(process.env.BENCH_CONNECTIONS || 20);
const rounds = Math.max(3, Number(process.env.BENCH_ROUNDS || REPEATS));
const works = Number(process.env.BENCH_WORKS || 20000);

const run = (opts) => new Promise((ok, fail) => autocannon({ duration, connections, ...opts }, (err, r) => (err ? fail(err) : ok(r))));
const range = (xs) => { const s = spread(xs); return `${s.min}–${s.max}`; };
const mb = (bytes) => (bytes / 1048576).toFixed(1);

function procStatus(pid) {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(text)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

const tmp = mkdtempSync(join(tmpdir(), 'ds-bench-review-'));
let server;
try {
  const facts = seedActivity(join(tmp, 'data'), { BENCH_SIGN_UPS: String(works), BENCH_REVIEW: '1' });
  console.log(`seeded ${facts.nodes} nodes, ${facts.signUps} sign-ups and works in ${facts.ms} ms`);
  server = await startServer({ DATA_DIR: join(tmp, 'data') });
  const token = await login(server.base, 'admin');
  const headers = { 'content-type': 'application/json', authorization: token };
  const id = facts.activityId;
  const get = (path) => ({ method: 'GET', path, headers });
  const post = (path, body) => ({ method: 'POST', path, headers, body: JSON.stringify(body) });
  const cases = [
    { name: 'staActivityManage/total', request: get(`/cloudSchool/v1/staActivityManage/total?activityId=${id}`) },
    { name: 'staActivityManage/subject', request: get(`/cloudSchool/v1/staActivityManage/subject?activityId=${id}`) },
    { name: 'staActivityManage/area', request: get(`/cloudSchool/v1/staActivityManage/area?activityId=${id}`) },
    { name: 'staActivityManage/cover', request: get(`/cloudSchool/v1/staActivityManage/cover?activityId=${id}`) },
    { name: 'staCollectActivityOverview', request: get(`/cloudSchool/v1/staCollectActivityOverview/overview?activityId=${id}`) },
    { name: 'staTeacherAudit/page', request: post('/cloudSchool/v1/staTeacherAudit/page', { activityId: id }) },
  ];
  // One call each with an empty cache: what a load of the figures costs (the answers are then kept 5 s).
  const cold = [];
  for (const c of cases) {
    const started = performance.now();
    const res = await fetch(server.base + c.request.path, { method: c.request.method, headers, body: c.request.body });
    const answer = await res.json();
    cold.push(`${c.name} ${Math.round(performance.now() - started)} ms`);
    if (answer.status !== 200) throw new Error(`${c.name}: ${answer.status} ${answer.message}`);
    if (c.name === 'staActivityManage/total') console.log(`total: ${JSON.stringify(answer.data)}`);
  }
  console.log(`one uncached call each: ${cold.join(', ')}`);

  const results = new Map([['bare GET /healthz/live', []], ...cases.map((c) => [c.name, []])]);
  for (let round = 1; round <= rounds; round++) {
    for (const c of [{ name: 'bare GET /healthz/live', url: `${server.base}/healthz/live` }, ...cases.map((c) => ({ name: c.name, url: server.base, requests: [c.request] }))]) {
      await run({ ...c, duration: 1 });
      const r = await run(c);
      if (r.non2xx || r.errors) throw new Error(`${c.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      results.get(c.name).push({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });
    }
  }
  console.log(`\nReview statistics: ${works} works, ${facts.nodes} nodes, ${connections} connections, ${duration} s per route, ${rounds} interleaved rounds (target p99 < 100 ms)`);
  console.log('route'.padEnd(30), 'req/s'.padStart(7), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'p99 spread'.padStart(12));
  for (const [name, rs] of results) {
    const p99s = rs.map((r) => r.p99);
    console.log(name.padEnd(30), median(rs.map((r) => r.rps)).toFixed(0).padStart(7), String(median(rs.map((r) => r.p50))).padStart(8), String(median(p99s)).padStart(8), range(p99s).padStart(12));
  }
  warnIfNoisy("the bare route's req/s", results.get('bare GET /healthz/live').map((r) => r.rps));

  const sizes = [
    { rows: 5000, activityId: 'act-bench-5000' },
    { rows: 10000, activityId: 'act-bench-10000' },
    { rows: works, activityId: id },
  ];
  const exports = new Map(sizes.map((s) => [s.rows, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const s of sizes) {
      writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
      const before = procStatus(server.pid);
      const started = performance.now();
      const res = await fetch(`${server.base}/cloudSchool/v1/activityAuditPerson/exportUploadedWorkNode`, { method: 'POST', headers, body: JSON.stringify({ activityId: s.activityId }) });
      if (res.status !== 200) throw new Error(`export ${s.rows}: ${res.status} ${await res.text()}`);
      let bytes = 0;
      for await (const chunk of res.body) bytes += chunk.length;
      const ms = Math.round(performance.now() - started);
      const after = procStatus(server.pid);
      exports.get(s.rows).push({ ms, bytes, growth: Math.max(0, after.hwm - before.rss), hwm: after.hwm });
    }
  }
  console.log(`\nExport of the works per node (${rounds} interleaved rounds; server RSS peak above its RSS before the export)`);
  console.log('rows'.padStart(7), 'file MB'.padStart(8), 'time ms'.padStart(8), 'spread'.padStart(12), 'peak +MB'.padStart(9), 'spread'.padStart(12), 'peak RSS MB'.padStart(12));
  for (const [rows, rs] of exports) {
    const ms = rs.map((r) => r.ms);
    const growth = rs.map((r) => Number(mb(r.growth)));
    console.log(
      String(rows).padStart(7),
      mb(rs[0].bytes).padStart(8),
      String(median(ms)).padStart(8),
      range(ms).padStart(12),
      String(median(growth)).padStart(9),
      range(growth).padStart(12),
      mb(median(rs.map((r) => r.hwm))).padStart(12),
    );
  }
  saveResults('review-stats', {
    works,
    nodes: facts.nodes,
    rounds,
    routes: [...results].map(([name, rs]) => ({ name, rps: spread(rs.map((r) => r.rps)), p50: spread(rs.map((r) => r.p50)), p99: spread(rs.map((r) => r.p99)) })),
    exports: [...exports].map(([rowCount, rs]) => ({ rows: rowCount, bytes: rs[0].bytes, ms: spread(rs.map((r) => r.ms)), peakGrowthBytes: spread(rs.map((r) => r.growth)), peakRssBytes: spread(rs.map((r) => r.hwm)) })),
  });
  console.log(`\nload average: ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')} (the machine is shared with other work)`);
} finally {
  await server?.stop();
  rmSync(tmp, { recursive: true, force: true });
}
