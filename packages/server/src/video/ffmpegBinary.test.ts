import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { FFMPEG_NICENESS, findVideoTools, isStaticElf, majorVersion, toolCommand, type VideoTools } from './ffmpegBinary.js';

describe('majorVersion', () => {
  it('reads numbered releases and accepts git builds', () => {
    expect(majorVersion('ffmpeg version 5.1.6-0+deb12u1 Copyright (c) 2000-2024')).toBe(5);
    expect(majorVersion('ffprobe version n6.1.1 Copyright')).toBe(6);
    expect(majorVersion('ffmpeg version N-47683-g0e8eb07980-static https://johnvansickle.com/ffmpeg/')).toBe('git');
    expect(majorVersion('something else')).toBeNull();
  });
});

describe('findVideoTools', () => {
  it('reports a set FFMPEG_PATH that does not work, and does not fall back', async () => {
    const answer = await findVideoTools({ FFMPEG_PATH: '/nonexistent/ffmpeg' });
    expect(answer.ok).toBe(false);
    if (!answer.ok) {
      expect(answer.reason.zh).toContain('FFMPEG_PATH=/nonexistent/ffmpeg 不可用');
      expect(answer.reason.en).toContain('FFMPEG_PATH=/nonexistent/ffmpeg is not usable');
    }
  });

  it('reports a binary that is no ffmpeg', async () => {
    const answer = await findVideoTools({ FFMPEG_PATH: '/bin/true' });
    expect(answer.ok).toBe(false);
  });
});

const found = await findVideoTools({ FFMPEG_PATH: process.env.FFMPEG_PATH, FFPROBE_PATH: process.env.FFPROBE_PATH });

// On the platform the packages are for, the binaries must be there: the video tests would otherwise
// skip themselves on a machine whose install lost them, and pass while testing nothing.
it.runIf(process.platform === 'linux' && process.arch === 'x64')('finds ffmpeg and ffprobe on linux-x64 (the packaged binaries or FFMPEG_PATH)', () => {
  expect(found.ok ? 'found' : found.reason.en).toBe('found');
});

describe.skipIf(!found.ok)('the binaries found', () => {
  const tools = (found as { tools: VideoTools }).tools;

  it('tells static binaries from dynamic ones', () => {
    if (tools.ffprobe.source === 'package') expect(isStaticElf(tools.ffprobe.path)).toBe(true);
    expect(isStaticElf(process.execPath)).toBe(false);
    expect(isStaticElf('/nonexistent')).toBe(false);
  });

  it.skipIf(toolCommand('x', [])[0] !== '/usr/bin/setpriv')('runs ffmpeg below the web requests and ends it when its parent is killed (no orphan encodes beside a restarted server)', async () => {
    // A shell stands in for the server: it starts an endless encode as the server would, prints its pid, and is killed.
    const [command, args] = toolCommand(tools.ffmpeg.path, ['-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-f', 'null', '-']);
    const quoted = [command, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    const parent = spawn('bash', ['-c', `${quoted} & echo $!; wait`], { stdio: ['ignore', 'pipe', 'ignore'] });
    const pid = await new Promise<number>((resolve) => createInterface({ input: parent.stdout }).once('line', (l) => resolve(Number(l))));
    try {
      await new Promise((r) => setTimeout(r, 300));
      expect(() => process.kill(pid, 0)).not.toThrow();
      // The same pid is ffmpeg itself (setpriv and nice exec it in place), at the lower priority.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      expect(readFileSync(`/proc/${pid}/comm`, 'utf8').trim()).toBe('ffmpeg');
      // nice adds to the niceness the server runs at, up to the lowest priority, 19.
      expect(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])).toBe(Math.min(19, getPriority() + FFMPEG_NICENESS));
    } catch (error) {
      // A failed check must not leave an endless encode behind.
      parent.kill('SIGKILL');
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
      throw error;
    }
    parent.kill('SIGKILL');
    // A bound on waiting for the kernel's signal on a loaded machine, not a speed.
    const end = Date.now() + 30_000;
    let alive = true;
    while (alive && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 50));
      try {
        process.kill(pid, 0);
        // A killed child waits as a zombie until init reaps it: dead for our purpose.
        if (/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))) alive = false;
      } catch {
        alive = false;
      }
    }
    if (alive) process.kill(pid, 'SIGKILL');
    expect(alive).toBe(false);
  }, 60_000);
});
