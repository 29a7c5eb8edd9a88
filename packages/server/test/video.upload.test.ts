/**
 * A teacher's video upload, through the running server: stored, queued, transcoded by the server's own
 * worker into a whole HLS rendition beside the file, and removed with it when the file is released.
 * A server without video settings (TRANSCODE=0) queues nothing.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import { uploadWhole } from './filesKit.js';
import { createLesson, publish } from './lessonHelpers.js';
import { releaseFileInfo } from '../src/files/fileRelease.js';
import { findVideoTools, type VideoTools } from '../src/video/ffmpegBinary.js';
import { readManifest } from '../src/video/rendition.js';
import { ENCODE_TIMEOUT_MS, encodeTests, h264Clip, sharedClipDir } from '../src/video/testClips.js';

const CHUNK = 256 * 1024;
const found = await findVideoTools();

async function contentOf(h: Harness, fileInfoId: number) {
  const [row] = await h.query<{ sha: string; key: string }>(
    'SELECT c.sha256 AS sha, c.storage_key AS key FROM file_infos f JOIN file_contents c ON c.sha256 = f.content_sha256 WHERE f.id = $1',
    [fileInfoId],
  );
  return row!;
}

describe.skipIf(!found.ok || !encodeTests)('a video upload on a server that transcodes', { timeout: ENCODE_TIMEOUT_MS }, () => {
  let h: Harness;
  let clip: Buffer;

  beforeAll(async () => {
    const tools = (found as { tools: VideoTools }).tools;
    clip = readFileSync(await h264Clip(tools, await sharedClipDir(tools), { size: '640x360', seconds: 2 }));
    h = await startHarness({ settings: { video: { transcode: true, concurrency: 1 } } });
  }, 180_000);
  afterAll(() => h?.close());

  it('is transcoded by the server into a whole rendition, which goes with the file when it is released', async () => {
    const teacher = await h.token('teacher');
    const answer = await uploadWhole(h, teacher, clip, '第一课 导入.mp4', CHUNK);
    expect(answer.status, answer.message).toBe(200);
    const fileInfoId = String(answer.data.fileInfoId);
    const { sha, key } = await contentOf(h, answer.data.fileInfoId);
    const videos = h.app.ctx.files!.videos;
    expect(videos.unavailable).toBeNull();

    await expect.poll(async () => (await videos.jobs.get(sha))?.state, { timeout: ENCODE_TIMEOUT_MS - 20_000, interval: 200 }).toBe('done');
    const job = (await videos.jobs.get(sha))!;
    expect(job).toMatchObject({ fileName: '第一课 导入.mp4', progress: 1, attempts: 1 });
    const manifest = (await readManifest(h.app.ctx.files!.store, key))!;
    expect(manifest.rungs.map((r) => `${r.name} ${r.width}x${r.height}`)).toEqual(['360p 640x360']);
    expect(manifest.files.map((f) => f.name)).toEqual(expect.arrayContaining(['master.m3u8', '360p/index.m3u8', '360p/s00000.ts', 'poster.jpg', 'thumbs.vtt']));
    // The same bytes again (秒传 or another teacher) make no second job.
    expect(await videos.jobs.enqueue(sha, 'copy.mp4')).toBe(false);

    // A lesson showing the upload answers the stream, the poster and the previews beside the file itself.
    const lesson = await createLesson(h, teacher, { resources: [{ title: '导入', fileInfoId, durationSeconds: 2 }] });
    await publish(h, await h.token('admin'), [lesson.lessonId]);
    const seen = await h.call('GET', `/cloudSchool/v1/cloudLesson/getResourceVideo?lessonId=${lesson.lessonId}`, { token: await h.token('student') });
    const resource = seen.data[0];
    expect(resource.playUrl).toMatch(/^\/file\/v1\/file\/media\/\d+\?e=/);
    expect(resource.hlsUrl).toMatch(new RegExp(`^/file/v1/file/media/${fileInfoId}/hls/\\d+/[\\w-]+/master\\.m3u8$`));
    expect(resource.posterUrl).toBe(resource.hlsUrl.replace('master.m3u8', 'poster.jpg'));
    expect(resource.thumbnailsUrl).toBe(resource.hlsUrl.replace('master.m3u8', 'thumbs.vtt'));

    // As a player fetches it: no token, the playlists' relative names resolve under the signed path.
    const master = await fetch(h.base + resource.hlsUrl);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(master.headers.get('cache-control')).toMatch(/^private, max-age=\d+, immutable$/);
    const masterText = await master.text();
    expect(masterText).toContain('#EXT-X-STREAM-INF');
    const media = await fetch(new URL('360p/index.m3u8', h.base + resource.hlsUrl));
    expect(media.status).toBe(200);
    const first = (await media.text()).split('\n').find((line) => line.endsWith('.ts'))!;
    const segmentUrl = new URL(first, new URL('360p/index.m3u8', h.base + resource.hlsUrl));
    const segment = await fetch(segmentUrl);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/mp2t');
    const bytes = Buffer.from(await segment.arrayBuffer());
    expect(bytes.length).toBe(manifest.files.find((f) => f.name === `360p/${first}`)!.size);
    expect(bytes[0]).toBe(0x47); // an MPEG-TS sync byte
    const range = await fetch(segmentUrl, { headers: { range: 'bytes=188-375' } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer())).toEqual(bytes.subarray(188, 376));
    expect((await fetch(h.base + resource.posterUrl)).headers.get('content-type')).toBe('image/jpeg');
    const vtt = await fetch(h.base + resource.thumbnailsUrl);
    expect(vtt.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(await vtt.text()).toMatch(/^WEBVTT/);

    // Only what the manifest names, under a signature minted for this file.
    const tampered = await h.call('GET', resource.hlsUrl.replace(/\/hls\/(\d+)\/[\w-]+\//, '/hls/$1/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/'));
    expect([tampered.http, tampered.message]).toEqual([403, '媒体链接无效：签名不符，请从课程页面重新打开']);
    const missing = await h.call('GET', resource.hlsUrl.replace('master.m3u8', '1080p/index.m3u8'));
    expect(missing.http).toBe(404);
    expect(missing.message).toContain('1080p/index.m3u8');
    for (const name of ['manifest-json', '../../../etc/passwd', 'master.m3u8%00.mp4']) {
      expect((await h.call('GET', resource.hlsUrl.replace('master.m3u8', name))).http).toBeGreaterThanOrEqual(400);
    }

    // Released once nothing names it (the lesson gone): the rendition goes with the bytes.
    await h.query('DELETE FROM lessons WHERE id = $1', [lesson.lessonId]);
    expect(await h.db.orm.transaction((tx) => releaseFileInfo(tx, h.app.ctx.files!.store, answer.data.fileInfoId))).toEqual({ file: 'removed', content: 'removed' });
    for (const f of manifest.files) expect(await h.app.ctx.files!.store.stat(f.key)).toBeNull();
    expect(await readManifest(h.app.ctx.files!.store, key)).toBeNull();
    expect(await videos.jobs.get(sha)).toBeNull();
  });
});

describe('a video upload on a server that does not transcode', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  }, 180_000);
  afterAll(() => h?.close());

  it('is stored and plays as uploaded; nothing is queued', async () => {
    const teacher = await h.token('teacher');
    // Any MP4 header will do: nothing reads it.
    const bytes = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(4096, 7)]);
    const answer = await uploadWhole(h, teacher, bytes, '第二课.mp4', CHUNK);
    expect(answer.status, answer.message).toBe(200);
    const { sha } = await contentOf(h, answer.data.fileInfoId);
    expect(h.app.ctx.files!.videos.unavailable?.zh).toContain('TRANSCODE=0');
    expect(await h.app.ctx.files!.videos.jobs.get(sha)).toBeNull();
  });
});
