// Activity lists under load: BENCH_ACTIVITIES activities (default 300; three in four published) are
// created through the API by the demo city administrator, spread over the city, its districts and
// schools, then autocannon at BENCH_CONNECTIONS (50) runs the public
// `GET /cloudSchool/v1/resourceCollectActivity/publish/list` (what `<ds-activity-list>` asks: no
// filter, a school's, a district's, the sign-up phase) and the organiser's `POST …/page` (token,
// pageSize 20, rotated filters) against the bare `GET /healthz/live` of the same server in the same
// run. Prints req/s, p50 and p99 and each route's ratio to the bare route. PGlite (a fresh data folder).
import autocannon from 'autocannon';
import { login, startServer } from './lib.mjs';

const count = Number(process.env.BENCH_ACTIVITIES || 300);
const duration = Number(process.env.BENCH_DURATION || 8);
const connections = Number(process.env.BENCH_CONNECTIONS || 50);
const A = '/cloudSchool/v1/resourceCollectActivity';
const DAY = 86_400_000;
const ORGANISERS = [
  { orgId: '330100000000', levels: [1, 2, 3] },
  { orgId: '330102000000', levels: [1, 2] },
  { orgId: '330103000000', levels: [1, 2] },
  { orgId: '330104000000', levels: [1, 2] },
  { orgId: '330102001001', levels: [1] },
  { orgId: 'sc-07', levels: [1] },
];
const SCOPES = [
  [{ stage: 2, subjectCode: 214, editionId: 'ed-renjiao', bookId: 'bk-214-3a' }],
  [{ stage: 2, subjectCode: 213, editionId: 'ed-tongbian', bookId: null }],
  [{ stage: 3, subjectCode: 314, editionId: null, bookId: null }, { stage: 3, subjectCode: 313, editionId: null, bookId: null }],
];

function run(opts) {
  return new Promise((ok, fail) => {
    autocannon({ duration, connections, ...opts }, (err, r) => (err ? fail(err) : ok(r)));
  });
}

async function call(base, method, path, token, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { authorization: token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await res.json();
  if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${answer.message}`);
  return answer.data;
}

/** Creates the activities: windows spread so every phase occurs; one in four stays a draft. */
async function seed(base, token) {
  const now = Date.now();
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const org = ORGANISERS[i % ORGANISERS.length];
    const start = now + ((i % 9) - 6) * 5 * DAY;
    const saved = await call(base, 'POST', `${A}/save`, token, {
      name: `压测征集活动 ${String(i + 1).padStart(4, '0')}`,
      description: '<p>压测用活动说明。</p>',
      activitySystem: (i % 3) + 1,
      orgId: org.orgId,
      signUpStartTime: start,
      signUpEndTime: start + 10 * DAY,
      uploadStartTime: start + 5 * DAY,
      uploadEndTime: start + 20 * DAY,
      auditStartTime: start + 20 * DAY,
      auditEndTime: start + 30 * DAY,
      scope: SCOPES[i % SCOPES.length],
      reviewLevels: org.levels,
      rules: { nodesPerTeacher: 2, teachersPerNode: 3, allowFormatWarnings: false },
    });
    if (i % 4 !== 3) await call(base, 'POST', `${A}/set/status`, token, { activityId: saved.activityId, version: saved.version, status: 1 });
  }
  return Math.round(performance.now() - started);
}

const server = await startServer();
try {
  const token = await login(server.base, 'admin');
  const ms = await seed(server.base, token);
  console.log(`seeded ${count} activities through the API in ${ms} ms`);
  const publicQueries = ['pageNum=1&pageSize=12', 'orgId=330102001001&pageSize=12', 'orgId=330104000000&pageSize=12', 'phase=signUp&pageSize=12', 'pageNum=2&pageSize=12'];
  const pageBodies = [{ pageSize: 20 }, { pageSize: 20, phase: 'upload' }, { pageSize: 20, status: 0 }, { pageSize: 20, keyword: '00' }, { pageSize: 20, pageNum: 3 }];
  for (const q of publicQueries) {
    const data = await call(server.base, 'GET', `${A}/publish/list?${q}`);
    if (data.rows.length === 0) throw new Error(`publish/list?${q} found nothing`);
  }
  for (const b of pageBodies) await call(server.base, 'POST', `${A}/page`, token, b);
  const cases = [
    { name: 'bare GET /healthz/live', url: `${server.base}/healthz/live` },
    { name: 'GET …/publish/list (public)', url: server.base, requests: publicQueries.map((q) => ({ method: 'GET', path: `${A}/publish/list?${q}` })) },
    {
      name: 'POST …/page (organiser)',
      url: server.base,
      requests: pageBodies.map((b) => ({ method: 'POST', path: `${A}/page`, headers: { 'content-type': 'application/json', authorization: token }, body: JSON.stringify(b) })),
    },
  ];
  for (const c of cases) await run({ ...c, duration: 2 });
  const rows = [];
  for (const c of cases) {
    const r = await run(c);
    if (r.non2xx || r.errors) throw new Error(`${c.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    rows.push({ name: c.name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });
  }
  const bare = rows[0];
  console.log(`\nActivity lists: ${count} activities, ${connections} connections, ${duration} s per route (PGlite)`);
  console.log('route'.padEnd(32), 'req/s'.padStart(7), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7), 'p50 ×bare'.padStart(10), 'p99 ×bare'.padStart(10));
  for (const r of rows) {
    const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(1)}×` : '—');
    console.log(r.name.padEnd(32), r.rps.toFixed(0).padStart(7), String(r.p50).padStart(7), String(r.p99).padStart(7), ratio(r.p50, bare.p50).padStart(10), ratio(r.p99, bare.p99).padStart(10));
  }
  for (const r of rows.slice(1)) console.log(`${r.name}: p99 ${r.p99} ms (target < 30 ms), bare route p99 ${bare.p99} ms in the same run`);
} finally {
  await server.stop();
}
