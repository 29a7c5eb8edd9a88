// Lesson video (docs/video.md): what the transcoding queue costs, and how a lesson plays on a slow line.
//
// 1. Transcode speed. A generated 1080p25 clip (BENCH_VIDEO_SECONDS, default 20: ffmpeg's test pattern
//    and a tone at a classroom recorder's 6 Mbit/s) in BENCH_REPEATS (≥ 3) interleaved rounds:
//    (a) bare: the pipeline's own steps run straight from this process — ffprobe, the one-pass ladder
//        command (`transcodeArgs`, the same nice level and parent-death wrapper), the poster and the
//        seek-preview sprite;
//    (b) the same bytes (a new `free` box, so a new job) uploaded to the built server, from the
//        upload's last answer to 视频处理 已完成 as the teacher's screen reads it (`getVideoStates`,
//        every 100 ms): queue, worker, the same steps and the store.
//    Figures: × real time of each, and the ratio (a)/(b) (goal ≥ 0.9: the queue costs nothing).
// 2. Playback on a throttled line. One lesson-length clip (BENCH_LESSON_SECONDS, default 600: a
//    10-minute 1080p lesson) transcoded by the server once; then, for each line (1.5, 4 and 20 Mbit/s,
//    40 ms latency, Chromium's own network emulation over CDP) and each way (the HLS ladder through
//    hls.js, the file as uploaded), BENCH_REPEATS rounds of `<ds-lesson-player>` on a page of the
//    server's origin, cold cache: press play, time to the first frame, then BENCH_WATCH_SECONDS (30)
//    of playback: stalls (`waiting` after the first frame) and their total time, and the picture's
//    height at the end (the rung hls.js settled on). Goals: first frame < 2 s at 4 Mbit/s, no stall at
//    1.5 Mbit/s with HLS.
// The generated clips and the server's data folder are removed at the end.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { root, startServer, login, benchTempDir, CHROMIUM_ARGS } from './lib.mjs';
import { REPEATS, median, saveResults, showSpread, warnIfNoisy } from './results.mjs';
import { CHROMIUM_PATH } from '../scripts/chromium.mjs';

const CLIP_SECONDS = Number(process.env.BENCH_VIDEO_SECONDS || 20);
const LESSON_SECONDS = Number(process.env.BENCH_LESSON_SECONDS || 600);
const WATCH_SECONDS = Number(process.env.BENCH_WATCH_SECONDS || 30);
const LINES = (process.env.BENCH_LINES || '1.5,4,20').split(',').map(Number);
const SOURCE_RATE = '6M';

// The server's own video modules, bundled from source for this process (npm packages stay external,
// so the bundle lives inside the repository where they resolve).
const libDir = join(root, '.tmp/bench-video');
mkdirSync(libDir, { recursive: true });
const libFile = join(libDir, 'videoLib.mjs');
await build({
  stdin: {
    contents: [
      "export { findVideoTools, toolCommand, toolEnv } from './src/video/ffmpegBinary.ts';",
      "export { probeVideo } from './src/video/probe.ts';",
      "export { ladderFor } from './src/video/ladder.ts';",
      "export { transcodeArgs } from './src/video/transcode.ts';",
      "export { makePoster, makeSprite } from './src/video/poster.ts';",
    ].join('\n'),
    resolveDir: join(root, 'packages/server'),
    loader: 'ts',
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  conditions: ['source'],
  outfile: libFile,
  logLevel: 'error',
});
const lib = await import(pathToFileURL(libFile).href);
const found = await lib.findVideoTools();
if (!found.ok) {
  console.error(`no ffmpeg: ${found.reason.en}`);
  process.exit(1);
}
const { ffmpeg, ffprobe } = found.tools;
console.log(`ffmpeg ${ffmpeg.version} (${ffmpeg.source}), ${REPEATS} rounds`);

/** Runs a binary to its end (through the pipeline's wrapper when `long`); rejects with its stderr. */
function run(file, args, long = false) {
  const [command, argv] = long ? lib.toolCommand(file, args) : [file, args];
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { stdio: ['ignore', 'ignore', 'pipe'], env: lib.toolEnv(file) });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${file} exited ${code}: ${stderr}`))));
  });
}

const temp = await benchTempDir();
/** A 1080p25 clip of `seconds` at a recorder's bit rate. */
async function makeClip(name, seconds) {
  const file = join(temp.dir, name);
  const started = Date.now();
  await run(ffmpeg.path, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(seconds),
    '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', SOURCE_RATE, '-maxrate', SOURCE_RATE, '-bufsize', '12M', '-g', '50', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', '-shortest', file]);
  console.log(`${name}: ${seconds} s of 1080p25 at ${SOURCE_RATE}bit/s, ${(statSync(file).size / 1048576).toFixed(1)} MB, made in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return file;
}

