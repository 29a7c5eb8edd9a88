/**
 * A teacher's video upload, through the running server: stored, queued, transcoded by the server's own
 * worker into a whole HLS rendition beside the file, and removed with it when the file is released.
 * A server without video settings (TRANSCODE=0) queues nothing.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import { uploadWhole } from './filesKit.js';
import { releaseFileInfo } from '../src/files/fileRelease.js';
import { findVideoTools, type VideoTools } from '../src/video/ffmpegBinary.js';
import { readManifest } from '../src/video/rendition.js';
import { encodeTests, h264Clip, sharedClipDir } from '../src/video/testClips.js';

const CHUNK = 256 * 1024;
const found = await findVideoTools();

async function contentOf(h: Harness, fileInfoId: number) {
  const [row] = await h.query<{ sha: string; key: string }>(
    'SELECT c.sha256 AS sha, c.storage_key AS key FROM file_infos f JOIN file_contents c ON c.sha256 = f.content_sha256 WHERE f.id = $1',
    [fileInfoId],
  );
  return row!;
}

describe.skipIf(!found.ok || !encodeTests)('a video upload on a server that transcodes', () => {
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
    const { sha, key } = await contentOf(h, answer.data.fileInfoId);
    const videos = h.app.ctx.files!.videos;
    expect(videos.unavailable).toBeNull();

    await expect.poll(async () => (await videos.jobs.get(sha))?.state, { timeout: 120_000, interval: 200 }).toBe('done');
    const job = (await videos.jobs.get(sha))!;
    expect(job).toMatchObject({ fileName: '第一课 导入.mp4', progress: 1, attempts: 1 });
    const manifest = (await readManifest(h.app.ctx.files!.store, key))!;
    expect(manifest.rungs.map((r) => `${r.name} ${r.width}x${r.height}`)).toEqual(['360p 640x360']);
    expect(manifest.files.map((f) => f.name)).toEqual(expect.arrayContaining(['master.m3u8', '360p/index.m3u8', '360p/s00000.ts', 'poster.jpg', 'thumbs.vtt']));
    // The same bytes again (秒传 or another teacher) make no second job.
    expect(await videos.jobs.enqueue(sha, 'copy.mp4')).toBe(false);

    await h.db.orm.transaction((tx) => releaseFileInfo(tx, h.app.ctx.files!.store, answer.data.fileInfoId));
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
