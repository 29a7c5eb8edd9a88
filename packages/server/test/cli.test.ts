/**
 * The built CLI as an operator runs it: starts, prints its address and the demo password line,
 * answers /healthz, refuses a second process on the same data folder, and on SIGTERM exits 0 with
 * the lock released.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mainJs = path.join(serverDir, 'dist/main.js');
let dataDir: string;

function start(extraEnv: Record<string, string> = {}): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let output = '';
  const child = spawn(process.execPath, [mainJs], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', ...extraEnv },
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor<T>(fn: () => T | undefined, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = fn();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(() => {
  execFileSync(process.execPath, [path.join(serverDir, 'build.mjs')], { cwd: serverDir });
  dataDir = mkdtempSync(path.join(tmpdir(), 'ds-cli-'));
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('command line server', () => {
  it('serves, refuses a second process on the same folder, and stops cleanly', async () => {
    const first = start({ DEMO_PASSWORD: 'Cli@2024' });
    try {
      const url = await waitFor(() => first.output().match(/DS cloud school listening on (http:\/\/\S+)/)?.[1]);
      expect(first.output()).toContain('Cli@2024');
      const health = (await (await fetch(`${url}/healthz`)).json()) as { status: number };
      expect(health.status).toBe(200);
      expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(true);

      const second = start();
      const code = await second.exited;
      expect(code).toBe(2);
      expect(second.output()).toContain('数据目录已被进程');

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    } finally {
      if (first.child.exitCode === null) first.child.kill('SIGKILL');
    }
  }, 120_000);
});
