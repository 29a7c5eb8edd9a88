// Load figures of the hardening work: the public lesson page at 200 connections, `user/current` and
// the notes page (`lessonNote/getNotesPage`) at 50, each against the bare `GET /healthz/live` of the
// same server at the same number of connections. Routes are measured in interleaved rounds (bare,
// route, bare, route, …; BENCH_REPEATS rounds), and the table shows the median and the spread
// (min–max) of each route's req/s as a ratio of the bare route's in the same round, so a machine
// busy with other work moves both sides of a ratio alike.
import autocannon from 'autocannon';
import { login, startServer } from './lib.mjs';

const duration = Number(process.env.BENCH_DURATION || 5);
const repeats = Number(process.env.BENCH_REPEATS || 3);

function run(opts) {
  return new Promise((ok, fail) => {
    autocannon({ duration, ...opts }, (err, r) => (err ? fail(err) : ok(r)));
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function post(base, path, token, body) {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) }, body: JSON.stringify(body) });
  const answer = await res.json();
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.message}`);
  return answer.data;
}

const server = await startServer();
try {
  const student = await login(server.base, 'student');
  // A few notes of the student's on a published lesson, so the notes page reads real rows.
  const page = await post(server.base, '/cloudSchool/v1/cloudLesson/getOnDemandLessonPage', null, { pageNum: 1, pageSize: 5 });
  const lessonId = page.rows[0]?.lessonId;
  if (!lessonId) throw new Error('the demo data has no published lesson to take notes on');
  for (let i = 0; i < 20; i++) await post(server.base, '/cloudSchool/v1/lessonNote/save', student, { lessonId, content: `笔记 ${i}`, videoTime: i * 10 });

  const bare = (connections) => ({ name: `bare GET /healthz/live @${connections}`, url: `${server.base}/healthz/live`, connections });
  const cases = [
    {
      name: 'POST …/getOnDemandLessonPage @200',
      url: server.base,
      connections: 200,
      requests: [1, 2, 3].map((stage) => ({ method: 'POST', path: '/cloudSchool/v1/cloudLesson/getOnDemandLessonPage', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ stage, pageNum: 1, pageSize: 20 }) })),
    },
    { name: 'GET /base/v1/user/current @50', url: `${server.base}/base/v1/user/current`, connections: 50, headers: { authorization: student } },
    {
      name: 'POST …/lessonNote/getNotesPage @50',
      url: `${server.base}/cloudSchool/v1/lessonNote/getNotesPage`,
      connections: 50,
      method: 'POST',
      headers: { authorization: student, 'content-type': 'application/json' },
      body: JSON.stringify({ pageNum: 1, pageSize: 10 }),
    },
  ];
  // Warm-up: JIT, connections, caches.
  for (const c of cases) await run({ ...c, duration: 2 });

  const rows = new Map(cases.map((c) => [c.name, { ratios: [], rps: [], p99: [], bareRps: [] }]));
  for (let round = 0; round < repeats; round++) {
    for (const c of cases) {
      const b = await run(bare(c.connections));
      const r = await run(c);
      if (r.non2xx || r.errors || b.non2xx || b.errors) throw new Error(`${c.name}: ${r.non2xx} non-2xx, ${r.errors} errors (bare: ${b.non2xx}, ${b.errors})`);
      const row = rows.get(c.name);
      row.ratios.push(r.requests.average / b.requests.average);
      row.rps.push(r.requests.average);
      row.p99.push(r.latency.p99);
      row.bareRps.push(b.requests.average);
    }
  }
  console.log(`\nPublic and signed-in load: ${repeats} interleaved rounds of ${duration} s per route (route vs bare route at the same connections)`);
  console.log('route'.padEnd(38), 'req/s (median)'.padStart(15), 'p99 ms (median)'.padStart(16), 'bare req/s'.padStart(11), 'vs bare: median'.padStart(16), 'spread'.padStart(14));
  for (const [name, r] of rows) {
    const pct = (x) => `${(x * 100).toFixed(0)} %`;
    console.log(
      name.padEnd(38),
      median(r.rps).toFixed(0).padStart(15),
      String(median(r.p99)).padStart(16),
      median(r.bareRps).toFixed(0).padStart(11),
      pct(median(r.ratios)).padStart(16),
      `${pct(Math.min(...r.ratios))}–${pct(Math.max(...r.ratios))}`.padStart(14),
    );
  }
} finally {
  await server.stop();
}
