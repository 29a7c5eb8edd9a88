// Lesson browsing under load: BENCH_LESSONS generated lessons (default 100 000) are inserted into a
// fresh database before the server starts on it, then autocannon at BENCH_CONNECTIONS (50) runs
// `POST /cloudSchool/v1/cloudLesson/getOnDemandLessonPage` with realistic filters (stage + subject,
// pageSize 20, several bodies rotated) in BENCH_REPEATS (≥ 3) rounds interleaved with the bare
// `GET /healthz/live` of the same server (interleaved.mjs: median and spread, noisy-baseline warning).
// Runs on PGlite (a fresh data folder), and also on PostgreSQL when BENCH_DATABASE_URL names a server
// the bench may create a throwaway database on (e.g. postgres://postgres@127.0.0.1:5432/postgres).
// Prints req/s, p50 and p99 and the ratio to the bare route.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, scratchDatabase, startServer } from './lib.mjs';
import { figuresOf, interleaved } from './interleaved.mjs';
import { formatSpread, saveResults } from './results.mjs';

const lessons = Number(process.env.BENCH_LESSONS || 100_000);
const postgresUrl = process.env.BENCH_DATABASE_URL;
const PAGE = '/cloudSchool/v1/cloudLesson/getOnDemandLessonPage';

function seed(dataDir, env = {}) {
  const seeded = spawnSync(process.execPath, [join(root, 'bench/seed-lessons.mjs'), dataDir, String(lessons)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  if (seeded.status !== 0) throw new Error(`seeding failed (${seeded.status})`);
  return JSON.parse(seeded.stdout.trim().split('\n').pop());
}

/** Seeds, starts the server on that database, measures the lesson page against the bare route. */
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
    const page = {
      name: 'POST …/getOnDemandLessonPage',
      url: server.base,
      requests: bodies.map((b) => ({ method: 'POST', path: PAGE, headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) })),
    };
    const rows = await interleaved(`Lesson page load (${label}): ${seeded.inserted} lessons, ${bodies.length} filters rotated`, server.base, [page]);
    return { db: label, inserted: seeded.inserted, filters: bodies.length, routes: figuresOf(rows) };
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

for (const { db, routes } of results) {
  const [page] = routes;
  console.log(`${db}: lesson page p99 ${formatSpread(page.p99)} ms (target < 20 ms), ${formatSpread(page.vsBare, (v) => `${(v * 100).toFixed(0)} %`)} of the bare route's req/s`);
}
saveResults('lessons-load', { lessons, databases: results });
