// The build targets of the repository, each with the sources it depends on and the output it makes,
// so that `npm start` can build only what is missing or stale and `npm run build` can build everything.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';

export const root = resolve(import.meta.dirname, '..');

export const targets = [
  {
    name: 'sdk + elements (rollup)',
    sources: ['packages/sdk/src', 'packages/elements/src', 'rollup.config.mjs', 'scripts/retryable-imports.mjs'],
    output: 'packages/elements/dist/ds-elements.js',
    command: ['npx', ['rollup', '-c', '--silent']],
    precompress: 'packages/elements/dist',
  },
  {
    name: 'portal (vite)',
    sources: ['packages/sdk/src', 'packages/elements/src', 'packages/portal/src', 'packages/portal/index.html', 'packages/portal/vite.config.ts', 'scripts/retryable-imports.mjs'],
    output: 'packages/portal/dist/index.html',
    command: ['npx', ['vite', 'build', '--logLevel', 'warn'], 'packages/portal'],
    precompress: 'packages/portal/dist',
  },
  {
    name: 'server (esbuild)',
    // The whole SDK: the server bundles whichever of its modules it imports (errors, codes, lessons, …).
    sources: ['packages/server/src', 'packages/server/build.mjs', 'packages/sdk/src'],
    output: 'packages/server/dist/main.js',
    command: ['node', ['build.mjs'], 'packages/server'],
  },
];

/** Newest modification time under a path (file or folder), skipping tests and stories. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    if (/\.(test|stories)\.tsx?$/.test(entry.name)) continue;
    max = Math.max(max, newest(join(path, entry.name)));
  }
  return max;
}

export function isStale(target) {
  const out = join(root, target.output);
  if (!existsSync(out)) return true;
  const built = statSync(out).mtimeMs;
  return target.sources.some((s) => newest(join(root, s)) > built);
}

export function runTarget(target) {
  const [cmd, args, cwd = '.'] = target.command;
  const started = Date.now();
  process.stdout.write(`构建 build: ${target.name} … `);
  // Always a production build, also when a test runner (NODE_ENV=test) asks for it: libraries switch
  // behaviour on NODE_ENV (e.g. every antd radio group named "test-id").
  const r = spawnSync(cmd, args, { cwd: join(root, cwd), stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) {
    console.error(`\n构建失败 build failed: ${target.name} (exit ${r.status})`);
    process.exit(r.status ?? 1);
  }
  // Brotli and gzip copies of the text assets, served by the static handler (Vary: Accept-Encoding).
  if (target.precompress) {
    const c = spawnSync('node', [join(root, 'scripts/precompress.mjs'), join(root, target.precompress)], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (c.status !== 0) process.exit(c.status ?? 1);
  }
  console.log(`${((Date.now() - started) / 1000).toFixed(1)} s`);
}
