// `npm test`: every suite of the repository, continuing past a failing suite so one run shows
// everything that is broken. Ends with the counts and one summary line `suites: N passed, N failed`.
//
// On a 2-core machine the run is kept short by keeping both cores busy from the first second: the
// suites run in three lanes side by side (docs/testing.md has the plan and each suite's time). Within a
// lane suites run in order; a suite that needs the build waits for it. The first lane prints as it goes,
// the others print each suite's output when it ends. `TEST_SERIAL=1` runs everything in order, one at a
// time; `TEST_ONLY=lint,portal` runs the suites whose names contain one of the words.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { root } from './build-steps.mjs';
import { NODE_RUNTIMES, nodeRuntime, NODE_LINE_SERVER_FILES } from './node-runtimes.mjs';

const results = join(root, '.tmp/test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const vitest = (name, dir, extra = []) => ['npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${join(results, name + '.json')}`, ...extra], dir];

const pg = process.env.TEST_DATABASE_URL;
// The fault-injection suite (docs/security.md): its own config, its summary table printed at the end.
const faults = (name) => ['npm', ['run', 'test:faults', '--silent', '--', '--reporter=default', '--reporter=./test/faults/summaryReporter.ts', '--reporter=json', `--outputFile=${join(results, name + '.json')}`], 'packages/server'];
// `lane`: the suites of one lane run in order, the lanes side by side. `needs`: suites that must have
// ended first (the build, for everything that starts the built server or opens the built portal).
const oneWorker = { SERVER_TEST_WORKERS: '1' };
const suites = [
  { name: 'build', run: ['node', ['scripts/build.mjs']], lane: 'browser' },
  { name: 'end to end (Chromium)', run: vitest('e2e', '.', ['--config', 'e2e/vitest.config.ts']), lane: 'browser', needs: ['build'] },
  { name: 'elements (Chromium)', run: ['npx', ['web-test-runner', '--config', 'web-test-runner.config.mjs'], 'packages/elements'], lane: 'browser', needs: ['build'] },
  { name: 'typecheck', run: ['npm', ['run', 'typecheck', '--silent']], lane: 'checks' },
  { name: 'lint', run: ['npm', ['run', 'lint', '--silent']], lane: 'checks' },
  { name: 'sdk unit', run: vitest('sdk', 'packages/sdk'), lane: 'checks' },
  { name: 'portal unit', run: vitest('portal', '.', ['--config', 'packages/portal/vitest.config.ts']), lane: 'checks' },
  { name: 'storybook build', run: ['npm', ['run', 'storybook:build', '--silent']], lane: 'checks' },
  // Every built story opened in Chromium: it renders the state it names (play functions included).
  { name: 'storybook stories (Chromium)', run: ['node', ['packages/elements/test-support/storySmoke.mjs']], lane: 'checks', needs: ['storybook build'] },
  { name: 'server (PGlite)', run: vitest('server-pglite', 'packages/server'), env: { TEST_DATABASE_URL: '' }, lane: 'server' },
  pg && { name: 'server (PostgreSQL)', run: vitest('server-postgres', 'packages/server'), env: { TEST_DATABASE_URL: pg }, lane: 'server' },
  // The fault suite builds its own copy of the server (test/faults/globalSetup.ts).
  { name: 'faults (PGlite)', run: faults('faults-pglite'), env: { TEST_DATABASE_URL: '' }, lane: 'server' },
  // Fewer kills on PostgreSQL: a killed server process cannot touch the database's own durability.
  pg && { name: 'faults (PostgreSQL)', run: faults('faults-postgres'), env: { TEST_DATABASE_URL: pg, FAULT_RUNS: process.env.FAULT_RUNS || '10' }, lane: 'server' },
  // PostgreSQL, s3rver, three built instances and nginx as plain processes (docs/deploy.md, "The cluster test").
  { name: 'cluster (nginx, 3 instances)', run: ['node', ['scripts/cluster-test.mjs']], lane: 'server', needs: ['build'] },
  // The Node-facing suites again on each supported LTS line (TEST_NODE_RUNTIMES=none skips them locally):
  // the SDK's units whole and the server's files that lean on what differs between Node lines
  // (docs/testing.md, "Other Node lines"), one file at a time. The portal runs in browsers, not on Node.
  ...(process.env.TEST_NODE_RUNTIMES === 'none' ? [] : NODE_RUNTIMES).flatMap((version) => {
    const major = version.split('.')[0];
    return [
      { name: `sdk unit (Node ${major})`, run: vitest(`sdk-node${major}`, 'packages/sdk'), node: version },
      { name: `server (PGlite, Node ${major})`, run: vitest(`server-node${major}`, 'packages/server', NODE_LINE_SERVER_FILES), env: { TEST_DATABASE_URL: '', ...oneWorker }, node: version },
    ].map((suite) => ({ ...suite, lane: 'checks' }));
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
  const heading = `\n━━ ${suite.name}${live ? '' : ` (${suite.lane} lane)`} ━━`;
  const lines = [];
  if (suite.node) {
    // npx, vitest and every `node` the tests start resolve to this runtime first.
    let bin;
    try {
      bin = nodeRuntime(suite.node);
    } catch (error) {
      console.log(heading);
      console.error(String(error.message ?? error));
      outcome.set(suite.name, { ok: false, seconds: (Date.now() - started) / 1000, endedAt: 0 });
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
  // Every suite's output goes to its log (the counts at the end are read from it); the first lane's
  // is printed as it comes too.
  const cpuFile = log.replace(/\.log$/, '.cpu');
  const child = spawn(process.execPath, [join(root, 'scripts/cpu-of.mjs'), cpuFile, cmd, ...args], { cwd: join(root, cwd), env, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = createWriteStream(log);
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  if (live) {
    child.stdout.pipe(process.stdout, { end: false });
    child.stderr.pipe(process.stderr, { end: false });
  }
  // A suite killed by a signal counts as failed.
  const code = await new Promise((resolve) => {
    child.on('error', (error) => {
      out?.write(String(error));
      resolve(-1);
    });
    child.on('close', (status, signal) => resolve(signal ? signal : status));
  });
  await new Promise((resolve) => out.end(resolve));
  const seconds = (Date.now() - started) / 1000;
  const cpu = existsSync(cpuFile) ? Number(readFileSync(cpuFile, 'utf8')) : NaN;
  outcome.set(suite.name, { ok: code === 0, seconds, cpu, endedAt: (Date.now() - runStarted) / 1000, log });
  if (!live) {
    console.log(heading);
    for (const line of lines) console.log(line);
    console.log(readFileSync(log, 'utf8'));
    console.log(`(${suite.name}: ${seconds.toFixed(1)} s, exit ${code})`);
  }
}

const runStarted = Date.now();
// Each suite's end, as a promise another lane's suite can wait for.
const ended = new Map(suites.map((s) => [s.name, {}]));
for (const end of ended.values()) end.promise = new Promise((resolve) => (end.resolve = resolve));
const lanes = new Map();
for (const suite of suites) {
  const lane = serial ? 'serial' : suite.lane;
  if (!lanes.has(lane)) lanes.set(lane, []);
  lanes.get(lane).push(suite);
}
const firstLane = [...lanes.keys()][0];
await Promise.all(
  [...lanes].map(async ([lane, list]) => {
    for (const suite of list) {
      // A suite waits for what it needs only when that is part of this run (TEST_ONLY may leave it out).
      for (const need of suite.needs ?? []) await ended.get(need)?.promise;
      await runSuite(suite, lane === firstLane);
      ended.get(suite.name).resolve();
    }
  }),
);

// The vitest suites' JSON reports: how many passed, and the failed tests by name, so the end of a long
// log says which ones (a CI page that shows only the log's tail still names them).
let tests = 0;
const counts = [];
const failedTests = [];
const firstLine = (text) => String(text ?? '').split('\n')[0].slice(0, 300);
for (const f of ['sdk', 'server-pglite', 'server-postgres', 'faults-pglite', 'faults-postgres', 'portal', 'e2e', ...NODE_RUNTIMES.flatMap((v) => ['sdk', 'server'].map((s) => `${s}-node${v.split('.')[0]}`))]) {
  const file = join(results, f + '.json');
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  tests += report.numPassedTests ?? 0;
  counts.push(`${f} ${report.numPassedTests ?? 0}/${report.numTotalTests ?? 0}`);
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
  const cpu = Number.isNaN(o.cpu ?? NaN) ? '' : `cpu ${o.cpu.toFixed(0).padStart(5)} s  `;
  console.log(`${o.ok ? '✓' : '✗'} ${suite.name.padEnd(30)} ${o.seconds.toFixed(1).padStart(7)} s  ${cpu}${serial ? '' : `${suite.lane} lane, ended at ${o.endedAt.toFixed(0)} s`}`);
}
const wall = (Date.now() - runStarted) / 1000;
const cpuTotal = [...outcome.values()].reduce((sum, o) => sum + (o.cpu || 0), 0);
console.log(`wall time: ${wall.toFixed(1)} s; CPU time of the suites: ${cpuTotal.toFixed(0)} s (${(cpuTotal / wall).toFixed(2)} cores busy on average)`);
console.log(`(${tests} vitest tests passed in the vitest suites)`);
// The suites that are not vitest end with their own `N passed, N failed` line.
for (const name of ['elements (Chromium)', 'storybook stories (Chromium)', 'cluster (nginx, 3 instances)']) {
  const o = outcome.get(name);
  if (!o?.log || !existsSync(o.log)) continue;
  const all = [...stripVTControlCharacters(readFileSync(o.log, 'utf8')).matchAll(/(\d+) passed, (\d+) failed/g)];
  const last = all.at(-1);
  if (last) counts.push(`${name.split(' ')[0]} ${last[1]}/${Number(last[1]) + Number(last[2])}`);
}
console.log(`counts (passed/total): ${counts.join(', ')}`);
const failed = [...outcome.values()].filter((o) => !o.ok).length;
console.log(`suites: ${outcome.size - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
