import { afterEach, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { buildSync } from 'esbuild';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { acquireDataDirLock, LockHeldError } from './lock.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ds-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('data folder lock', () => {
  it('holds the pid and refuses a second holder until released', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8').trim()).toBe(String(process.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(LockHeldError);
    expect(() => acquireDataDirLock(dir)).toThrow(/数据目录已被进程/);
    lock.release();
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('takes over a stale lock whose process is gone', () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    writeFileSync(path.join(dir, 'server.lock'), `${dead}\n`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('treats an unreadable lock as stale', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'server.lock'), 'garbage');
    acquireDataDirLock(dir).release();
  });

  it('lets exactly one of several processes take over the same stale lock at once', async () => {
    const dir = tempDir();
    const script = path.join(dir, 'take.mjs');
    buildSync({ entryPoints: [path.join(import.meta.dirname, 'lock.ts')], bundle: true, platform: 'node', format: 'esm', outfile: path.join(dir, 'lock.mjs') });
    // Each process tries for the lock, says what it got, and holds it until told to go.
    writeFileSync(
      script,
      `import { acquireDataDirLock } from './lock.mjs';
       try { acquireDataDirLock(process.argv[2]); console.log('acquired'); } catch (e) { console.log(e.name); }
       process.stdin.once('data', () => process.exit(0));`,
    );
    const data = path.join(dir, 'data');
    for (let round = 0; round < 5; round++) {
      const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
      rmSync(data, { recursive: true, force: true });
      mkdirSync(data);
      writeFileSync(path.join(data, 'server.lock'), `${dead}\n`);
      const children = Array.from({ length: 6 }, () => spawn(process.execPath, [script, data], { stdio: ['pipe', 'pipe', 'inherit'] }));
      const said = await Promise.all(
        children.map((child) => new Promise<string>((resolve) => child.stdout.once('data', (b: Buffer) => resolve(b.toString().trim())))),
      );
      expect(said.filter((s) => s === 'acquired')).toHaveLength(1);
      expect(said.filter((s) => s !== 'acquired').every((s) => s === 'LockHeldError')).toBe(true);
      for (const child of children) child.stdin.end('go');
      await Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve))));
    }
  }, 60_000);
});
