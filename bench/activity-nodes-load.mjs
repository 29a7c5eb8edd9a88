// The sign-up page's node tree under load: one activity whose scope is 6 generated books (one scope
// row each) of ~2 000 chapter nodes in all with 5 000 teachers signed up (bench/seed-activity.mjs,
// inserted before the server starts), then autocannon at BENCH_CONNECTIONS (50) runs
// `POST /cloudSchool/v1/activitySignUp/nodeTree` as the demo teacher for one book (~330 nodes, what the
// sign-up page asks) and for the whole scope, each in BENCH_REPEATS (3) rounds interleaved with the bare
// `GET /healthz/live` of the same server (interleaved.mjs). Target: one book p99 < 30 ms.
// BENCH_CPU_PROF=<dir> writes the server's CPU profile there (bench/cpuProfile.cjs) for the whole run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { figuresOf, interleaved } from './interleaved.mjs';
import { saveResults } from './results.mjs';
import { login, root, seedActivity, startServer } from './lib.mjs';

const TREE = '/cloudSchool/v1/activitySignUp/nodeTree';
const profile = process.env.BENCH_CPU_PROF ? { NODE_OPTIONS: `--require ${join(root, 'bench/cpuProfile.cjs')}` } : {};

const tmp = mkdtempSync(join(tmpdir(), 'ds-bench-activity-'));
let server;
try {
  const facts = seedActivity(join(tmp, 'data'));
  console.log(`seeded ${facts.books} books, ${facts.nodes} nodes and ${facts.signUps} sign-ups in ${facts.ms} ms`);
  server = await startServer({ DATA_DIR: join(tmp, 'data'), ...profile });
  const token = await login(server.base, 'teacher');
  const post = (body) => ({ method: 'POST', path: TREE, headers: { 'content-type': 'application/json', authorization: token }, body: JSON.stringify(body) });
  const count = (nodes) => nodes.reduce((n, c) => n + 1 + count(c.children), 0);
  const check = async (req) => {
    const text = await (await fetch(`${server.base}${TREE}`, { method: 'POST', headers: req.headers, body: req.body })).text();
    const answer = JSON.parse(text);
    if (answer.status !== 200) throw new Error(`nodeTree: ${answer.status} ${answer.message}`);
    return { nodes: count(answer.data), kb: (text.length / 1024).toFixed(0) };
  };
  const book = post({ activityId: facts.activityId, bookId: facts.bookId });
  const whole = post({ activityId: facts.activityId });
  const [b, w] = [await check(book), await check(whole)];
  console.log(`one book: ${b.nodes} nodes, ${b.kb} KB answer; whole scope: ${w.nodes} nodes, ${w.kb} KB answer`);
  const only = process.env.BENCH_ONLY; // a word of the case names to run alone (profiling one route)
  const rows = await interleaved(
    `Activity node tree (${facts.signUps} sign-ups; target p99 < 30 ms)`,
    server.base,
    [
      { name: `nodeTree, one book (${b.nodes} nodes)`, url: server.base, requests: [book] },
      { name: `nodeTree, whole scope (${w.nodes} nodes)`, url: server.base, requests: [whole] },
    ].filter((c) => !only || c.name.includes(only)),
  );
  saveResults('activity-nodes-load', { signUps: facts.signUps, nodes: { book: b.nodes, whole: w.nodes }, routes: figuresOf(rows) });
} finally {
  await server?.stop();
  rmSync(tmp, { recursive: true, force: true });
}
