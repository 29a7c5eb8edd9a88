// `npm test`: every suite of the repository, continuing past a failing suite so one run shows
// everything that is broken. Ends with the counts and one summary line `suites: N passed, N failed`.
//
// On a 2-core machine the run is kept short by keeping both cores busy from the first second to the
// last: three suites run at a time (`TEST_JOBS`), each free slot taking the first suite of the list
// below that is ready (a suite that needs the build waits for it), so the long suites start early and the
// short ones fill the end (docs/testing.md has the plan and each suite's time). Each suite's output is
// printed when it ends, and kept in .tmp/test-results/. `TEST_SERIAL=1` runs everything in order, one at
// a time; `TEST_ONLY=lint,portal` runs the suites whose names contain one of the words.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { root } from './build-steps.mjs';
import { NODE_RUNTIMES, nodeRuntime } from './node-runtimes.mjs';

const results = join(root, '.tmp/test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
// The names of the vitest suites' JSON reports, read for the counts at the end.
const reports = [];
const report = (name) => (reports.push(name), `--outputFile=${join(results, name + '.json')}`);
const vitest = (name, dir, extra = []) => ['npx', ['vitest', 'run', '--reporter=default', '--reporter=json', report(name), ...extra], dir];

const pg = process.env.TEST_DATABASE_URL;
// The fault-injection suite (docs/security.md): its own config, its summary table printed at the end.
const faults = (name) => ['npm', ['run', 'test:faults', '--silent', '--', '--reporter=default', '--reporter=./test/faults/summaryReporter.ts', '--reporter=json', report(name)], 'packages/server'];
// In the order they are started: the longest first, and what waits on them right after them (the
// build's share of the machine decides when the end-to-end suite can start, so the second server suite,
// two workers, waits for a slot after the lint). `needs`:
// suites that must have ended first (the build, for everything that starts the built server or opens
// the built portal).
/** The other supported Node lines (none when TEST_NODE_RUNTIMES=none: everything on the machine's Node). */
const otherLines = process.env.TEST_NODE_RUNTIMES === 'none' ? [] : NODE_RUNTIMES;
/** One suite per other Node line. */
const nodeLines = (suite) => otherLines.map((version) => suite(version, version.split('.')[0]));
/**
 * A suite on the `index`th other Node line: its name says which, and `node` makes npx, vitest and every
 * `node` the tests start resolve to it. The machine's own line when there is none.
 */
const onLine = (index, name, database, suite) => {
  const version = otherLines[index];
  return version ? { ...suite, name: `${name} (${database}, Node ${version.split('.')[0]})`, node: version } : { ...suite, name: `${name} (${database})` };
};
const suites = [
  { name: 'build', run: ['node', ['scripts/build.mjs']] },
  // The two server suites run on the other supported Node lines, one each (docs/testing.md, "Node
  // lines"): every server test on each line, and the machine's line runs the built server in the
  // browser, fault and cluster suites.
  onLine(0, 'server', 'PGlite', { run: vitest('server-pglite', 'packages/server'), env: { TEST_DATABASE_URL: '' } }),
  { name: 'typecheck', run: ['npm', ['run', 'typecheck', '--silent']] },
  { name: 'lint', run: ['npm', ['run', 'lint', '--silent']] },
  { name: 'end to end (Chromium)', run: vitest('e2e', '.', ['--config', 'e2e/vitest.config.ts']), needs: ['build'] },
  // Video encoding (src/video) is tested once, in the PGlite run: it neither reads the database nor leans
  // on what differs between Node lines, and it is the suite's costliest CPU (docs/testing.md).
  pg && onLine(1, 'server', 'PostgreSQL', { run: vitest('server-postgres', 'packages/server'), env: { TEST_DATABASE_URL: pg, VIDEO_ENCODE_TESTS: '0' } }),
  // The fault suite builds its own copy of the server (test/faults/globalSetup.ts).
  // Ten SIGKILLs during uploads on each database (FAULT_RUNS); the embedded database's own crash loops
  // are embeddedCrash.test.ts's.
  { name: 'faults (PGlite)', run: faults('faults-pglite'), env: { TEST_DATABASE_URL: '', FAULT_RUNS: process.env.FAULT_RUNS || '10' } },
  { name: 'elements (Chromium)', run: ['npx', ['web-test-runner', '--config', 'web-test-runner.config.mjs'], 'packages/elements'], needs: ['build'] },
  // PostgreSQL, s3rver, three built instances and nginx as plain processes (docs/deploy.md, "The cluster test").
  { name: 'cluster (nginx, 3 instances)', run: ['node', ['scripts/cluster-test.mjs']], needs: ['build'] },
  { name: 'storybook build', run: ['npm', ['run', 'storybook:build', '--silent']] },
  // Every built story opened in Chromium: it renders the state it names (play functions included).
  { name: 'storybook stories (Chromium)', run: ['node', ['packages/elements/test-support/storySmoke.mjs']], needs: ['storybook build'] },
  pg && { name: 'faults (PostgreSQL)', run: faults('faults-postgres'), env: { TEST_DATABASE_URL: pg, FAULT_RUNS: process.env.FAULT_RUNS || '10' } },
  // The SDK's units again on each other supported line (TEST_NODE_RUNTIMES=none skips them locally).
  // The portal runs in browsers, not on Node.
  { name: 'sdk unit', run: vitest('sdk', 'packages/sdk') },
  { name: 'portal unit', run: vitest('portal', '.', ['--config', 'packages/portal/vitest.config.ts']) },
  ...nodeLines((version, major) => ({ name: `sdk unit (Node ${major})`, run: vitest(`sdk-node${major}`, 'packages/sdk'), node: version })),
].filter((suite) => suite && (!process.env.TEST_ONLY || process.env.TEST_ONLY.split(',').some((part) => suite.name.includes(part))));

if (!pg) console.log('TEST_DATABASE_URL 未设置：跳过 PostgreSQL 套件 (set it to run the server suite against PostgreSQL too)');

const serial = process.env.TEST_SERIAL === '1';
const outcome = new Map();

/** Runs one suite; its output goes to its log, printed when the suite ends. */
async function runSuite(suite) {
  const [cmd, args, cwd = '.'] = suite.run;
  const started = Date.now();
  const startedAt = (started - runStarted) / 1000;
  const env = { ...process.env, ...suite.env };
  const heading = `\n━━ ${suite.name} (started at ${startedAt.toFixed(0)} s) ━━`;
  const lines = [];
  console.log(`▶ ${suite.name} starts at ${startedAt.toFixed(0)} s`);
  if (suite.node) {
    // npx, vitest and every `node` the tests start resolve to this runtime first.
    let bin;
    try {
      bin = nodeRuntime(suite.node);
    } catch (error) {
      console.log(heading);
      console.error(String(error.message ?? error));
      outcome.set(suite.name, { ok: false, seconds: (Date.now() - started) / 1000, startedAt, endedAt: (Date.now() - runStarted) / 1000 });
      return;
    }
    env.PATH = `${join(bin, '..')}:${env.PATH}`;
    lines.push(`runtime: Node ${spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim()}`);
  }
  const log = join(results, `${suite.name.replace(/[^\w]+/g, '-')}.log`);
  // Every suite's output goes to its log (the counts at the end are read from it), and the CPU time
  // it used to a file beside it.
  const cpuFile = log.replace(/\.log$/, '.cpu');
  const child = spawn(process.execPath, [join(root, 'scripts/cpu-of.mjs'), cpuFile, cmd, ...args], { cwd: join(root, cwd), env, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = createWriteStream(log);
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
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
  outcome.set(suite.name, { ok: code === 0, seconds, cpu, startedAt, endedAt: (Date.now() - runStarted) / 1000, log });
  console.log(heading);
  for (const line of lines) console.log(line);
  console.log(readFileSync(log, 'utf8'));
  console.log(`(${suite.name}: ${seconds.toFixed(1)} s, exit ${code})`);
}

/** The whole machine's busy and total CPU ticks so far (Linux), so the summary can say how much of the
 * machine the run used, the database servers and browsers that no suite waits for included. */
function machineTicks() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: total - fields[3] - fields[4], total };
  } catch {
    return undefined;
  }
}
const machineAtStart = machineTicks();
const runStarted = Date.now();
// Each free slot takes the first suite of the list that is ready: not started, and whatever it needs
// (when part of this run) has ended. A slot with nothing ready waits for the next suite to end.
const jobs = serial ? 1 : Number(process.env.TEST_JOBS) || 3;
const waiting = [...suites];
const done = new Set();
// (Node 20 has no Promise.withResolvers.)
const signal = () => {
  let resolve;
  const promise = new Promise((r) => (resolve = r));
  return { promise, resolve };
};
let nextEnd = signal();
const ready = (suite) => (suite.needs ?? []).every((need) => done.has(need) || !suites.some((s) => s.name === need));
await Promise.all(
  Array.from({ length: jobs }, async () => {
    while (waiting.length) {
      const index = waiting.findIndex(ready);
      if (index < 0) {
        await nextEnd.promise;
        continue;
      }
      const [suite] = waiting.splice(index, 1);
      await runSuite(suite);
      done.add(suite.name);
      const ended = nextEnd;
      nextEnd = signal();
      ended.resolve();
    }
  }),
);

