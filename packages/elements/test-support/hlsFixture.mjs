// An HLS ladder for the player's streaming tests, made once per machine by the ffmpeg the server ships
// with (@ffmpeg-installer/linux-x64) and served at /seed-hls/: 12 s of a test picture with a tone, two
// rungs (540p and 360p, H.264 + AAC, 2 s TS segments, a master playlist with their resolutions and
// bit rates, as the server's transcoder writes them), a poster and seek previews (a sprite of 160×90 tiles
// every 2 s and its WebVTT index). Kept in .tmp/ under a name that changes with this file's recipe.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RECIPE = 'v1 testsrc2 960x540 12s rungs 540/360 hls_time 2 sprite 3x2 160x90';
const SECONDS = 12;

function vtt() {
  const lines = ['WEBVTT', ''];
  const two = (n) => String(n).padStart(2, '0');
  for (let i = 0; i < SECONDS / 2; i++) {
    const x = (i % 3) * 160;
    const y = Math.floor(i / 3) * 90;
    lines.push(`00:00:${two(i * 2)}.000 --> 00:00:${two(i * 2 + 2)}.000`, `sprite-0.jpg#xywh=${x},${y},160,90`, '');
  }
  return lines.join('\n');
}

/** The fixture's folder, made when missing. */
export function hlsFixture(repoRoot) {
  const dir = path.join(repoRoot, '.tmp/hls-fixture', createHash('sha1').update(RECIPE).digest('hex').slice(0, 10));
  if (existsSync(path.join(dir, 'master.m3u8'))) return dir;
  const ffmpeg = path.join(repoRoot, 'node_modules/@ffmpeg-installer/linux-x64/ffmpeg');
  const work = `${dir}.part`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(path.join(work, '540p'), { recursive: true });
  mkdirSync(path.join(work, '360p'), { recursive: true });
  const run = (args) => execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { cwd: work, stdio: ['ignore', 'ignore', 'pipe'] });
  const input = ['-f', 'lavfi', '-i', `testsrc2=size=960x540:rate=25:duration=${SECONDS}`, '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${SECONDS}`];
  const rung = (name, size, rate) => [
    '-map', '0:v', '-map', '1:a', '-s', size, '-c:v', 'libx264', '-preset', 'ultrafast', '-profile:v', 'main', '-b:v', rate, '-maxrate', rate, '-bufsize', rate,
    '-g', '50', '-keyint_min', '50', '-sc_threshold', '0', '-c:a', 'aac', '-b:a', '64k', '-ac', '2',
    '-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod', '-hls_segment_filename', `${name}/s%05d.ts`, `${name}/index.m3u8`,
  ];
  run([...input, ...rung('540p', '960x540', '900k'), ...rung('360p', '640x360', '400k')]);
  writeFileSync(
    path.join(work, 'master.m3u8'),
    [
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXT-X-STREAM-INF:BANDWIDTH=1100000,AVERAGE-BANDWIDTH=1000000,RESOLUTION=960x540,FRAME-RATE=25.000,CODECS="avc1.4d401f,mp4a.40.2"',
      '540p/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=500000,AVERAGE-BANDWIDTH=460000,RESOLUTION=640x360,FRAME-RATE=25.000,CODECS="avc1.4d401e,mp4a.40.2"',
      '360p/index.m3u8',
      '',
    ].join('\n'),
  );
  run(['-f', 'lavfi', '-i', `testsrc2=size=960x540:rate=25:duration=${SECONDS}`, '-frames:v', '1', '-ss', '1', 'poster.jpg']);
  run(['-f', 'lavfi', '-i', `testsrc2=size=960x540:rate=25:duration=${SECONDS}`, '-vf', 'fps=1/2,scale=160:90,tile=3x2', '-frames:v', '1', 'sprite-0.jpg']);
  writeFileSync(path.join(work, 'thumbs.vtt'), vtt());
  rmSync(dir, { recursive: true, force: true });
  renameSync(work, dir);
  return dir;
}

const TYPES = { '.m3u8': 'application/vnd.apple.mpegurl', '.ts': 'video/mp2t', '.jpg': 'image/jpeg', '.vtt': 'text/vtt; charset=utf-8' };

/**
 * Serves the fixture at `prefix`. `?fail=<name>` answers 404 for files whose name contains it (a
 * playlist that went away), and every request is counted per rung folder for the tests (GET
 * `${prefix}__requests` answers them as JSON, and `__requests?reset` clears them).
 */
export function hlsFixtureServe({ repoRoot, prefix = '/seed-hls/' }) {
  const dir = hlsFixture(repoRoot);
  let requests = {};
  return async function hlsFixtureMiddleware(ctx, next) {
    if (!ctx.path.startsWith(prefix)) return next();
    const name = decodeURIComponent(ctx.path.slice(prefix.length));
    if (name === '__requests') {
      if ('reset' in ctx.query) requests = {};
      ctx.body = requests;
      return;
    }
    // `gone/…`: a stream whose files are missing.
    if (name.startsWith('gone/')) {
      ctx.status = 404;
      return;
    }
    const file = path.join(dir, path.normalize(name).replace(/^(\.\.(\/|$))+/, ''));
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) return next();
    const folder = name.includes('/') ? name.split('/')[0] : '.';
    requests[folder] = (requests[folder] ?? 0) + 1;
    ctx.type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    ctx.length = statSync(file).size;
    ctx.body = createReadStream(file);
  };
}

// `node test-support/hlsFixture.mjs` makes it and prints where.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const dir = hlsFixture(root);
  console.log(dir);
  console.log(readFileSync(path.join(dir, 'master.m3u8'), 'utf8'));
}
