// The benches' shared figures (results.mjs): median and spread, the loaded-machine warning, the
// machine-readable summary, and that every bench `npm run bench` runs is listed and saves its figures.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatSpread, median, saveResults, showSpread, spread, warnIfNoisy } from './results.mjs';

const here = import.meta.dirname;
let temp;
afterEach(() => {
  vi.restoreAllMocks();
  if (temp) rmSync(temp, { recursive: true, force: true });
  temp = undefined;
});

describe('median and spread', () => {
  it('gives the middle value, the mean of the two middle ones, and min–max', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
    expect(spread([120, 80, 100])).toEqual({ median: 100, min: 80, max: 120 });
    expect(showSpread([120, 80, 100])).toBe('100 (80–120)');
    expect(formatSpread({ median: 0.5, min: 0.5, max: 0.5 }, (v) => `${v * 100} %`)).toBe('50 %');
  });
});

describe('the loaded-machine warning', () => {
  it('warns once when the baseline varies by more than 15 %, and stays quiet below', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(warnIfNoisy("the bare POST's MB/s", [300, 310, 305])).toBeLessThan(0.15);
    expect(log).not.toHaveBeenCalled();
    expect(warnIfNoisy("the bare POST's MB/s", [300, 200, 305])).toBeGreaterThan(0.15);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0][0]).toMatch(/^WARNING: the bare POST's MB\/s varied by 35 %/);
  });
});

describe('bench/results/latest.json', () => {
  it('replaces one bench entry and keeps the others, with the machine facts beside the figures', () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    temp = mkdtempSync(join(tmpdir(), 'ds-bench-results-'));
    const file = join(temp, 'nested', 'latest.json');
    saveResults('upload', { chunkVsBare: spread([0.5, 0.6, 0.7]) }, file);
    saveResults('hashing', { wasm: spread([300]) }, file);
    saveResults('upload', { chunkVsBare: spread([0.8, 0.9, 1]) }, file);
    const all = JSON.parse(readFileSync(file, 'utf8'));
    expect(Object.keys(all).sort()).toEqual(['hashing', 'upload']);
    expect(all.upload.figures.chunkVsBare).toEqual({ median: 0.9, min: 0.8, max: 1 });
    expect(all.upload.loadAverage).toHaveLength(3);
    expect(all.upload.node).toBe(process.version);
  });

  it('is written by every bench, and `npm run bench` runs every bench', () => {
    const listed = [...readFileSync(join(here, 'run.mjs'), 'utf8').matchAll(/'([\w-]+\.mjs)'/g)].map((m) => m[1]);
    const helpers = ['cpuProfile.cjs', 'interleaved.mjs', 'lib.mjs', 'lighthouse.mjs', 'results.mjs', 'results.test.mjs', 'run.mjs', 'seed-activity.mjs', 'seed-lessons.mjs'];
    const files = readdirSync(here).filter((f) => /\.[cm]?js$/.test(f) && !helpers.includes(f));
    expect(listed.length).toBeGreaterThan(10);
    expect([...listed].sort()).toEqual(files.sort());
    const silent = listed.filter((f) => !new RegExp(`saveResults\\('${f.replace('.mjs', '')}'`).test(readFileSync(join(here, f), 'utf8')));
    expect(silent).toEqual([]);
  });
});
