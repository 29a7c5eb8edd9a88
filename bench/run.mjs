// `npm run bench`: every benchmark in turn (figures, not pass/fail). Builds first if needed.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib.mjs';

const only = process.argv.slice(2);
const benches = ['bundle-sizes.mjs', 'portal-load.mjs', 'api-load.mjs', 'public-load.mjs', 'hashing.mjs', 'upload.mjs', 'lessons-load.mjs', 'activities-load.mjs', 'activity-nodes-load.mjs', 'cluster.mjs'].filter((b) => !only.length || only.some((o) => b.includes(o)));
spawnSync('node', [join(root, 'scripts/build.mjs'), '--if-stale'], { stdio: 'inherit' });
for (const b of benches) {
  console.log(`\n━━ ${b} ━━`);
  const r = spawnSync('node', [join(root, 'bench', b)], { stdio: 'inherit' });
  if (r.status !== 0) process.exitCode = 1;
}
