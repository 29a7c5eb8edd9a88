// Lesson browsing under load: BENCH_LESSONS generated lessons (default 100 000) are inserted into a
// fresh data folder before the server starts on it, then autocannon at BENCH_CONNECTIONS (50) runs
// `POST /cloudSchool/v1/cloudLesson/getOnDemandLessonPage` with realistic filters (stage + subject,
// pageSize 20, several bodies rotated) against the bare `GET /healthz/live` of the same server.
// Prints req/s, p50 and p99 and the ratio to the bare route.
import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, startServer } from './lib.mjs';

const lessons = Number(process.env.BENCH_LESSONS || 100_000);
const duration = Number(process.env.BENCH_DURATION || 8);
const connections = Number(process.env.BENCH_CONNECTIONS || 50);
const PAGE = '/cloudSchool/v1/cloudLesson/getOnDemandLessonPage';

function run(opts) {
  return new Promise((ok, fail) => {
    autocannon({ duration, connections, ...opts }, (err, r) => (err ? fail(err) : ok(r)));
  });
}

const tmp = mkdtempSync(join(tmpdir(), 'ds-bench-lessons-'));
let server;
try {
  const seeded = spawnSync(process.execPath, [join(root, 'bench/seed-lessons.mjs'), join(tmp, 'data'), String(lessons)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (seeded.status !== 0) throw new Error(`seeding failed (${seeded.status})`);
  const seed = JSON.parse(seeded.stdout.trim().split('\n').pop());
  console.log(`seeded ${seed.inserted} lessons in ${seed.ms} ms`);

  server = await startServer({ DATA_DIR: join(tmp, 'data') });
  // Stage + subject pairs that hold lessons, first and second page, newest and hottest: 8 bodies.
  const pairs = seed.pairs.slice(0, 4);
  const bodies = pairs.flatMap((p, i) => [
    { stage: p.stage, subjectCode: p.subjectCode, pageNum: 1, pageSize: 20 },
    { stage: p.stage, subjectCode: p.subjectCode, pageNum: 2, pageSize: 20, orderBy: i % 2 ? 'hottest' : 'newest' },
  ]);
  for (const body of bodies) {
    const res = await fetch(`${server.base}${PAGE}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const answer = await res.json();
    if (answer.status !== 200) throw new Error(`${JSON.stringify(body)}: ${answer.status} ${answer.message}`);
    const rows = answer.data?.records ?? answer.data?.list ?? answer.data?.rows;
    if (Array.isArray(rows) && rows.length === 0) throw new Error(`${JSON.stringify(body)} found no lessons`);
  }

  const cases = [
    { name: 'bare GET /healthz/live', url: `${server.base}/healthz/live` },
    {
      name: 'POST …/getOnDemandLessonPage',
      url: server.base,
      requests: bodies.map((b) => ({ method: 'POST', path: PAGE, headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) })),
    },
  ];
  await run({ url: cases[0].url, duration: 2 });
  await run({ ...cases[1], duration: 2 });
  const rows = [];
  for (const c of cases) {
    const r = await run(c);
    if (r.non2xx || r.errors) throw new Error(`${c.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    rows.push({ name: c.name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });
  }
  const bare = rows[0];
  console.log(`\nLesson page load: ${seed.inserted} lessons, ${connections} connections, ${duration} s per route, ${bodies.length} filters rotated`);
  console.log('route'.padEnd(34), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'vs bare'.padStart(8));
  for (const r of rows) {
    console.log(r.name.padEnd(34), r.rps.toFixed(0).padStart(9), String(r.p50).padStart(8), String(r.p99).padStart(8), `${((r.rps / bare.rps) * 100).toFixed(0)} %`.padStart(8));
  }
  console.log(`lesson page p99: ${rows[1].p99} ms   (target < 20 ms; bare route p99 ${bare.p99} ms)`);
} finally {
  await server?.stop();
  rmSync(tmp, { recursive: true, force: true });
}
