import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { isStale } from './freshness';

const repo = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const pkg = (name: string) => join(repo, 'packages', name);

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

function run(command: string, args: string[], cwd: string): void {
  console.log(`[e2e] ${command} ${args.join(' ')} (in ${cwd})`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed with ${result.status}`);
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy at ${url} within ${timeoutMs} ms`);
}

/** Builds what is missing or stale, starts the real server on a free port with its own data, stops it after. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = [join(pkg('sdk'), 'src'), join(pkg('elements'), 'src')];
  if (isStale(join(pkg('portal'), 'dist', 'index.html'), [...shared, join(pkg('portal'), 'src'), join(pkg('portal'), 'index.html')])) {
    run('npx', ['vite', 'build'], pkg('portal'));
  }
  if (isStale(join(pkg('server'), 'dist', 'main.js'), [join(pkg('sdk'), 'src'), join(pkg('server'), 'src')])) {
    run('node', ['packages/server/build.mjs'], repo);
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'ds-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(pkg('server'), 'dist', 'main.js')], {
    cwd: repo,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PORTAL_DIR: join(pkg('portal'), 'dist'),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForHealth(baseUrl, child, 120_000);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  console.log(`[e2e] server ready at ${baseUrl}`);
  project.provide('baseUrl', baseUrl);

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
