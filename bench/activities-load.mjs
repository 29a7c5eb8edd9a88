// Activity lists under load: BENCH_ACTIVITIES activities (default 300; three in four published) are
// created through the API by the demo city administrator, spread over the city, its districts and
// schools, then autocannon at BENCH_CONNECTIONS (50) runs the public
// `GET /cloudSchool/v1/resourceCollectActivity/publish/list` (what `<ds-activity-list>` asks: no
// filter, a school's, a district's, the sign-up phase), the organiser's `POST …/page` (token,
// pageSize 20, rotated filters) and a teacher's `POST …/teacher/all/page`, each in BENCH_REPEATS (3)
// rounds interleaved with the bare `GET /healthz/live` of the same server (interleaved.mjs). PGlite
// (a fresh data folder). BENCH_CPU_PROF=<dir> writes the server's CPU profile there (bench/cpuProfile.cjs).
import { figuresOf, interleaved } from './interleaved.mjs';
import { saveResults } from './results.mjs';
import { join } from 'node:path';
import { login, root, startServer } from './lib.mjs';

const count = Number(process.env.BENCH_ACTIVITIES || 300);
const profile = process.env.BENCH_CPU_PROF ? { NODE_OPTIONS: `--require ${join(root, 'bench/cpuProfile.cjs')}` } : {};
const only = process.env.BENCH_ONLY; // a word of the case names to run alone (profiling one route)
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

const server = await startServer(profile);
try {
  const token = await login(server.base, 'admin');
  const teacher = await login(server.base, 'teacher');
  const ms = await seed(server.base, token);
  console.log(`seeded ${count} activities through the API in ${ms} ms`);
  const publicQueries = ['pageNum=1&pageSize=12', 'orgId=330102001001&pageSize=12', 'orgId=330104000000&pageSize=12', 'phase=signUp&pageSize=12', 'pageNum=2&pageSize=12'];
  const pageBodies = [{ pageSize: 20 }, { pageSize: 20, phase: 'upload' }, { pageSize: 20, status: 0 }, { pageSize: 20, keyword: '00' }, { pageSize: 20, pageNum: 3 }];
  const teacherBodies = [{ pageSize: 12 }, { pageSize: 12, phase: 'signUp' }, { pageSize: 12, pageNum: 2 }];
  for (const q of publicQueries) {
    const data = await call(server.base, 'GET', `${A}/publish/list?${q}`);
    if (data.rows.length === 0) throw new Error(`publish/list?${q} found nothing`);
  }
  for (const b of pageBodies) await call(server.base, 'POST', `${A}/page`, token, b);
  for (const b of teacherBodies) await call(server.base, 'POST', `${A}/teacher/all/page`, teacher, b);
  const post = (path, auth, bodies) => bodies.map((b) => ({ method: 'POST', path, headers: { 'content-type': 'application/json', authorization: auth }, body: JSON.stringify(b) }));
  const cases = [
    { name: 'GET …/publish/list (public)', url: server.base, requests: publicQueries.map((q) => ({ method: 'GET', path: `${A}/publish/list?${q}` })) },
    { name: 'POST …/page (organiser)', url: server.base, requests: post(`${A}/page`, token, pageBodies) },
    { name: 'POST …/teacher/all/page', url: server.base, requests: post(`${A}/teacher/all/page`, teacher, teacherBodies) },
    { name: 'GET …/user/current (token + user)', url: server.base, requests: [{ method: 'GET', path: '/base/v1/user/current', headers: { authorization: token } }] },
  ].filter((c) => !only || c.name.includes(only));
  const rows = await interleaved(`Activity lists: ${count} activities (PGlite; target p99 < 30 ms)`, server.base, cases);
  saveResults('activities-load', { activities: count, routes: figuresOf(rows) });
} finally {
  await server.stop();
}
