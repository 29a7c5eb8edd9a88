// The sign-up page's node tree under load: one activity whose scope is a generated book of ~2 000
// chapter nodes with 5 000 teachers signed up (bench/seed-activity.mjs, inserted before the server
// starts), then autocannon at BENCH_CONNECTIONS (50) runs `POST /cloudSchool/v1/activitySignUp/nodeTree`
// as the demo teacher for the whole scope against the bare `GET /healthz/live` of the same server in
// the same run. Prints req/s, p50 and p99 and the ratio to the bare route. Target: p99 < 30 ms.
import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { login, root, startServer } from './lib.mjs';

const duration = Number(process.env.BENCH_DURATION || 8);
const connections = Number(process.env.BENCH_CONNECTIONS || 50);
const TREE = '/cloudSchool/v1/activitySignUp/nodeTree';

function run(opts) {
  return new Promise((ok, fail) => {
    autocannon({ duration, connections, ...opts }, (err, r) => (err ? fail(err) : ok(r)));
  });
}

const tmp = mkdtempSync(join(tmpdir(), 'ds-bench-activity-'));
let server;
try {
  const seeded = spawnSync(process.execPath, [join(root, 'bench/seed-activity.mjs'), join(tmp, 'data')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (seeded.status !== 0) throw new Error(`seeding failed (${seeded.status})`);
  const facts = JSON.parse(seeded.stdout.trim().split('\n').pop());
  console.log(`seeded ${facts.nodes} nodes and ${facts.signUps} sign-ups in ${facts.ms} ms`);
  server = await startServer({ DATA_DIR: join(tmp, 'data') });
  const token = await login(server.base, 'teacher');
  const post = (body) => ({ method: 'POST', path: TREE, headers: { 'content-type': 'application/json', authorization: token }, body: JSON.stringify(body) });
  const whole = post({ activityId: facts.activityId });
  const check = await (await fetch(`${server.base}${TREE}`, { method: 'POST', headers: whole.headers, body: whole.body })).text();
  const answer = JSON.parse(check);
  if (answer.status !== 200) throw new Error(`nodeTree: ${answer.status} ${answer.message}`);
  const count = answer.data.reduce((n, c) => n + 1 + c.children.length, 0);
  console.log(`whole tree: ${count} nodes, ${(check.length / 1024).toFixed(0)} KB answer`);
  const cases = [
    { name: 'bare GET /healthz/live', url: `${server.base}/healthz/live` },
    { name: `nodeTree, whole scope (${count} nodes)`, url: server.base, requests: [whole] },
  ];
  const rows = [];
  for (const c of cases) {
    // Warm-up just before each measured route, so that a slow route's backlog never lands in the bare route's window.
    await run({ ...c, duration: 2 });
    const r = await run(c);
    if (r.non2xx || r.errors) throw new Error(`${c.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    rows.push({ name: c.name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });
  }
  const bare = rows[0];
  console.log(`\nActivity node tree: ${facts.signUps} sign-ups, ${connections} connections, ${duration} s per route (target p99 < 30 ms)`);
  console.log('route'.padEnd(36), 'req/s'.padStart(7), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7), 'vs bare'.padStart(8));
  for (const r of rows) {
    console.log(r.name.padEnd(36), r.rps.toFixed(0).padStart(7), String(r.p50).padStart(7), String(r.p99).padStart(7), `${((r.rps / bare.rps) * 100).toFixed(0)} %`.padStart(8));
  }
} finally {
  await server?.stop();
  rmSync(tmp, { recursive: true, force: true });
}
