// Upload in headless Chromium against the reference server (fresh data folder, bench routes on), on
// generated files on disk (BENCH_UPLOAD_MB each, default 1024), given to the page as real Files:
//  hashing rows of bench/hashing.mjs on the first file (bare read, hash-wasm, spark-md5);
//  in each of BENCH_REPEATS (≥ 3) interleaved rounds, on a new file (new bytes, so no upload is instant):
//    (a) a bare POST of the bytes, streamed to disk by the same server (`POST /bench/bare-upload`);
//    (b) the same file through the SDK upload engine: hashing, compare, chunks; MB/s and ratios to (a);
//  median and spread (min–max) of each figure and of the ratios, with a warning when the bare POST's
//  own MB/s varies by more than 15 % (a loaded machine);
//  (c) an instant upload (秒传) of the last round's file by the same user: total, hash time, compare round-trip;
//  (d) a second file whose chunk requests fail once 90 % of its chunks were acknowledged, then restarted:
//      bytes sent after the restart against the bytes that were still missing.
// Each phase also reports the server process's CPU seconds (user + system, every thread, from
// /proc/<pid>/stat) per 256 MB: on 2 cores the page and the server share the CPU, so that is the cost.
// BENCH_CPU_PROF=<dir> writes the server's CPU profile there (bench/cpuProfile.cjs) for the whole run.
// BENCH_BASELINE_SERVER=<another build's main.js> (e.g. the previous commit's packages/server/dist/main.js)
// starts that server too, and every round also uploads its file through it right after this build's
// upload (new bytes for each): old and new server alternately, in the same rounds, same page.
// The generated files and the server's data folder are removed at the end.
import { readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { root, startServer, login, servePage, openPage, mbps, benchTempDir, writeBenchFile, fileInputsHtml, giveFile } from './lib.mjs';
import { measureHashing, printHashing, hashingFigures } from './hashing.mjs';
import { REPEATS, saveResults, showSpread, spread, warnIfNoisy } from './results.mjs';

const sizeMb = Number(process.env.BENCH_UPLOAD_MB || 1024);
const pages = join(root, 'bench/pages');
const baselineEntry = process.env.BENCH_BASELINE_SERVER;
const profile = process.env.BENCH_CPU_PROF ? { NODE_OPTIONS: `--require ${join(root, 'bench/cpuProfile.cjs')}` } : {};

/** CPU seconds (user + system, all threads) the process `pid` used so far; null off Linux. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
/** Runs `phase` and returns its answer with the server's CPU seconds per 256 MB of the file (`cpu`). */
async function withCpu(pid, bytes, phase) {
  const before = cpuSeconds(pid);
  const answer = await phase();
  const after = cpuSeconds(pid);
  return { ...answer, cpu: before === null || after === null ? null : ((after - before) * 256 * 1048576) / bytes };
}

const cpuText = (v) => (v === null ? '?' : v.toFixed(2));
const temp = await benchTempDir();
const roundFile = (round) => writeBenchFile(join(temp.dir, `bench-upload-${round}.txt`), sizeMb * 1024 * 1024, (0x9e3779b9 + round * 0x1000193) >>> 0);
let mainFile = await roundFile(0);
const restartFile = await writeBenchFile(join(temp.dir, 'bench-restart.txt'), sizeMb * 1024 * 1024, 0x85ebca6b);
const site = await servePage({
  entries: {
    page: join(pages, 'upload.page.mjs'),
    'md5.worker': join(root, 'packages/sdk/src/upload/md5.worker.ts'),
    'read.worker': join(pages, 'read.worker.mjs'),
  },
  html: fileInputsHtml(['main', 'restart']),
});
const server = await startServer({ BENCH_ROUTES: '1', ...profile }, { allowedOrigins: [site.origin] });
const baseline = baselineEntry ? await startServer({ BENCH_ROUTES: '1' }, { allowedOrigins: [site.origin], entry: baselineEntry }) : null;
const { browser, page } = await openPage(site.url);
try {
  await giveFile(page, 'main', mainFile);
  await giveFile(page, 'restart', restartFile);
  const token = await login(server.base, 'teacher');
  const baselineToken = baseline ? await login(baseline.base, 'teacher') : null;
  const size = await page.evaluate((c) => globalThis.bench.setup(c), { base: server.base, token });
  const useServer = (base, t) => page.evaluate((c) => globalThis.bench.setup(c), { base, token: t });
  const hashing = await measureHashing(page, 'main');

  const rounds = [];
  const baselineRounds = [];
  for (let round = 0; round < REPEATS; round++) {
    if (round > 0) {
      const previous = mainFile;
      mainFile = await roundFile(round);
      await giveFile(page, 'main', mainFile);
      rmSync(previous, { force: true });
    }
    const bare = await withCpu(server.pid, size, () => page.evaluate(() => globalThis.bench.bare()));
    const sdk = await withCpu(server.pid, size, () => page.evaluate(() => globalThis.bench.sdk()));
    if (sdk.instant) throw new Error(`round ${round + 1}: the upload was instant: the file was not new`);
    const r = {
      bareMbps: mbps(size, bare.ms),
      sdkMbps: mbps(size, sdk.ms),
      chunkMbps: mbps(size, sdk.chunksMs),
      hashMbps: mbps(size, sdk.hashMs),
      chunks: sdk.chunks,
      // The ideal end to end: hashing the file, then sending it as fast as the bare POST does.
      idealMs: sdk.hashMs + bare.ms,
      sdkMs: sdk.ms,
      bareCpu: bare.cpu,
      sdkCpu: sdk.cpu,
    };
    rounds.push(r);
    console.log(`round ${round + 1}/${REPEATS}: bare POST ${r.bareMbps.toFixed(0)} MB/s, SDK ${r.sdkMbps.toFixed(0)} MB/s (hashing ${r.hashMbps.toFixed(0)}, chunks ${r.chunkMbps.toFixed(0)} MB/s), server CPU ${cpuText(r.bareCpu)} / ${cpuText(r.sdkCpu)} s per 256 MB, load ${loadavg()[0].toFixed(1)}`);
    if (baseline) {
      // The same round's file (new to that server) on the baseline server, its own bare POST first.
      await useServer(baseline.base, baselineToken);
      const bareB = await withCpu(baseline.pid, size, () => page.evaluate(() => globalThis.bench.bare()));
      const sdkB = await withCpu(baseline.pid, size, () => page.evaluate(() => globalThis.bench.sdk()));
      await useServer(server.base, token);
      if (sdkB.instant) throw new Error(`round ${round + 1}: the baseline's upload was instant`);
      const b = { bareMbps: mbps(size, bareB.ms), sdkMbps: mbps(size, sdkB.ms), chunkMbps: mbps(size, sdkB.chunksMs), hashMbps: mbps(size, sdkB.hashMs), idealMs: sdkB.hashMs + bareB.ms, sdkMs: sdkB.ms, bareCpu: bareB.cpu, sdkCpu: sdkB.cpu };
      baselineRounds.push(b);
      console.log(`          baseline server: bare POST ${b.bareMbps.toFixed(0)} MB/s, SDK ${b.sdkMbps.toFixed(0)} MB/s (hashing ${b.hashMbps.toFixed(0)}, chunks ${b.chunkMbps.toFixed(0)} MB/s), server CPU ${cpuText(b.bareCpu)} / ${cpuText(b.sdkCpu)} s per 256 MB`);
    }
  }
  const instant = await page.evaluate(() => globalThis.bench.instant());
  if (!instant.instant || instant.chunksSent) throw new Error(`the second upload was not instant: ${JSON.stringify(instant)}`);
  const restart = await page.evaluate(() => globalThis.bench.restart());

  const of = (key) => rounds.map((r) => r[key]);
  const seconds = (v) => v.toFixed(2);
  const pct = (v) => `${(v * 100).toFixed(0)} %`;
  const chunkVsBare = rounds.map((r) => r.chunkMbps / r.bareMbps);
  const sdkVsBare = rounds.map((r) => r.sdkMbps / r.bareMbps);
  const sdkVsIdeal = rounds.map((r) => r.idealMs / r.sdkMs);
  printHashing(hashing);
  console.log(`\nUpload: ${sizeMb} MB files on disk, headless Chromium → reference server on 127.0.0.1, ${REPEATS} interleaved rounds (median, spread min–max), load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log('case'.padEnd(44), 'MB/s'.padStart(16));
  console.log('(a) bare POST to disk'.padEnd(44), showSpread(of('bareMbps')).padStart(16));
  console.log(`(b) SDK upload (hash + compare + ${rounds[0].chunks} chunks)`.padEnd(44), showSpread(of('sdkMbps')).padStart(16));
  console.log('    of which hashing'.padEnd(44), showSpread(of('hashMbps')).padStart(16));
  console.log('    chunk phase (first sent → last answered)'.padEnd(44), showSpread(of('chunkMbps')).padStart(16));
  console.log(`server CPU seconds per 256 MB: bare POST ${showSpread(of('bareCpu'), seconds)}, SDK upload ${showSpread(of('sdkCpu'), seconds)}`);
  console.log(`chunk phase / bare POST (same bytes, same round): ${showSpread(chunkVsBare, pct)}   (target ≥ 80 %)`);
  console.log(`SDK end to end / (hashing + bare POST): ${showSpread(sdkVsIdeal, pct)}   (target ≥ 85 %)`);
  console.log(`SDK end to end / bare POST: ${showSpread(sdkVsBare, pct)}`);
  warnIfNoisy('the bare POST\'s MB/s', of('bareMbps'));
  let baselineFigures = null;
  if (baseline) {
    const bOf = (key) => baselineRounds.map((r) => r[key]);
    const bChunk = baselineRounds.map((r) => r.chunkMbps / r.bareMbps);
    const bIdeal = baselineRounds.map((r) => r.idealMs / r.sdkMs);
    console.log(`\nbaseline server (${baselineEntry}), the same rounds:`);
    console.log('(a) bare POST to disk'.padEnd(44), showSpread(bOf('bareMbps')).padStart(16));
    console.log('(b) SDK upload'.padEnd(44), showSpread(bOf('sdkMbps')).padStart(16));
    console.log('    chunk phase'.padEnd(44), showSpread(bOf('chunkMbps')).padStart(16));
    console.log(`server CPU seconds per 256 MB: bare POST ${showSpread(bOf('bareCpu'), seconds)}, SDK upload ${showSpread(bOf('sdkCpu'), seconds)}`);
    console.log(`chunk phase / its bare POST: ${showSpread(bChunk, pct)}; end to end / (hashing + bare POST): ${showSpread(bIdeal, pct)}`);
    console.log(`this build's chunk phase / the baseline's, round by round: ${showSpread(rounds.map((r, i) => r.chunkMbps / baselineRounds[i].chunkMbps), (v) => `${v.toFixed(2)}×`)}`);
    baselineFigures = { entry: baselineEntry, bareMbps: spread(bOf('bareMbps')), sdkMbps: spread(bOf('sdkMbps')), chunkMbps: spread(bOf('chunkMbps')), bareCpu: spread(bOf('bareCpu')), sdkCpu: spread(bOf('sdkCpu')), chunkVsBare: spread(bChunk), sdkVsIdeal: spread(bIdeal) };
  }
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
  saveResults('upload', {
    sizeMb,
    rounds: REPEATS,
    hashing: hashingFigures(hashing),
    bareMbps: spread(of('bareMbps')),
    sdkMbps: spread(of('sdkMbps')),
    hashMbps: spread(of('hashMbps')),
    chunkMbps: spread(of('chunkMbps')),
    chunkVsBare: spread(chunkVsBare),
    bareCpu: spread(of('bareCpu')),
    sdkCpu: spread(of('sdkCpu')),
    sdkVsIdeal: spread(sdkVsIdeal),
    sdkVsBare: spread(sdkVsBare),
    instant: { ms: instant.ms, hashMs: instant.hashMs, compareMs: instant.compareMs, compareCalls: instant.compareCalls },
    restart: { chunks: restart.chunks, resentChunks: restart.resentChunks, beyondChunks: restart.beyondChunks },
    baselineServer: baselineFigures,
  });
} finally {
  await browser.close();
  await server.stop();
  await baseline?.stop();
  await site.close();
  temp.remove();
}