/** The clip's bytes with a `free` box of random bytes after them: the same video, new content. */
function unique(bytes) {
  const padding = randomBytes(1024);
  const box = Buffer.alloc(8);
  box.writeUInt32BE(8 + padding.length, 0);
  box.write('free', 4, 'latin1');
  return Buffer.concat([bytes, box, padding]);
}

/** (a): the pipeline's steps, straight. Seconds. */
async function bare(file, round) {
  const out = join(temp.dir, `bare-${round}`);
  rmSync(out, { recursive: true, force: true });
  const started = performance.now();
  const probe = await lib.probeVideo(ffprobe.path, file, 'bench.mp4');
  const rungs = lib.ladderFor(probe);
  mkdirSync(out, { recursive: true });
  for (const r of rungs) mkdirSync(join(out, r.name), { recursive: true });
  await run(ffmpeg.path, lib.transcodeArgs({ input: file, probe, rungs }, out), true);
  await lib.makePoster(ffmpeg.path, file, 'bench.mp4', probe, join(out, 'poster.jpg'));
  await lib.makeSprite(ffmpeg.path, file, 'bench.mp4', probe, out);
  const seconds = (performance.now() - started) / 1000;
  rmSync(out, { recursive: true, force: true });
  return { seconds, rungs: rungs.map((r) => r.name) };
}

const md5 = (bytes) => createHash('md5').update(bytes).digest('hex');
const CHUNK = 8 * 1048576;

/** The chunk route as the SDK's engine speaks it; resolves to the file id once the last chunk is answered. */
async function upload(base, token, bytes, fileName) {
  const chunks = Math.ceil(bytes.length / CHUNK);
  let id;
  for (let c = 0; c < chunks; c++) {
    const form = new FormData();
    const fields = { chunkSize: String(CHUNK), extension: 'mp4', fileMd5: md5(bytes), fileName, filePath: '-1', totalSize: String(bytes.length), supportSourceFlag: '0', ...(id ? { fileInfoId: String(id) } : {}), storageType: '4', chunk: String(c), chunks: String(chunks) };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([bytes.subarray(c * CHUNK, Math.min(bytes.length, (c + 1) * CHUNK))]), fileName);
    const answer = await (await fetch(`${base}/api/file/v1/file/block`, { method: 'POST', headers: { authorization: token }, body: form })).json();
    if (answer.status !== 200) throw new Error(`chunk ${c}: ${answer.status} ${answer.message}`);
    id = answer.data.fileInfoId;
  }
  return String(id);
}

