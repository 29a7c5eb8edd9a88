// MD5 throughput in headless Chromium on one generated file on disk (BENCH_HASH_MB, default 1024),
// given to the page as a real File: a bare read of the file in 2 MB slices, then MD5 with the default
// engine (hash-wasm) and with spark-md5, both in a Web Worker through the SDK's hash runner. Prints
// MB/s and the ratios default/spark and default/bare. bench/upload.mjs runs the same rows in its run.
import { join } from 'node:path';
import { root, servePage, openPage, mbps, benchTempDir, writeBenchFile, fileInputsHtml, giveFile } from './lib.mjs';

const sizeMb = Number(process.env.BENCH_HASH_MB || 1024);
const pages = join(root, 'bench/pages');

/** The hashing rows on the File in `<input id>`; shared with bench/upload.mjs. */
export async function measureHashing(page, id) {
  const size = await page.evaluate((i) => globalThis.bench.hashSize(i), id);
  // Warm-up on the same file: the first read brings it into the page cache, the first worker compiles.
  await page.evaluate((i) => globalThis.bench.hashRead(i), id);
  const read = await page.evaluate((i) => globalThis.bench.hashRead(i), id);
  const wasm = await page.evaluate((i) => globalThis.bench.hashMd5('hash-wasm', i), id);
  const spark = await page.evaluate((i) => globalThis.bench.hashMd5('spark-md5', i), id);
  if (wasm.md5 !== spark.md5) throw new Error(`engines disagree: ${wasm.md5} vs ${spark.md5}`);
  if (read.bytes !== size) throw new Error(`bare read saw ${read.bytes} of ${size} bytes`);
  return { size, read, wasm, spark };
}

export function printHashing({ size, read, wasm, spark }) {
  const rows = [
    ['bare read (2 MB slices)', mbps(size, read.ms), read.ms],
    ['MD5 hash-wasm (default)', mbps(size, wasm.ms), wasm.ms],
    ['MD5 spark-md5', mbps(size, spark.ms), spark.ms],
  ];
  console.log(`\nHashing: ${(size / 1048576).toFixed(0)} MB file on disk, in a Web Worker, headless Chromium (md5 ${wasm.md5})`);
  console.log('case'.padEnd(26), 'MB/s'.padStart(9), 'ms'.padStart(9));
  for (const [name, speed, ms] of rows) console.log(name.padEnd(26), speed.toFixed(0).padStart(9), ms.toFixed(0).padStart(9));
  console.log(`default / spark-md5: ${(spark.ms / wasm.ms).toFixed(2)}×   (target ≥ 2.5×)`);
  console.log(`default / bare read: ${((read.ms / wasm.ms) * 100).toFixed(0)} %   (target ≥ 60 %)`);
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
      printHashing(await measureHashing(page, 'file'));
    } finally {
      await browser.close();
      await site.close();
    }
  } finally {
    temp.remove();
  }
}
