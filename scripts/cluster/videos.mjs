// A lesson video in the cluster (docs/video.md, "Scaling"): uploaded through nginx, transcoded once by
// whichever instance takes the job, and its stream served alike by every instance from the bucket.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { call, token } from './http.mjs';
import { waitFor } from './cluster.mjs';

const SECONDS = 3;
const md5 = (bytes) => createHash('md5').update(bytes).digest('hex');

/** A short H.264 + AAC clip made by the packaged ffmpeg (the binary the instances transcode with). */
function makeClip() {
  const require = createRequire(join(process.cwd(), 'packages/server/package.json'));
  const ffmpeg = join(require.resolve('@ffmpeg-installer/linux-x64/package.json'), '..', 'ffmpeg');
  const folder = mkdtempSync(join(tmpdir(), 'ds-cluster-video-'));
  try {
    const file = join(folder, 'clip.mp4');
    execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', `testsrc2=size=960x540:rate=25`, '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(SECONDS),
      '-metadata', `comment=${Date.now()}-${Math.random()}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file], { env: { ...process.env, GCONV_PATH: '/nonexistent/ds-no-gconv' } });
    return readFileSync(file);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** One-chunk upload through the chunk route, as the SDK's engine sends it. */
async function upload(base, teacher, bytes, fileName) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ chunkSize: String(bytes.length), extension: 'mp4', fileMd5: md5(bytes), fileName, filePath: '-1', totalSize: String(bytes.length), supportSourceFlag: '0', storageType: '4', chunk: '0', chunks: '1' })) form.append(k, v);
  form.append('file', new Blob([bytes], { type: 'video/mp4' }), fileName);
  const response = await fetch(`${base}/api/file/v1/file/block`, { method: 'POST', headers: { authorization: teacher }, body: form });
  const answer = await response.json();
  assert.equal(answer.status, 200, `upload: ${answer.status} ${answer.message}`);
  assert.ok(answer.data.fileInfo, 'the one chunk completes the file');
  return String(answer.data.fileInfoId);
}

/** The master playlist, each rung's playlist and every segment from `base`, by name → md5. */
async function streamFrom(base, hlsUrl) {
  const seen = new Map();
  const master = new URL(hlsUrl, base);
  const get = async (url) => {
    const response = await fetch(url);
    assert.equal(response.status, 200, `${url.pathname}: HTTP ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  };
  const masterBytes = await get(master);
  seen.set('master.m3u8', md5(masterBytes));
  for (const rung of masterBytes.toString('utf8').split('\n').filter((line) => line.endsWith('.m3u8'))) {
    const playlistUrl = new URL(rung, master);
    const playlist = await get(playlistUrl);
    seen.set(rung, md5(playlist));
    const segments = playlist.toString('utf8').split('\n').filter((line) => line.endsWith('.ts'));
    assert.ok(segments.length > 0, `${rung} lists segments`);
    for (const name of segments) {
      const bytes = await get(new URL(name, playlistUrl));
      assert.equal(bytes[0], 0x47, `${rung} ${name} is MPEG-TS`);
      seen.set(`${rung} ${name}`, md5(bytes));
    }
  }
  return seen;
}

export const videoChecks = [
  [
    'a video uploaded through nginx is transcoded once, by one instance, and every instance serves its stream from the bucket',
    async (c) => {
      const teacher = await token(c.nginx.base, 'teacher');
      const fileInfoId = await upload(c.nginx.base, teacher, makeClip(), '集群-转码.mp4');
      const saved = await call(c.nginx.base, 'POST', '/cloudSchool/v1/cloudLesson/save', {
        token: teacher,
        body: { title: `集群转码 ${Date.now()}`, stage: 2, subjectCode: 214, grade: 3, resources: [{ title: '集群转码', fileInfoId, durationSeconds: SECONDS }] },
      });
      assert.equal(saved.status, 200, `save: ${saved.message}`);
      const lessonId = saved.data.lessonId;
      await waitFor(
        async () => {
          const states = await call(c.nginx.base, 'POST', '/cloudSchool/v1/cloudLesson/getVideoStates', { token: teacher, body: { lessonIds: [lessonId] } });
          const video = states.data?.lessons?.[0]?.videos?.[0];
          assert.notEqual(video?.state, 'failed', `the job failed: ${video?.error}`);
          return video?.state === 'done';
        },
        'the video to be transcoded',
        240_000,
        250,
      );
      // One job, one pass: the instances raced for it and one won.
      const db = new pg.Client({ connectionString: c.pg.url });
      await db.connect();
      try {
        const { rows } = await db.query('SELECT j.state, j.attempts FROM video_jobs j JOIN file_infos f ON f.content_sha256 = j.content_sha256 WHERE f.id = $1', [Number(fileInfoId)]);
        assert.deepEqual(rows, [{ state: 'done', attempts: 1 }]);
      } finally {
        await db.end();
      }
      const resources = await call(c.nginx.base, 'GET', `/cloudSchool/v1/cloudLesson/getResourceVideo?lessonId=${lessonId}`, { token: teacher });
      const hlsUrl = resources.data?.[0]?.hlsUrl;
      assert.match(String(hlsUrl), /\/hls\/.*master\.m3u8$/, 'the lesson answers its stream');
      // Each instance directly (not through nginx): the same playlists and segments, byte for byte.
      const [first, ...others] = await Promise.all(c.servers.map((s) => streamFrom(`http://127.0.0.1:${s.port}`, hlsUrl)));
      assert.ok(first.size >= 4, `a master, a rung and segments (${[...first.keys()].join(', ')})`);
      for (const other of others) assert.deepEqual(other, first);
      console.log(`    ${first.size} files of the stream served alike by ${c.servers.length} instances`);
    },
  ],
];