async function api(base, token, method, path, body) {
  const res = await fetch(`${base}${path}`, { method, headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const answer = await res.json();
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.message}`);
  return answer.data;
}

async function lessonOf(base, token, fileInfoId, seconds, title) {
  const saved = await api(base, token, 'POST', '/cloudSchool/v1/cloudLesson/save', { title, stage: 2, subjectCode: 214, grade: 3, resources: [{ title, fileInfoId, durationSeconds: Math.round(seconds) }] });
  return saved.lessonId;
}

/** Waits for 视频处理 已完成, reading the states every 100 ms; seconds since `since`. */
async function doneAfter(base, token, lessonId, since, limitMs) {
  for (;;) {
    const states = await api(base, token, 'POST', '/cloudSchool/v1/cloudLesson/getVideoStates', { lessonIds: [lessonId] });
    const video = states.lessons[0]?.videos[0];
    if (video?.state === 'done') return (performance.now() - since) / 1000;
    if (video?.state === 'failed') throw new Error(`transcoding failed: ${video.error}`);
    if (performance.now() - since > limitMs) throw new Error(`not transcoded after ${limitMs / 1000} s (${video?.state} ${video?.progress}%)`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const server = await startServer({ TRANSCODE: '1', TRANSCODE_CONCURRENCY: '1' });
const figures = {};
try {
  const teacher = await login(server.base, 'teacher');

  // ── 1. Transcode speed ──
  const clipFile = await makeClip('clip.mp4', CLIP_SECONDS);
  const clip = readFileSync(clipFile);
  const rows = [];
  for (let round = 0; round < REPEATS; round++) {
    const a = await bare(clipFile, round);
    const bytes = unique(clip);
    const fileInfoId = await upload(server.base, teacher, bytes, `bench-${round}.mp4`);
    const since = performance.now();
    const lessonId = await lessonOf(server.base, teacher, fileInfoId, CLIP_SECONDS, `转码速度 ${round}`);
    const b = await doneAfter(server.base, teacher, lessonId, since, 30 * 60_000);
    rows.push({ bare: a.seconds, queued: b });
    console.log(`  round ${round + 1}: bare ${a.seconds.toFixed(1)} s (${(CLIP_SECONDS / a.seconds).toFixed(2)}× real time, ${a.rungs.join(' ')}) · through the server ${b.toFixed(1)} s (${(CLIP_SECONDS / b).toFixed(2)}×) · ratio ${(a.seconds / b).toFixed(3)}`);
  }
  warnIfNoisy('bare transcode', rows.map((r) => r.bare));
  const speed = {
    clipSeconds: CLIP_SECONDS,
    bareRealtime: median(rows.map((r) => CLIP_SECONDS / r.bare)),
    queuedRealtime: median(rows.map((r) => CLIP_SECONDS / r.queued)),
    ratio: median(rows.map((r) => r.bare / r.queued)),
  };
  console.log(`\ntranscode of ${CLIP_SECONDS} s of 1080p25, whole ladder + poster + sprite:`);
  console.log(`  bare                ${showSpread(rows.map((r) => CLIP_SECONDS / r.bare), (v) => v.toFixed(2))} × real time`);
  console.log(`  through the server  ${showSpread(rows.map((r) => CLIP_SECONDS / r.queued), (v) => v.toFixed(2))} × real time`);
  console.log(`  ratio bare/server   ${showSpread(rows.map((r) => r.bare / r.queued), (v) => v.toFixed(3))}  (goal ≥ 0.9) ${speed.ratio >= 0.9 ? 'PASS' : 'MISS'}`);
  figures.speed = speed;

  // ── 2. Playback on a throttled line ──
  const lessonFile = await makeClip('lesson.mp4', LESSON_SECONDS);
  const lessonBytes = readFileSync(lessonFile);
  const lessonFileId = await upload(server.base, teacher, lessonBytes, '十分钟的课.mp4');
  const since = performance.now();
  const lessonId = await lessonOf(server.base, teacher, lessonFileId, LESSON_SECONDS, '十分钟的课');
  const took = await doneAfter(server.base, teacher, lessonId, since, 120 * 60_000);
  console.log(`\n${LESSON_SECONDS} s lesson transcoded by the server in ${took.toFixed(0)} s (${(LESSON_SECONDS / took).toFixed(2)}× real time)`);
  const resource = (await api(server.base, teacher, 'GET', `/cloudSchool/v1/cloudLesson/getResourceVideo?lessonId=${lessonId}`))[0];
  const ways = { hls: { src: resource.playUrl, hls: resource.hlsUrl, title: '十分钟的课' }, file: { src: resource.playUrl, title: '十分钟的课' } };

  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'] });
  const page = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>播放</title>
<script type="module" src="/elements/ds-elements.js"></script></head><body style="margin:0">
<ds-lesson-player id="p" muted style="display:block;width:1280px"></ds-lesson-player></body></html>`;
  /** One cold play: first-frame time, stalls over the watch, the picture's height at the end. */
  async function play(way, mbit) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' });
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await tab.route(`${server.base}/bench-video.html`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: page }));
    await tab.goto(`${server.base}/bench-video.html`);
    await tab.waitForFunction(() => customElements.get('ds-lesson-player'));
    // The line is slow from here on: the page itself loaded at full speed, as a cached school portal would.
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: (mbit * 1e6) / 8, uploadThroughput: (mbit * 1e6) / 8 });
    await tab.evaluate((source) => {
      document.getElementById('p').sources = [source];
    }, ways[way]);
    const cover = tab.locator('ds-lesson-player').getByRole('button', { name: /^播放《/ });
    await cover.waitFor({ timeout: 60_000 });
    // Watch the <video> Plyr makes from the moment it exists.
    await tab.evaluate(() => {
      const w = (window.watch = { pressed: 0, first: 0, stalls: 0, stalled: 0, since: 0 });
      const root = document.getElementById('p').shadowRoot;
      const hook = () => {
        const video = root.querySelector('.plyr video');
        if (!video || video.dataset.watched) return;
        video.dataset.watched = '1';
        video.addEventListener('playing', () => {
          if (!w.first) w.first = performance.now();
          if (w.since) {
            w.stalled += performance.now() - w.since;
            w.since = 0;
          }
        });
        video.addEventListener('waiting', () => {
          if (w.first && !w.since) {
            w.stalls++;
            w.since = performance.now();
          }
        });
      };
      new MutationObserver(hook).observe(root, { childList: true, subtree: true });
      hook();
      w.pressed = performance.now();
    });
    await cover.click();
    await tab.waitForFunction(() => window.watch.first > 0, null, { timeout: 120_000, polling: 50 });
    const firstFrame = await tab.evaluate(() => (window.watch.first - window.watch.pressed) / 1000);
    // The watch: wall time of the page, not of this process.
    await tab.waitForFunction((ms) => performance.now() - window.watch.first >= ms, WATCH_SECONDS * 1000, { timeout: WATCH_SECONDS * 1000 + 120_000, polling: 250 });
    const end = await tab.evaluate(() => {
      const w = window.watch;
      const video = document.getElementById('p').shadowRoot.querySelector('.plyr video');
      return { stalls: w.stalls, stalled: (w.stalled + (w.since ? performance.now() - w.since : 0)) / 1000, height: video.videoHeight, position: video.currentTime };
    });
    await context.close();
    return { firstFrame, ...end };
  }

  figures.playback = {};
  for (const mbit of LINES) {
    const results = { hls: [], file: [] };
    for (let round = 0; round < REPEATS; round++) {
      for (const way of ['hls', 'file']) results[way].push(await play(way, mbit));
    }
    console.log(`\n${mbit} Mbit/s, 40 ms, ${WATCH_SECONDS} s watched (${REPEATS} cold plays each):`);
    figures.playback[mbit] = {};
    for (const way of ['hls', 'file']) {
      const r = results[way];
      const f = { firstFrame: median(r.map((x) => x.firstFrame)), stalls: median(r.map((x) => x.stalls)), stalledSeconds: median(r.map((x) => x.stalled)), height: median(r.map((x) => x.height)) };
      figures.playback[mbit][way] = f;
      console.log(
        `  ${way === 'hls' ? 'HLS (hls.js)  ' : 'file as is    '} first frame ${showSpread(r.map((x) => x.firstFrame), (v) => v.toFixed(2))} s · stalls ${showSpread(r.map((x) => x.stalls))} · stalled ${showSpread(r.map((x) => x.stalled), (v) => v.toFixed(1))} s · picture ${showSpread(r.map((x) => x.height))} lines · at ${showSpread(r.map((x) => x.position), (v) => v.toFixed(0))} s`,
      );
    }
    if (mbit === 4) console.log(`  goal: first frame < 2 s with HLS: ${figures.playback[mbit].hls.firstFrame < 2 ? 'PASS' : 'MISS'}`);
    if (mbit === 1.5) console.log(`  goal: no stall with HLS: ${figures.playback[mbit].hls.stalls === 0 ? 'PASS' : 'MISS'}`);
  }
  await browser.close();
} finally {
  await server.stop();
  temp.remove();
  rmSync(libDir, { recursive: true, force: true });
}
saveResults('video', figures);
