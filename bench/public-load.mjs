// Load figures of the public and signed-in routes: the public lesson page at 200 connections,
// `user/current`, the notes page (`lessonNote/getNotesPage`) and the study record
// (`lessonOperation/getPage`) at 50, each against the bare `GET /healthz/live` of the same server at
// the same number of connections. Routes are measured in interleaved rounds (bare, route, bare, route,
// …; BENCH_REPEATS rounds, at least 3), and the table shows the median and the spread (min–max) of each
// route's req/s as a ratio of the bare route's in the same round, so a machine busy with other work
// moves both sides of a ratio alike; a bare route whose own req/s spread is over 15 % is flagged, as
// the ratios of that row are then less trustworthy.
// Runs on PGlite, and again on PostgreSQL when BENCH_DATABASE_URL names a server the bench may create
// a throwaway database on. BENCH_CASES (e.g. `user,notes`) measures only the cases whose name holds
// one of the words.
import autocannon from 'autocannon';
import { login, scratchDatabase, startServer } from './lib.mjs';
import { REPEATS, median, saveResults, spread, warnIfNoisy } from './results.mjs';

const duration = Number(process.env.BENCH_DURATION || 5);
const repeats = REPEATS;
const only = (process.env.BENCH_CASES || '').split(',').map((w) => w.trim().toLowerCase()).filter(Boolean);
const postgresUrl = process.env.BENCH_DATABASE_URL;

function run(opts) {
  return new Promise((ok, fail) => {
    autocannon({ duration, ...opts }, (err, r) => (err ? fail(err) : ok(r)));
  });
}


async function call(base, method, path, token, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: token } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await res.json();
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.message}`);
  return answer.data;
}

/** Twenty notes and a study record on a few published lessons, so both pages read real rows. */
async function studentData(base, student) {
  const page = await call(base, 'POST', '/cloudSchool/v1/cloudLesson/getOnDemandLessonPage', null, { pageNum: 1, pageSize: 5 });
  const lessons = page.rows.map((r) => r.lessonId);
  if (lessons.length === 0) throw new Error('the demo data has no published lesson to take notes on');
  for (let i = 0; i < 20; i++) await call(base, 'POST', '/cloudSchool/v1/lessonNote/save', student, { lessonId: lessons[0], content: `笔记 ${i}`, videoTime: i * 10 });
  for (const lessonId of lessons) {
    const [video] = await call(base, 'GET', `/cloudSchool/v1/cloudLesson/getResourceVideo?lessonId=${lessonId}`, student);
    if (!video) continue;
    await call(base, 'POST', '/cloudSchool/v1/lessonOperation/addLearningDuration', student, { lessonId, resourceId: video.resourceId, seconds: 5, position: 5 });
  }
}

async function measure(label, env) {
  const server = await startServer(env);
  try {
    const student = await login(server.base, 'student');
    await studentData(server.base, student);
    const signedIn = (path, body) => ({ url: `${server.base}${path}`, connections: 50, method: 'POST', headers: { authorization: student, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const cases = [
      {
        name: 'POST …/getOnDemandLessonPage @200',
        url: server.base,
        connections: 200,
        requests: [1, 2, 3].map((stage) => ({ method: 'POST', path: '/cloudSchool/v1/cloudLesson/getOnDemandLessonPage', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ stage, pageNum: 1, pageSize: 20 }) })),
      },
      { name: 'GET /base/v1/user/current @50', url: `${server.base}/base/v1/user/current`, connections: 50, headers: { authorization: student } },
      { name: 'POST …/lessonNote/getNotesPage @50', ...signedIn('/cloudSchool/v1/lessonNote/getNotesPage', { pageNum: 1, pageSize: 10 }) },
      { name: 'POST …/lessonOperation/getPage (study) @50', ...signedIn('/cloudSchool/v1/lessonOperation/getPage', { pageNum: 1, pageSize: 10 }) },
    ].filter((c) => only.length === 0 || only.some((w) => c.name.toLowerCase().includes(w)));
    // Warm-up: JIT, connections, caches.
    for (const c of cases) await run({ ...c, duration: 2 });

    const rows = new Map(cases.map((c) => [c.name, { ratios: [], rps: [], p99: [], bareRps: [], bareP99: [] }]));
    for (let round = 0; round < repeats; round++) {
      for (const c of cases) {
        const b = await run({ name: 'bare', url: `${server.base}/healthz/live`, connections: c.connections });
        const r = await run(c);
        if (r.non2xx || r.errors || b.non2xx || b.errors) throw new Error(`${c.name}: ${r.non2xx} non-2xx, ${r.errors} errors (bare: ${b.non2xx}, ${b.errors})`);
        const row = rows.get(c.name);
        row.ratios.push(r.requests.average / b.requests.average);
        row.rps.push(r.requests.average);
        row.p99.push(r.latency.p99);
        row.bareRps.push(b.requests.average);
        row.bareP99.push(b.latency.p99);
      }
    }
    const pct = (x) => `${(x * 100).toFixed(0)} %`;
    console.log(`\n${label}: ${repeats} interleaved rounds of ${duration} s per route (route vs bare route at the same connections)`);
    console.log('route'.padEnd(42), 'req/s (median)'.padStart(15), 'p99 ms (median)'.padStart(16), 'p99 max'.padStart(8), 'bare req/s'.padStart(11), 'bare p99'.padStart(9), 'bare spread'.padStart(12), 'vs bare: median'.padStart(16), 'spread'.padStart(12));
    for (const [name, r] of rows) {
      const bareSpread = (Math.max(...r.bareRps) - Math.min(...r.bareRps)) / median(r.bareRps);
      console.log(
        name.padEnd(42),
        median(r.rps).toFixed(0).padStart(15),
        String(median(r.p99)).padStart(16),
        String(Math.max(...r.p99)).padStart(8),
        median(r.bareRps).toFixed(0).padStart(11),
        String(median(r.bareP99)).padStart(9),
        pct(bareSpread).padStart(12),
        pct(median(r.ratios)).padStart(16),
        `${pct(Math.min(...r.ratios))}–${pct(Math.max(...r.ratios))}`.padStart(12),
      );
    }
    for (const [name, r] of rows) warnIfNoisy(`${name}: the bare route's req/s`, r.bareRps);
    return {
      database: label,
      routes: [...rows].map(([name, r]) => ({ name, rps: spread(r.rps), p99: spread(r.p99), bareRps: spread(r.bareRps), bareP99: spread(r.bareP99), vsBare: spread(r.ratios) })),
    };
  } finally {
    await server.stop();
  }
}

const databases = [await measure('PGlite', {})];
if (postgresUrl) {
  const scratch = await scratchDatabase(postgresUrl);
  try {
    databases.push(await measure('PostgreSQL', { DATABASE_URL: scratch.url }));
  } finally {
    await scratch.drop();
  }
} else {
  console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL to measure it too)');
}
saveResults('public-load', { rounds: repeats, databases });
