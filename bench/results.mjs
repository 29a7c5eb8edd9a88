// The machine-readable summary of the benches: `bench/results/latest.json` holds the last figures of
// each bench under its name (with the commit, the Node version and the machine's load when it ran), so
// figures can be compared across commits. The folder is not committed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, relative } from 'node:path';
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

/** A `spread()` as text, `median (min–max)`, each number shown by `format` (a whole number by default). */
export function formatSpread(s, format = (v) => v.toFixed(0)) {
  if (s.median === null) return '–';
  return s.min === s.max ? format(s.median) : `${format(s.median)} (${format(s.min)}–${format(s.max)})`;
}

/** `median (min–max)` of numbers as text. */
export const showSpread = (values, format) => formatSpread(spread(values), format);

/** Above this relative spread ((max − min) / median) a baseline says the machine is busy. */
export const NOISY_BASELINE = 0.15;

/**
 * Prints one warning when the baseline's own runs (`values`, e.g. the bare route's req/s or the bare
 * POST's MB/s, one per interleaved round) vary by more than 15 %: the machine is loaded, absolute
 * figures then say little and only the ratios to the baseline are worth reading. Returns the
 * relative spread (0 when it cannot be told).
 */
export function warnIfNoisy(label, values) {
  const s = spread(values);
  if (s.median === null || s.median === 0) return 0;
  const relative = (s.max - s.min) / s.median;
  if (relative > NOISY_BASELINE) {
    console.log(`WARNING: ${label} varied by ${(relative * 100).toFixed(0)} % between runs (> ${NOISY_BASELINE * 100} %): the machine is busy; compare ratios, not absolute figures.`);
  }
  return relative;
}

/** How many interleaved runs a bench makes: `BENCH_REPEATS`, at least 3. */
export const REPEATS = Math.max(3, Number(process.env.BENCH_REPEATS || 3));

/**
 * Replaces the entry of `bench` in latest.json (or `file`) with `figures`, keeping every other bench's
 * entry. Every bench `npm run bench` runs calls it once (bench/results.test.mjs checks that).
 */
export function saveResults(bench, figures, file = RESULTS_FILE) {
  mkdirSync(dirname(file), { recursive: true });
  let all = {};
  if (existsSync(file)) {
    try {
      all = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      all = {};
    }
  }
  all[bench] = { at: new Date().toISOString(), commit: commit(), node: process.version, cores: cpus().length, loadAverage: loadavg().map((l) => Number(l.toFixed(2))), figures };
  const tmp = `${file}.${process.pid}`;
  writeFileSync(tmp, `${JSON.stringify(all, null, 2)}\n`);
  renameSync(tmp, file);
  console.log(`\nfigures written to ${relative(root, file)} ("${bench}")`);
}
