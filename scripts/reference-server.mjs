// Starts the built reference server as a child process for tests and benchmarks: its own temporary
// DATA_DIR, a free loopback port, CORS for the given origins. Builds the server first when its bundle is
// missing or stale. One implementation for the browser tests, the end-to-end tests and bench/.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, targets, isStale, runTarget } from './build-steps.mjs';

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`reference server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`reference server did not answer ${url} within ${timeoutMs} ms`);
}

/** Builds the server bundle when it is missing or older than its sources. */
export function ensureServerBuilt() {
  const server = targets.find((t) => t.output.startsWith('packages/server/'));
  if (isStale(server)) runTarget(server);
}

/**
 * Resolves once /healthz answers with `{ apiBase, dataDir, child, stop }`; `stop()` ends the process
 * (SIGTERM, so the database closes cleanly) and removes the data folder.
 */
export async function startReferenceServer({ allowedOrigins = [], env = {}, stdio = 'ignore', port, dataDir: keptDir, entry } = {}) {
  // `entry`: another build of the server (a bench's baseline); the workspace's own build by default.
  if (!entry) ensureServerBuilt();
  // A given data folder is the caller's (a restart on the same data); otherwise a fresh one, removed on stop.
  const tmp = keptDir ? null : mkdtempSync(join(tmpdir(), 'ds-server-'));
  const dataDir = keptDir ?? join(tmp, 'data');
  port ??= await freePort();
  const child = spawn(process.execPath, [entry ?? join(root, 'packages/server/dist/main.js')], {
    cwd: root,
    stdio: ['ignore', stdio, 'inherit'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ALLOWED_ORIGINS: allowedOrigins.join(','),
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const apiBase = `http://127.0.0.1:${port}`;
  const exited = child.exitCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r));
  const stop = async () => {
    process.off('exit', killNow);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  };
  const killNow = () => child.kill('SIGKILL');
  process.once('exit', killNow);
  try {
    await waitForHealth(`${apiBase}/healthz`, child, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { apiBase, dataDir, child, stop };
}
