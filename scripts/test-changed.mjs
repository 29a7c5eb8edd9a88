// `npm run test:changed [-- <git ref>]`: the inner loop. Checks and tests only what the changes since
// <ref> (default: the last commit, i.e. what is not committed yet) can affect:
//  - the type check of each package that contains a changed file or depends on one;
//  - ESLint on the changed files;
//  - vitest's `--changed <ref>` in each vitest suite whose sources the change reaches: the test files
//    that import a changed module, directly or not (vitest follows the module graph).
// Browser suites are not run; it names the element and end-to-end files next to the change so that
// one can run them alone (docs/testing.md, "One file"). `npm test` stays the whole truth.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { root } from './build-steps.mjs';

const ref = process.argv[2] ?? process.env.TEST_CHANGED_BASE ?? 'HEAD';
const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
const changed = [...new Set([...git('diff', '--name-only', ref), ...git('ls-files', '--others', '--exclude-standard')])].filter((f) => existsSync(`${root}/${f}`));
if (!changed.length) {
  console.log(`no changes since ${ref}: nothing to test`);
  process.exit(0);
}

const touches = (prefix) => changed.some((f) => f.startsWith(prefix));
const sdk = touches('packages/sdk/');
const elements = touches('packages/elements/');
const portal = touches('packages/portal/') || touches('scripts/') || touches('bench/');
const server = touches('packages/server/');
const e2e = touches('e2e/');

const steps = [];
const tsc = (project) => ['npx', ['tsc', '-p', project, '--noEmit']];
// The layers: sdk ← elements ← portal, and sdk ← server; the end-to-end tests type against all of them.
if (sdk) steps.push(['typecheck sdk', tsc('packages/sdk')]);
if (sdk || server) steps.push(['typecheck server', tsc('packages/server')]);
if (sdk || elements) steps.push(['typecheck elements', tsc('packages/elements')]);
if (sdk || elements || portal) steps.push(['typecheck portal', tsc('packages/portal')]);
if (e2e) steps.push(['typecheck e2e', tsc('e2e')]);
const lintable = changed.filter((f) => /\.(m?[jt]sx?|cjs|mjs)$/.test(f));
if (lintable.length) steps.push(['lint (changed files)', ['npx', ['eslint', '--max-warnings', '0', '--cache', '--cache-location', '.tmp/eslintcache', ...lintable]]]);
const related = (extra = []) => ['npx', ['vitest', 'run', '--changed', ref, '--passWithNoTests', ...extra]];
if (sdk) steps.push(['sdk unit (related)', related(), 'packages/sdk']);
if (sdk || server) steps.push(['server on PGlite (related)', related(), 'packages/server', { TEST_DATABASE_URL: '' }]);
if (sdk || elements || portal) steps.push(['portal unit (related)', related(['--config', 'packages/portal/vitest.config.ts'])]);

const started = Date.now();
const failed = [];
for (const [name, [cmd, args], cwd = '.', env = {}] of steps) {
  console.log(`\n━━ ${name} ━━`);
  const r = spawnSync(cmd, args, { cwd: `${root}/${cwd}`, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) failed.push(name);
}

const near = (pattern) => changed.filter((f) => pattern.test(f));
const elementTests = near(/^packages\/elements\/src\/.*\.test\.tsx?$/);
const e2eFiles = near(/^e2e\/.*\.e2e\.ts$/);
if (elements || portal) console.log('\nBrowser suites are not part of this loop. To run some alone:');
if (elements) console.log(`  cd packages/elements && npx web-test-runner --config web-test-runner.config.mjs --files ${elementTests.length ? elementTests.map((f) => f.replace('packages/elements/', '')).join(' ') : 'src/<folder>/**/*.test.tsx'}`);
if (elements || portal || e2e) console.log(`  npm run test:e2e -- ${e2eFiles.length ? e2eFiles.map((f) => f.replace('e2e/', '')).join(' ') : '<file>.e2e.ts'}`);
console.log(`\n${changed.length} changed files since ${ref}; ${steps.length - failed.length} passed, ${failed.length} failed${failed.length ? `: ${failed.join(', ')}` : ''} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
process.exit(failed.length ? 1 : 0);
