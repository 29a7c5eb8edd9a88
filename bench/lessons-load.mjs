// Lesson browsing under load: BENCH_LESSONS generated lessons (default 100 000) are inserted into a
// fresh database before the server starts on it, then autocannon at BENCH_CONNECTIONS (50) runs
// `POST /cloudSchool/v1/cloudLesson/getOnDemandLessonPage` with realistic filters (stage + subject,
// pageSize 20, several bodies rotated) against the bare `GET /healthz/live` of the same server.
// Runs on PGlite (a fresh data folder), and also on PostgreSQL when BENCH_DATABASE_URL names a server
// the bench may create a throwaway database on (e.g. postgres://postgres@127.0.0.1:5432/postgres).
// Prints req/s, p50 and p99 and the ratio to the bare route.
import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, scratchDatabase, startServer } from './lib.mjs';

const lessons = Number(process.env.BENCH_LESSONS || 100_000);
const duration = Number(process.env.BENCH_DURATION || 8);
const connections = Number(process.env.BENCH_CONNECTIONS || 50);
const postgresUrl = process.env.BENCH_DATABASE_URL;
const PAGE = '/cloudSchool/v1/cloudLesson/getOnDemandLessonPage';

function run(opts) {
  return new Promise((ok, fail) => {
    autocannon({ duration, connections, ...opts }, (err, r) => (err ? fail(err) : ok(r)));
  });
}

function seed(dataDir, env = {}) {
  const seeded = spawnSync(process.execPath, [join(root, 'bench/seed-lessons.mjs'), dataDir, String(lessons)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  if (seeded.status !== 0) throw new Error(`seeding failed (${seeded.status})`);
  return JSON.parse(seeded.stdout.trim().split('\n').pop());
}

/** Seeds, starts the server on that database, measures both routes: `[bare, page]`. */
async function measure(label, env, seedEnv) {
  const tmp = mkdtempSync(join(tmpdir(), 'ds-bench-lessons-'));
  let server;
  try {
    const seeded = seed(join(tmp, 'data'), seedEnv);
    console.log(`${label}: seeded ${seeded.inserted} lessons in ${seeded.ms} ms`);
    server = await startServer({ DATA_DIR: join(tmp, 'data'), ...env });
    // Stage + subject pairs that hold lessons, first and second page, newest and hottest: 8 bodies.
    const bodies = seeded.pairs.slice(0, 4).flatMap((p, i) => [
      { stage: p.stage, subjectCode: p.subjectCode, pageNum: 1, pageSize: 20 },
      { stage: p.stage, subjectCode: p.subjectCode, pageNum: 2, pageSize: 20, orderBy: i % 2 ? 'hottest' : 'newest' },
    ]);
    for (const body of bodies) {
      const res = await fetch(`${server.base}${PAGE}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const answer = await res.json();
      if (answer.status !== 200) throw new Error(`${JSON.stringify(body)}: ${answer.status} ${answer.message}`);
      if (answer.data.rows.length === 0) throw new Error(`${JSON.stringify(body)} found no lessons`);
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
      rows.push({ db: label, name: c.name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });
    }
    return { rows, inserted: seeded.inserted, filters: bodies.length };
  } finally {
    await server?.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

const results = [await measure('PGlite', {}, {})];
if (postgresUrl) {
  const scratch = await scratchDatabase(postgresUrl);
  try {
    results.push(await measure('PostgreSQL', { DATABASE_URL: scratch.url }, { DATABASE_URL: scratch.url }));
  } finally {
    await scratch.drop();
  }
} else {
  console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL to measure it too)');
}

const { inserted, filters } = results[0];
console.log(`\nLesson page load: ${inserted} lessons, ${connections} connections, ${duration} s per route, ${filters} filters rotated`);
console.log('database'.padEnd(11), 'route'.padEnd(31), 'req/s'.padStart(7), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7), 'vs bare'.padStart(8));
for (const { rows } of results) {
  const bare = rows[0];
  for (const r of rows) {
    console.log(r.db.padEnd(11), r.name.padEnd(31), r.rps.toFixed(0).padStart(7), String(r.p50).padStart(7), String(r.p99).padStart(7), `${((r.rps / bare.rps) * 100).toFixed(0)} %`.padStart(8));
  }
}
for (const { rows } of results) {
  const [bare, page] = rows;
  console.log(`${page.db}: lesson page p99 ${page.p99} ms (target < 20 ms), bare route p99 ${bare.p99} ms in the same run`);
}
