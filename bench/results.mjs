// The machine-readable summary of the benches: `bench/results/latest.json` holds the last figures of
// each bench under its name (with the commit, the Node version and the machine's load when it ran), so
// figures can be compared across commits. The folder is not committed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { root } from './lib.mjs';

export const RESULTS_FILE = join(root, 'bench/results/latest.json');

function commit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

/** Median of numbers (the mean of the two middle ones for an even count); `null` for none. */
export function median(values) {
  const sorted = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** `{ median, min, max }` of numbers. */
export function spread(values) {
  const finite = values.filter((v) => typeof v === 'number' && Number.isFinite(v));
  return { median: median(finite), min: finite.length ? Math.min(...finite) : null, max: finite.length ? Math.max(...finite) : null };
}

/** Replaces the entry of `bench` in latest.json with `figures`, keeping every other bench's entry. */
export function saveResults(bench, figures) {
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  let all = {};
  if (existsSync(RESULTS_FILE)) {
    try {
      all = JSON.parse(readFileSync(RESULTS_FILE, 'utf8'));
    } catch {
      all = {};
    }
  }
  all[bench] = { at: new Date().toISOString(), commit: commit(), node: process.version, cores: cpus().length, loadAverage: loadavg().map((l) => Number(l.toFixed(2))), figures };
  const tmp = `${RESULTS_FILE}.${process.pid}`;
  writeFileSync(tmp, `${JSON.stringify(all, null, 2)}\n`);
  renameSync(tmp, RESULTS_FILE);
  console.log(`\nfigures written to ${RESULTS_FILE.slice(root.length + 1)} ("${bench}")`);
}
