// MD5 throughput in headless Chromium on one generated file (BENCH_HASH_MB, default 256): a bare read
// of the file in 2 MB slices, then MD5 with the default engine (hash-wasm) and with spark-md5, both in a
// Web Worker through the SDK's hash runner. Prints MB/s and the ratios default/spark and default/bare.
import { join } from 'node:path';
import { root, servePage, openPage, mbps } from './lib.mjs';

const sizeMb = Number(process.env.BENCH_HASH_MB || 256);
const pages = join(root, 'bench/pages');

const site = await servePage({
  entries: {
    page: join(pages, 'hashing.page.mjs'),
    'md5.worker': join(root, 'packages/sdk/src/upload/md5.worker.ts'),
    'read.worker': join(pages, 'read.worker.mjs'),
  },
});
const { browser, page } = await openPage(site.url);
try {
  const size = await page.evaluate((n) => globalThis.bench.make(n), sizeMb * 1024 * 1024);
  // Warm-up on the same file: the first read pulls the Blob's parts together, the first worker compiles.
  await page.evaluate(() => globalThis.bench.bareRead());
  const read = await page.evaluate(() => globalThis.bench.bareRead());
  const wasm = await page.evaluate(() => globalThis.bench.md5('hash-wasm'));
  const spark = await page.evaluate(() => globalThis.bench.md5('spark-md5'));
  if (wasm.md5 !== spark.md5) throw new Error(`engines disagree: ${wasm.md5} vs ${spark.md5}`);
  if (read.bytes !== size) throw new Error(`bare read saw ${read.bytes} of ${size} bytes`);

  const rows = [
    ['bare read (2 MB slices)', mbps(size, read.ms), read.ms],
    ['MD5 hash-wasm (default)', mbps(size, wasm.ms), wasm.ms],
    ['MD5 spark-md5', mbps(size, spark.ms), spark.ms],
  ];
  console.log(`\nHashing: ${sizeMb} MB in a Web Worker, headless Chromium (md5 ${wasm.md5})`);
  console.log('case'.padEnd(26), 'MB/s'.padStart(9), 'ms'.padStart(9));
  for (const [name, speed, ms] of rows) console.log(name.padEnd(26), speed.toFixed(0).padStart(9), ms.toFixed(0).padStart(9));
  console.log(`default / spark-md5: ${(spark.ms / wasm.ms).toFixed(2)}×   (target ≥ 2.5×)`);
  console.log(`default / bare read: ${((read.ms / wasm.ms) * 100).toFixed(0)} %   (target ≥ 60 %)`);
} finally {
  await browser.close();
  await site.close();
}
