// `npm test`: every suite of the repository in order, continuing past a failing suite so one run shows
// everything that is broken. Ends with one summary line `suites: N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './build-steps.mjs';
import { NODE_RUNTIMES, nodeRuntime } from './node-runtimes.mjs';

const results = join(root, '.tmp/test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const vitest = (name, dir, extra = []) => ['npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${join(results, name + '.json')}`, ...extra], dir];

const pg = process.env.TEST_DATABASE_URL;
// The fault-injection suite (docs/security.md): its own config, its summary table printed at the end.
const faults = (name) => ['npm', ['run', 'test:faults', '--silent', '--', '--reporter=default', '--reporter=./test/faults/summaryReporter.ts', '--reporter=json', `--outputFile=${join(results, name + '.json')}`], 'packages/server'];
const suites = [
  { name: 'typecheck', run: ['npm', ['run', 'typecheck', '--silent']] },
  { name: 'lint', run: ['npm', ['run', 'lint', '--silent']] },
  { name: 'build', run: ['node', ['scripts/build.mjs']] },
  { name: 'sdk unit', run: vitest('sdk', 'packages/sdk') },
  { name: 'server (PGlite)', run: vitest('server-pglite', 'packages/server'), env: { TEST_DATABASE_URL: '' } },
  pg && { name: 'server (PostgreSQL)', run: vitest('server-postgres', 'packages/server'), env: { TEST_DATABASE_URL: pg } },
  { name: 'faults (PGlite)', run: faults('faults-pglite'), env: { TEST_DATABASE_URL: '' } },
  // Fewer kills on PostgreSQL: a killed server process cannot touch the database's own durability.
  pg && { name: 'faults (PostgreSQL)', run: faults('faults-postgres'), env: { TEST_DATABASE_URL: pg, FAULT_RUNS: process.env.FAULT_RUNS || '10' } },
  { name: 'portal unit', run: vitest('portal', '.', ['--config', 'packages/portal/vitest.config.ts']) },
  { name: 'elements (Chromium)', run: ['npx', ['web-test-runner', '--config', 'web-test-runner.config.mjs'], 'packages/elements'] },
  { name: 'end to end (Chromium)', run: vitest('e2e', '.', ['--config', 'e2e/vitest.config.ts']) },
  // PostgreSQL, s3rver, three built instances and nginx as plain processes (docs/deploy.md, "The cluster test").
  { name: 'cluster (nginx, 3 instances)', run: ['node', ['scripts/cluster-test.mjs']] },
  { name: 'storybook build', run: ['npm', ['run', 'storybook:build', '--silent']] },
  // Every built story opened in Chromium: it renders the state it names (play functions included).
  { name: 'storybook stories (Chromium)', run: ['node', ['packages/elements/test-support/storySmoke.mjs']] },
  // The Node-facing suites again on each supported LTS line (TEST_NODE_RUNTIMES=none skips them locally).
  ...(process.env.TEST_NODE_RUNTIMES === 'none' ? [] : NODE_RUNTIMES).flatMap((version) => {
    const major = version.split('.')[0];
    return [
      { name: `sdk unit (Node ${major})`, run: vitest(`sdk-node${major}`, 'packages/sdk'), node: version },
      { name: `server (PGlite, Node ${major})`, run: vitest(`server-node${major}`, 'packages/server'), env: { TEST_DATABASE_URL: '' }, node: version },
      { name: `portal unit (Node ${major})`, run: vitest(`portal-node${major}`, '.', ['--config', 'packages/portal/vitest.config.ts']), node: version },
    ];
  }),
].filter(Boolean);

if (!pg) console.log('TEST_DATABASE_URL 未设置：跳过 PostgreSQL 套件 (set it to run the server suite against PostgreSQL too)');

const outcome = [];
for (const suite of suites) {
  const [cmd, args, cwd = '.'] = suite.run;
  console.log(`\n━━ ${suite.name} ━━`);
  const started = Date.now();
  const env = { ...process.env, ...suite.env };
  if (suite.node) {
    // npx, vitest and every `node` the tests start resolve to this runtime first.
    let bin;
    try {
      bin = nodeRuntime(suite.node);
    } catch (error) {
      console.error(String(error.message ?? error));
      outcome.push({ name: suite.name, ok: false, seconds: (Date.now() - started) / 1000 });
      continue;
    }
    env.PATH = `${join(bin, '..')}:${env.PATH}`;
    console.log(`runtime: Node ${spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim()}`);
  }
  const r = spawnSync(cmd, args, { cwd: join(root, cwd), stdio: 'inherit', env });
  outcome.push({ name: suite.name, ok: r.status === 0, seconds: (Date.now() - started) / 1000 });
}

let tests = 0;
for (const f of ['sdk', 'server-pglite', 'server-postgres', 'faults-pglite', 'faults-postgres', 'portal', 'e2e', ...NODE_RUNTIMES.flatMap((v) => ['sdk', 'server', 'portal'].map((s) => `${s}-node${v.split('.')[0]}`))]) {
  const file = join(results, f + '.json');
  if (existsSync(file)) tests += JSON.parse(readFileSync(file, 'utf8')).numPassedTests ?? 0;
}
console.log('\n━━ summary ━━');
for (const o of outcome) console.log(`${o.ok ? '✓' : '✗'} ${o.name.padEnd(24)} ${o.seconds.toFixed(1)} s`);
console.log(`(${tests} vitest tests passed in the vitest suites)`);
const failed = outcome.filter((o) => !o.ok).length;
console.log(`suites: ${outcome.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
