// MD5 throughput in headless Chromium on one generated file on disk (BENCH_HASH_MB, default 1024),
// given to the page as a real File: a bare read of the file in 2 MB slices, then MD5 with the default
// engine (hash-wasm) and with spark-md5, both in a Web Worker through the SDK's hash runner. Prints
// MB/s and the ratios default/spark and default/bare, median and spread of BENCH_REPEATS (≥ 3)
// interleaved rounds. bench/upload.mjs runs the same rows in its run.
import { join } from 'node:path';
import { root, servePage, openPage, mbps, benchTempDir, writeBenchFile, fileInputsHtml, giveFile } from './lib.mjs';
import { REPEATS, saveResults, showSpread, spread, warnIfNoisy } from './results.mjs';

const sizeMb = Number(process.env.BENCH_HASH_MB || 1024);
const pages = join(root, 'bench/pages');

/**
 * The hashing rows on the File in `<input id>`, in REPEATS (≥ 3) interleaved rounds (bare read, then
 * each engine); shared with bench/upload.mjs. Returns the size and the ms of every round per case.
 */
export async function measureHashing(page, id) {
  const size = await page.evaluate((i) => globalThis.bench.hashSize(i), id);
  // Warm-up on the same file: the first read brings it into the page cache, the first worker compiles.
  await page.evaluate((i) => globalThis.bench.hashRead(i), id);
  const runs = { read: [], wasm: [], spark: [] };
  let md5;
  for (let round = 0; round < REPEATS; round++) {
    const read = await page.evaluate((i) => globalThis.bench.hashRead(i), id);
    const wasm = await page.evaluate((i) => globalThis.bench.hashMd5('hash-wasm', i), id);
    const spark = await page.evaluate((i) => globalThis.bench.hashMd5('spark-md5', i), id);
    if (wasm.md5 !== spark.md5) throw new Error(`engines disagree: ${wasm.md5} vs ${spark.md5}`);
    if (read.bytes !== size) throw new Error(`bare read saw ${read.bytes} of ${size} bytes`);
    md5 = wasm.md5;
    runs.read.push(read.ms);
    runs.wasm.push(wasm.ms);
    runs.spark.push(spark.ms);
  }
  return { size, md5, runs };
}

/** MB/s of each round per case, and the per-round ratios the targets speak of. */
function rates({ size, runs }) {
  const speed = (ms) => ms.map((m) => mbps(size, m));
  return {
    read: speed(runs.read),
    wasm: speed(runs.wasm),
    spark: speed(runs.spark),
    wasmVsSpark: runs.wasm.map((m, i) => runs.spark[i] / m),
    wasmVsRead: runs.wasm.map((m, i) => runs.read[i] / m),
  };
}

/** The figures saved in bench/results/latest.json: median and spread of each. */
export function hashingFigures(measured) {
  const r = rates(measured);
  return { sizeMb: measured.size / 1048576, rounds: measured.runs.read.length, ...Object.fromEntries(Object.entries(r).map(([k, v]) => [k, spread(v)])) };
}

export function printHashing(measured) {
  const r = rates(measured);
  console.log(`\nHashing: ${(measured.size / 1048576).toFixed(0)} MB file on disk, in a Web Worker, headless Chromium (md5 ${measured.md5}), ${measured.runs.read.length} interleaved rounds (median, spread min–max)`);
  console.log('case'.padEnd(26), 'MB/s'.padStart(16));
  console.log('bare read (2 MB slices)'.padEnd(26), showSpread(r.read).padStart(16));
  console.log('MD5 hash-wasm (default)'.padEnd(26), showSpread(r.wasm).padStart(16));
  console.log('MD5 spark-md5'.padEnd(26), showSpread(r.spark).padStart(16));
  console.log(`default / spark-md5: ${showSpread(r.wasmVsSpark, (v) => `${v.toFixed(2)}×`)}   (target ≥ 2.5×)`);
  console.log(`default / bare read: ${showSpread(r.wasmVsRead, (v) => `${(v * 100).toFixed(0)} %`)}   (target ≥ 60 %)`);
  warnIfNoisy("the bare read's MB/s", r.read);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const temp = await benchTempDir();
  try {
    const file = await writeBenchFile(join(temp.dir, 'bench-hash.bin'), sizeMb * 1024 * 1024);
    const site = await servePage({
      entries: {
        page: join(pages, 'hashing.page.mjs'),
        'md5.worker': join(root, 'packages/sdk/src/upload/md5.worker.ts'),
        'read.worker': join(pages, 'read.worker.mjs'),
      },
      html: fileInputsHtml(['file']),
    });
    const { browser, page } = await openPage(site.url);
    try {
      await giveFile(page, 'file', file);
      const measured = await measureHashing(page, 'file');
      printHashing(measured);
      saveResults('hashing', hashingFigures(measured));
    } finally {
      await browser.close();
      await site.close();
    }
  } finally {
    temp.remove();
  }
}
