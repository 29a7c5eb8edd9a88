// `npm test`: every suite of the repository, continuing past a failing suite so one run shows
// everything that is broken. Ends with one summary line `suites: N passed, N failed`.
//
// On a 2-core machine the run is kept short by overlapping work that does not compete for the same
// core: the single-threaded checks (type check, lint) run beside the build; the suites of the other
// Node lines (one test file at a time) run beside the browser suites, which mostly wait on Chromium.
// Suites of a side lane print their output when they finish. `TEST_SERIAL=1` runs everything in order;
// `TEST_ONLY=lint,portal` runs the suites whose names contain one of the words.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root } from './build-steps.mjs';
import { NODE_RUNTIMES, nodeRuntime } from './node-runtimes.mjs';

const results = join(root, '.tmp/test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const vitest = (name, dir, extra = []) => ['npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${join(results, name + '.json')}`, ...extra], dir];

const pg = process.env.TEST_DATABASE_URL;
// The fault-injection suite (docs/security.md): its own config, its summary table printed at the end.
const faults = (name) => ['npm', ['run', 'test:faults', '--silent', '--', '--reporter=default', '--reporter=./test/faults/summaryReporter.ts', '--reporter=json', `--outputFile=${join(results, name + '.json')}`], 'packages/server'];
// `stage`: the suites of one stage run before any of the next. `lane`: within a stage, the suites of
// one lane run in order; the lanes run side by side, the main lane (none named) printing as it goes.
const sideWorkers = { SERVER_TEST_WORKERS: '1' };
const suites = [
  { name: 'build', run: ['node', ['scripts/build.mjs']], stage: 0 },
  { name: 'typecheck', run: ['npm', ['run', 'typecheck', '--silent']], stage: 0, lane: 'typecheck' },
  { name: 'lint', run: ['npm', ['run', 'lint', '--silent']], stage: 0, lane: 'lint' },
  { name: 'sdk unit', run: vitest('sdk', 'packages/sdk'), stage: 1 },
  { name: 'server (PGlite)', run: vitest('server-pglite', 'packages/server'), env: { TEST_DATABASE_URL: '' }, stage: 1 },
  pg && { name: 'server (PostgreSQL)', run: vitest('server-postgres', 'packages/server'), env: { TEST_DATABASE_URL: pg }, stage: 1 },
  { name: 'faults (PGlite)', run: faults('faults-pglite'), env: { TEST_DATABASE_URL: '' }, stage: 1 },
  // Fewer kills on PostgreSQL: a killed server process cannot touch the database's own durability.
  pg && { name: 'faults (PostgreSQL)', run: faults('faults-postgres'), env: { TEST_DATABASE_URL: pg, FAULT_RUNS: process.env.FAULT_RUNS || '10' }, stage: 1 },
  { name: 'portal unit', run: vitest('portal', '.', ['--config', 'packages/portal/vitest.config.ts']), stage: 1 },
  { name: 'elements (Chromium)', run: ['npx', ['web-test-runner', '--config', 'web-test-runner.config.mjs'], 'packages/elements'], stage: 2 },
  { name: 'end to end (Chromium)', run: vitest('e2e', '.', ['--config', 'e2e/vitest.config.ts']), stage: 2 },
  { name: 'storybook build', run: ['npm', ['run', 'storybook:build', '--silent']], stage: 2 },
  // PostgreSQL, s3rver, three built instances and nginx as plain processes (docs/deploy.md, "The cluster test"),
  // alone in the last stage: it wants the machine's cores to itself.
  { name: 'cluster (nginx, 3 instances)', run: ['node', ['scripts/cluster-test.mjs']], stage: 3 },
  // Every built story opened in Chromium: it renders the state it names (play functions included).
  { name: 'storybook stories (Chromium)', run: ['node', ['packages/elements/test-support/storySmoke.mjs']], stage: 2 },
  // The Node-facing suites again on each supported LTS line (TEST_NODE_RUNTIMES=none skips them locally),
  // one server test file at a time beside the browser suites.
  ...(process.env.TEST_NODE_RUNTIMES === 'none' ? [] : NODE_RUNTIMES).flatMap((version) => {
    const major = version.split('.')[0];
    return [
      { name: `sdk unit (Node ${major})`, run: vitest(`sdk-node${major}`, 'packages/sdk'), node: version },
      { name: `server (PGlite, Node ${major})`, run: vitest(`server-node${major}`, 'packages/server'), env: { TEST_DATABASE_URL: '', ...sideWorkers }, node: version },
      { name: `portal unit (Node ${major})`, run: vitest(`portal-node${major}`, '.', ['--config', 'packages/portal/vitest.config.ts']), node: version },
    ].map((suite) => ({ ...suite, stage: 2, lane: 'node lines' }));
  }),
].filter((suite) => suite && (!process.env.TEST_ONLY || process.env.TEST_ONLY.split(',').some((part) => suite.name.includes(part))));

if (!pg) console.log('TEST_DATABASE_URL 未设置：跳过 PostgreSQL 套件 (set it to run the server suite against PostgreSQL too)');

const serial = process.env.TEST_SERIAL === '1';
const outcome = new Map();

/** Runs one suite; a side lane's output goes to a file that is printed when the suite ends. */
async function runSuite(suite, live) {
  const [cmd, args, cwd = '.'] = suite.run;
  const started = Date.now();
  const env = { ...process.env, ...suite.env };
  const heading = `\n━━ ${suite.name}${live ? '' : ` (beside the main lane)`} ━━`;
  const lines = [];
  if (suite.node) {
    // npx, vitest and every `node` the tests start resolve to this runtime first.
    let bin;
    try {
      bin = nodeRuntime(suite.node);
    } catch (error) {
      console.log(heading);
      console.error(String(error.message ?? error));
      outcome.set(suite.name, { ok: false, seconds: (Date.now() - started) / 1000 });
      return;
    }
    env.PATH = `${join(bin, '..')}:${env.PATH}`;
    lines.push(`runtime: Node ${spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim()}`);
  }
  if (live) {
    console.log(heading);
    for (const line of lines) console.log(line);
  }
  const log = join(results, `${suite.name.replace(/[^\w]+/g, '-')}.log`);
  const child = spawn(cmd, args, { cwd: join(root, cwd), env, stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  const out = live ? undefined : createWriteStream(log);
  if (out) {
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
  }
  // A suite killed by a signal counts as failed.
  const code = await new Promise((resolve) => {
    child.on('error', (error) => {
      out?.write(String(error));
      resolve(-1);
    });
    child.on('close', (status, signal) => resolve(signal ? signal : status));
  });
  if (out) await new Promise((resolve) => out.end(resolve));
  const seconds = (Date.now() - started) / 1000;
  outcome.set(suite.name, { ok: code === 0, seconds });
  if (!live) {
    console.log(heading);
    for (const line of lines) console.log(line);
    console.log(readFileSync(log, 'utf8'));
    console.log(`(${suite.name}: ${seconds.toFixed(1)} s, exit ${code})`);
  }
}

const stages = [...new Set(suites.map((s) => s.stage))].sort((x, y) => x - y);
const started = Date.now();
for (const stage of stages) {
  const inStage = suites.filter((s) => s.stage === stage);
  const lanes = new Map();
  for (const suite of inStage) {
    const lane = serial ? '' : (suite.lane ?? '');
    if (!lanes.has(lane)) lanes.set(lane, []);
    lanes.get(lane).push(suite);
  }
  await Promise.all(
    [...lanes].map(async ([lane, list]) => {
      for (const suite of list) await runSuite(suite, lane === '');
    }),
  );
}

// The vitest suites' JSON reports: how many passed, and the failed tests by name, so the end of a long
// log says which ones (a CI page that shows only the log's tail still names them).
let tests = 0;
const failedTests = [];
const firstLine = (text) => String(text ?? '').split('\n')[0].slice(0, 300);
for (const f of ['sdk', 'server-pglite', 'server-postgres', 'faults-pglite', 'faults-postgres', 'portal', 'e2e', ...NODE_RUNTIMES.flatMap((v) => ['sdk', 'server', 'portal'].map((s) => `${s}-node${v.split('.')[0]}`))]) {
  const file = join(results, f + '.json');
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  tests += report.numPassedTests ?? 0;
  for (const testFile of report.testResults ?? []) {
    const name = relative(root, testFile.name);
    const failures = (testFile.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failures) failedTests.push(`${f}: ${name} › ${t.fullName}\n    ${firstLine(t.failureMessages?.[0])}`);
    if (!failures.length && testFile.status === 'failed') failedTests.push(`${f}: ${name}\n    ${firstLine(testFile.message)}`);
  }
}
if (failedTests.length) {
  console.log('\n━━ failed tests ━━');
  for (const line of failedTests) console.log(`✗ ${line}`);
}
console.log('\n━━ summary ━━');
for (const suite of suites) {
  const o = outcome.get(suite.name);
  console.log(`${o.ok ? '✓' : '✗'} ${suite.name.padEnd(24)} ${o.seconds.toFixed(1)} s${suite.lane && !serial ? `  (${suite.lane} lane)` : ''}`);
}
console.log(`wall time: ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`(${tests} vitest tests passed in the vitest suites)`);
const failed = [...outcome.values()].filter((o) => !o.ok).length;
console.log(`suites: ${outcome.size - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
