// Where a test run's CPU goes, process by process: samples /proc every second until stopped (SIGTERM or
// SIGINT), then writes a table to the file it was given. Each process is charged to the suite whose
// `cpu-of.mjs` is among its ancestors (a browser's renderers, the ffmpeg of a video test and the built
// server of an end-to-end test included), and by kind (node, chromium, postgres, ffmpeg, …); the PostgreSQL
// servers that `.ci/run` starts are nobody's child and appear under their own name. A process that lives
// less than a second is seen once or not at all, so the total is a little below /proc/stat's (printed beside it).
//
//   node scripts/cpu-sampler.mjs .tmp/cpu-profile.txt &  …  kill %1
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const out = process.argv[2] ?? 'cpu-profile.txt';
const HZ = 100;
/** pid → { ticks, ppid, name, suite, kind } */
const seen = new Map();

function read(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    const ppid = Number(fields[1]);
    const ticks = Number(fields[11]) + Number(fields[12]);
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return { ppid, ticks, cmd };
  } catch {
    return undefined;
  }
}

function kindOf(cmd) {
  const bin = cmd[0] ?? '';
  const all = cmd.join(' ');
  if (/chromium|chrome/.test(bin)) return /--type=renderer/.test(all) ? 'chromium renderer' : /--type=/.test(all) ? 'chromium helper' : 'chromium browser';
  if (/postgres/.test(bin) || /^postgres:/.test(bin)) return 'postgres';
  if (/ffmpeg|ffprobe/.test(bin)) return 'ffmpeg';
  if (/nginx/.test(bin)) return 'nginx';
  if (/node$/.test(bin) || /\/node$/.test(bin) || bin === 'node') {
    if (/dist\/.*main\.js/.test(all)) return 'node: built server';
    if (/vitest/.test(all)) return 'node: vitest';
    if (/eslint/.test(all)) return 'node: eslint';
    if (/tsc/.test(all)) return 'node: tsc';
    if (/rollup|vite|build/.test(all)) return 'node: build';
    return 'node: other';
  }
  if (/esbuild/.test(bin)) return 'esbuild';
  return bin.split('/').at(-1) || '?';
}

function sample() {
  const now = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const info = read(Number(entry));
    if (info) now.set(Number(entry), info);
  }
  for (const [pid, info] of now) {
    const known = seen.get(pid);
    if (known && known.start === info.cmd.join(' ')) {
      known.ticks = info.ticks;
      continue;
    }
    seen.set(pid, { ticks: info.ticks, ppid: info.ppid, start: info.cmd.join(' '), kind: kindOf(info.cmd), suite: undefined, cmd: info.cmd });
  }
  // The suite of each process: the cpu file named by the nearest cpu-of.mjs ancestor.
  for (const [pid, p] of seen) {
    if (p.suite) continue;
    let at = pid;
    for (let hops = 0; hops < 30 && at > 1; hops++) {
      const q = seen.get(at) ?? (now.has(at) ? { ppid: now.get(at).ppid, cmd: now.get(at).cmd } : undefined);
      if (!q) break;
      const i = q.cmd.findIndex((a) => a.endsWith('cpu-of.mjs'));
      if (i >= 0) {
        p.suite = (q.cmd[i + 1] ?? '').split('/').at(-1).replace(/\.cpu$/, '');
        break;
      }
      at = q.ppid;
    }
    p.suite ??= '';
  }
}

function machineBusy() {
  const [, ...f] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  return (f.slice(0, 8).reduce((a, b) => a + b, 0) - f[3] - f[4]) / HZ;
}

const startBusy = machineBusy();
const startTicks = new Map();
sample();
for (const [pid, p] of seen) startTicks.set(pid, p.ticks);
const timer = setInterval(sample, 1000);

function finish() {
  clearInterval(timer);
  sample();
  const bySuite = new Map();
  const byKind = new Map();
  let total = 0;
  for (const [pid, p] of seen) {
    const cpu = (p.ticks - (startTicks.get(pid) ?? 0)) / HZ;
    if (cpu <= 0) continue;
    total += cpu;
    const suite = p.suite || '(no suite)';
    const row = bySuite.get(suite) ?? new Map();
    row.set(p.kind, (row.get(p.kind) ?? 0) + cpu);
    bySuite.set(suite, row);
    byKind.set(p.kind, (byKind.get(p.kind) ?? 0) + cpu);
  }
  const lines = [`machine busy ${(machineBusy() - startBusy).toFixed(0)} CPU-s; seen in processes ${total.toFixed(0)} CPU-s`, ''];
  const sum = (m) => [...m.values()].reduce((a, b) => a + b, 0);
  for (const [suite, row] of [...bySuite].sort((a, b) => sum(b[1]) - sum(a[1]))) {
    lines.push(`${suite.padEnd(36)} ${sum(row).toFixed(0).padStart(6)}  ` + [...row].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', '));
  }
  lines.push('', 'by kind:');
  for (const [k, v] of [...byKind].sort((a, b) => b[1] - a[1])) lines.push(`  ${k.padEnd(24)} ${v.toFixed(0).padStart(6)}`);
  writeFileSync(out, lines.join('\n') + '\n');
  process.exit(0);
}
process.on('SIGTERM', finish);
process.on('SIGINT', finish);