// The vitest suites' JSON reports: how many passed, and the failed tests by name, so the end of a long
// log says which ones (a CI page that shows only the log's tail still names them).
let tests = 0;
const counts = [];
const failedTests = [];
const firstLine = (text) => String(text ?? '').split('\n')[0].slice(0, 300);
for (const f of reports) {
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
// A suite can fail with no failed test in its report: an unhandled error or rejection, a setup or teardown
// that threw, a browser suite's own FAIL lines. The lines of its log that say so, beside the summary.
const why = [];
for (const suite of suites) {
  const o = outcome.get(suite.name);
  if (!o || o.ok || !o.log || !existsSync(o.log)) continue;
  const lines = stripVTControlCharacters(readFileSync(o.log, 'utf8')).split('\n');
  const picked = new Set();
  lines.forEach((line, index) => {
    if (/^\s*(FAIL\b|×|✗)|Unhandled (Error|Rejection)|^\s*[A-Z]\w*Error\b|^\s*Error:|timed out|exit code/.test(line)) {
      // The heading of an unhandled error is followed by its message.
      for (const at of /Unhandled/.test(line) ? [index, index + 1, index + 2] : [index]) if (lines[at]?.trim()) picked.add(lines[at].trim().slice(0, 300));
    }
  });
  if (!picked.size) picked.add(lines.filter((line) => line.trim()).slice(-3).join(' | ').slice(0, 300));
  why.push(`${suite.name}:`, ...[...picked].slice(0, 15).map((line) => `    ${line}`));
}
if (why.length) {
  console.log('\n━━ why the failed suites failed (lines of their logs) ━━');
  for (const line of why) console.log(line);
}
console.log('\n━━ summary ━━');
for (const suite of suites) {
  const o = outcome.get(suite.name);
  const cpu = Number.isNaN(o.cpu ?? NaN) ? '' : `cpu ${o.cpu.toFixed(0).padStart(5)} s  `;
  console.log(`${o.ok ? '✓' : '✗'} ${suite.name.padEnd(30)} ${o.seconds.toFixed(1).padStart(7)} s  ${cpu}from ${o.startedAt.toFixed(0).padStart(4)} to ${o.endedAt.toFixed(0).padStart(4)} s`);
}
const wall = (Date.now() - runStarted) / 1000;
const cpuTotal = [...outcome.values()].reduce((sum, o) => sum + (o.cpu || 0), 0);
console.log(`wall time: ${wall.toFixed(1)} s; CPU time of the suites: ${cpuTotal.toFixed(0)} s (${(cpuTotal / wall).toFixed(2)} cores busy on average)`);
const machineAtEnd = machineTicks();
if (machineAtStart && machineAtEnd) {
  // Ticks of 1/100 s summed over every core: busy ticks per second of wall time is cores busy.
  const busy = (machineAtEnd.busy - machineAtStart.busy) / 100;
  const cores = (machineAtEnd.total - machineAtStart.total) / 100 / wall;
  console.log(`the whole machine: ${busy.toFixed(0)} CPU-s busy, ${(busy / wall).toFixed(2)} of ${cores.toFixed(1)} cores on average`);
}
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
