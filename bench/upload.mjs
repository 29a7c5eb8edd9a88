// Upload in headless Chromium against the reference server (fresh data folder, bench routes on), on
// one generated file on disk (BENCH_UPLOAD_MB, default 1024), given to the page as a real File:
//  hashing rows of bench/hashing.mjs on that file (bare read, hash-wasm, spark-md5);
//  (a) a bare POST of the bytes, streamed to disk by the same server (`POST /bench/bare-upload`);
//  (b) the same file through the SDK upload engine: hashing, compare, chunks; MB/s and ratio to (a);
//  (c) an instant upload (秒传) of the same file by the same user: total, hash time, compare round-trip;
//  (d) a second file whose chunk requests fail once 90 % of its chunks were acknowledged, then restarted:
//      bytes sent after the restart against the bytes that were still missing.
// The generated files and the server's data folder are removed at the end.
import { join } from 'node:path';
import { root, startServer, login, servePage, openPage, mbps, benchTempDir, writeBenchFile, fileInputsHtml, giveFile } from './lib.mjs';
import { measureHashing, printHashing } from './hashing.mjs';

const sizeMb = Number(process.env.BENCH_UPLOAD_MB || 1024);
const pages = join(root, 'bench/pages');

const temp = await benchTempDir();
const mainFile = await writeBenchFile(join(temp.dir, 'bench-upload.txt'), sizeMb * 1024 * 1024, 0x9e3779b9);
const restartFile = await writeBenchFile(join(temp.dir, 'bench-restart.txt'), sizeMb * 1024 * 1024, 0x85ebca6b);
const site = await servePage({
  entries: {
    page: join(pages, 'upload.page.mjs'),
    'md5.worker': join(root, 'packages/sdk/src/upload/md5.worker.ts'),
    'read.worker': join(pages, 'read.worker.mjs'),
  },
  html: fileInputsHtml(['main', 'restart']),
});
const server = await startServer({ BENCH_ROUTES: '1' }, { allowedOrigins: [site.origin] });
const { browser, page } = await openPage(site.url);
try {
  await giveFile(page, 'main', mainFile);
  await giveFile(page, 'restart', restartFile);
  const token = await login(server.base, 'teacher');
  const size = await page.evaluate((c) => globalThis.bench.setup(c), { base: server.base, token });
  const hashing = await measureHashing(page, 'main');

  const bare = await page.evaluate(() => globalThis.bench.bare());
  const sdk = await page.evaluate(() => globalThis.bench.sdk());
  if (sdk.instant) throw new Error('the first upload was instant: the data folder was not fresh');
  const instant = await page.evaluate(() => globalThis.bench.instant());
  if (!instant.instant || instant.chunksSent) throw new Error(`the second upload was not instant: ${JSON.stringify(instant)}`);
  const restart = await page.evaluate(() => globalThis.bench.restart());

  const bareMbps = mbps(size, bare.ms);
  const sdkMbps = mbps(size, sdk.ms);
  printHashing(hashing);
  console.log(`\nUpload: ${sizeMb} MB file on disk, headless Chromium → reference server on 127.0.0.1`);
  console.log('case'.padEnd(40), 'MB/s'.padStart(8), 'ms'.padStart(9));
  console.log('(a) bare POST to disk'.padEnd(40), bareMbps.toFixed(0).padStart(8), bare.ms.toFixed(0).padStart(9));
  console.log(`(b) SDK upload (hash + compare + ${sdk.chunks} chunks)`.padEnd(40), sdkMbps.toFixed(0).padStart(8), sdk.ms.toFixed(0).padStart(9));
  console.log(
    `    of which hashing ${sdk.hashMs.toFixed(0)} ms; chunks (first sent → last answered) ${sdk.chunksMs.toFixed(0)} ms = ${mbps(size, sdk.chunksMs).toFixed(0)} MB/s`,
  );
  console.log(`SDK / bare POST: ${((sdkMbps / bareMbps) * 100).toFixed(0)} % end to end (hash + upload)   (target ≥ 60 %)`);
  console.log(`chunk phase / bare POST: ${((mbps(size, sdk.chunksMs) / bareMbps) * 100).toFixed(0)} % (the transfer alone, same bytes)`);
  console.log(
    `(c) instant upload (秒传): ${instant.ms.toFixed(0)} ms total; hashing ${instant.hashMs.toFixed(0)} ms` +
      ` (+ ${instant.sampleMs.toFixed(0)} ms 64 KB samples); compare round-trip ${instant.compareMs.toFixed(1)} ms` +
      ` (${instant.compareCalls} call${instant.compareCalls === 1 ? '' : 's'})`,
  );
  console.log(
    `(d) failure after ${restart.ackedAtFailure}/${restart.chunks} chunks acknowledged (${restart.refused} chunk request(s) refused), restarted:` +
      ` ${(restart.bytesAfter / 1048576).toFixed(1)} MB sent after the restart for ${(restart.remaining / 1048576).toFixed(1)} MB remaining;` +
      ` already acknowledged chunks sent again: ${restart.resentChunks}`,
  );
  console.log(`    re-sent beyond the remainder: ${restart.beyondChunks.toFixed(restart.beyondChunks % 1 ? 2 : 0)} chunks   (target ≤ 1)`);
} finally {
  await browser.close();
  await server.stop();
  await site.close();
  temp.remove();
}
