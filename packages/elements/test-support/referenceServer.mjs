// Starts the real reference server for browser tests: own temp DATA_DIR, free port, CORS for the runner.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

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
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`reference server did not answer ${url} within ${timeoutMs} ms`);
}

/**
 * Builds the server when its dist is missing, starts it and resolves once /healthz answers.
 * Returns `{ apiBase, stop }`; `stop` kills the process and removes the data folder.
 */
export async function startReferenceServer({ repoRoot, allowedOrigins, env = {} }) {
  const main = path.join(repoRoot, 'packages/server/dist/main.js');
  if (!existsSync(main)) {
    const built = spawnSync(process.execPath, ['packages/server/build.mjs'], { cwd: repoRoot, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('building the reference server failed');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ds-elements-test-'));
  const port = await freePort();
  const child = spawn(process.execPath, [main], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(dataDir, 'data'),
      ALLOWED_ORIGINS: allowedOrigins.join(','),
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const apiBase = `http://127.0.0.1:${port}`;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null) child.kill('SIGTERM');
    try {
      rmSync(dataDir, { recursive: true, force: true });
    } catch {
      // the server may still hold files for a moment; the OS temp cleaner takes the rest
    }
  };
  process.once('exit', stop);
  try {
    await waitForHealth(`${apiBase}/healthz`, child, 90_000);
  } catch (error) {
    stop();
    throw error;
  }
  return { apiBase, stop };
}
