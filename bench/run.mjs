// `npm run bench`: every benchmark in turn (figures, not pass/fail). Builds first if needed.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib.mjs';
import { RESULTS_FILE } from './results.mjs';

const only = process.argv.slice(2);
// Each writes its figures into bench/results/latest.json (results.mjs); bench/results.test.mjs checks
// that every bench file is listed here and saves its figures.
const BENCHES = ['bundle-sizes.mjs', 'portal-load.mjs', 'tool-tti.mjs', 'api-load.mjs', 'public-load.mjs', 'hashing.mjs', 'upload.mjs', 'lessons-load.mjs', 'activities-load.mjs', 'activity-nodes-load.mjs', 'review-stats.mjs', 'review-fairness.mjs', 'cluster.mjs', 'video.mjs'];
const benches = BENCHES.filter((b) => !only.length || only.some((o) => b.includes(o)));
spawnSync('node', [join(root, 'scripts/build.mjs'), '--if-stale'], { stdio: 'inherit' });
for (const b of benches) {
  console.log(`\n━━ ${b} ━━`);
  const r = spawnSync('node', [join(root, 'bench', b)], { stdio: 'inherit' });
  if (r.status !== 0) process.exitCode = 1;
}
console.log(`\nmachine-readable summary: ${RESULTS_FILE}`);
