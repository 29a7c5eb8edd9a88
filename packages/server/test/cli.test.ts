/**
 * The built CLI as an operator runs it: starts, prints its address and the demo password line,
 * answers /healthz, refuses a second process on the same data folder, and on SIGTERM exits 0 with
 * the lock released. (The fault suite, test/faults/, checks the refusal under upload load.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { privateServerBundle } from './serverBundle.js';

// A private copy: files.crash.test.ts rebuilds dist/main.js, and a process started on a half-written
// bundle exits 1 with a syntax error where this test expects the lock's 2.
let mainJs: string;
let dataDir: string;

function start(extraEnv: Record<string, string> = {}): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let output = '';
  const child = spawn(process.execPath, [mainJs], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', ...extraEnv },
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  // 'close', not 'exit': the exit can be reported before the last output is read from the pipes.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

// A first start migrates and seeds a fresh database: over a minute on a loaded 2-core machine.
async function waitFor<T>(fn: () => T | undefined, what: string, ms = 150_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = fn();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(() => {
  mainJs = privateServerBundle('cli');
  dataDir = mkdtempSync(path.join(tmpdir(), 'ds-cli-'));
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('command line server', () => {
  it('serves, refuses a second process on the same folder, and stops cleanly', async () => {
    const first = start({ DEMO_PASSWORD: 'Cli@2024' });
    try {
      const url = await waitFor(() => first.output().match(/DS cloud school listening on (http:\/\/\S+)/)?.[1], 'the address line');
      // The demo password comes on the next line, which may arrive in a later read of the pipe.
      await waitFor(() => (first.output().includes('演示账号') ? true : undefined), 'the demo account line');
      expect(first.output()).toContain('Cli@2024');
      const health = (await (await fetch(`${url}/healthz`)).json()) as { status: number };
      expect(health.status).toBe(200);
      expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(true);

      const second = start();
      const code = await second.exited;
      expect(second.output()).toContain('数据目录已被进程');
      expect(code).toBe(2);

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    } finally {
      if (first.child.exitCode === null) first.child.kill('SIGKILL');
    }
  }, 400_000);
});
