// The cluster test (npm test, suite "cluster (nginx, 3 instances)"; docs/deploy.md): PostgreSQL 15,
// s3rver and three built server instances started at the same moment over one database, one bucket and
// one shared DATA_DIR, Debian's nginx in front with deploy/nginx.conf; then sessions, login limits,
// caches, uploads and a transcoded video through nginx as a user would meet them. Plain processes on
// loopback; every wait is for a state (ready endpoints, upload and video states), never for a fixed time.
import { existsSync } from 'node:fs';
import { startCluster } from './cluster/cluster.mjs';
import { NGINX } from './cluster/nginx.mjs';
import { sessionChecks } from './cluster/sessions.mjs';
import { removeUploadFiles, uploadChecks } from './cluster/uploads.mjs';
import { videoChecks } from './cluster/videos.mjs';

if (!existsSync(NGINX)) {
  console.error(`nginx is not installed (${NGINX}): apt-get install -y nginx (.ci/run installs it)`);
  process.exit(1);
}

const started = Date.now();
const results = [];
async function check(name, fn) {
  const t = Date.now();
  try {
    await fn();
    results.push({ name, ok: true });
    console.log(`  ✓ ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  } catch (error) {
    results.push({ name, ok: false });
    console.log(`  ✗ ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)\n    ${String(error.stack ?? error).replace(/\n/g, '\n    ')}`);
  }
}

let cluster;
try {
  cluster = await startCluster({ instances: 3 });
  console.log(`cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s: nginx ${cluster.nginx.base} → ${cluster.servers.map((s) => s.port).join(', ')}`);
  await check('three instances started at the same moment apply the migrations once', async () => {
    // The first statement of the first migration, as PostgreSQL logged it (log_statement=ddl, with the backend's pid).
    const runs = cluster.pg.log().split('\n').filter((l) => /CREATE TABLE organisations \(/.test(l));
    if (runs.length !== 1) throw new Error(`the first migration ran ${runs.length} times:\n${runs.join('\n')}`);
  });
  // CLUSTER_ONLY=word runs the checks whose name contains it (while working on one).
  const only = process.env.CLUSTER_ONLY;
  for (const [name, fn] of [...sessionChecks, ...uploadChecks, ...videoChecks]) if (!only || name.includes(only)) await check(name, () => fn(cluster));
} catch (error) {
  results.push({ name: 'cluster start', ok: false });
  console.error(error);
} finally {
  await cluster?.stop();
  removeUploadFiles();
}
const failed = results.filter((r) => !r.ok).length;
console.log(`cluster: ${results.length - failed} passed, ${failed} failed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed ? 1 : 0);
