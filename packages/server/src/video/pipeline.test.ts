import { cp, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness.js';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { fileContents } from '../db/schema.js';
import { LocalObjectStore } from '../files/localObjectStore.js';
import { contentKey } from '../files/fileStore.js';
import { findVideoTools, type VideoTools } from './ffmpegBinary.js';
import { VideoJobs } from './jobQueue.js';
import { clearWork, sourceFiles, videoJobRunner } from './pipeline.js';
import { readManifest, renditionKey } from './rendition.js';
import { corruptClip, h264Clip, sharedClipDir, encodeTests, ENCODE_TIMEOUT_MS } from './testClips.js';
import { startVideoWorker } from './worker.js';

const found = await findVideoTools({ FFMPEG_PATH: process.env.FFMPEG_PATH, FFPROBE_PATH: process.env.FFPROBE_PATH });

describe.skipIf(!found.ok || !encodeTests)('a queued upload becomes a whole rendition in the store', { timeout: ENCODE_TIMEOUT_MS }, () => {
  let tools: VideoTools;
  let db: Database;
  let dispose: (() => Promise<void>) | undefined;
  let dir: string;
  let clips: string;
  let filesDir: string;
  let store: LocalObjectStore;

  beforeAll(async () => {
    tools = (found as { tools: VideoTools }).tools;
    clips = await sharedClipDir(tools);
    ({ db, dispose } = await openTestDatabase());
    await migrate(db);
    dir = await mkdtemp(path.join(tmpdir(), 'ds-pipeline-'));
    filesDir = path.join(dir, 'files');
    store = new LocalObjectStore(filesDir);
  });
  afterAll(async () => {
    await dispose?.();
    await rm(dir, { recursive: true, force: true });
  });

  /** Stores `file` as a content the way a finished upload does (disk storage). */
  async function stored(file: string): Promise<{ sha: string; key: string }> {
    const sha = randomBytes(32).toString('hex');
    const key = contentKey(sha);
    await cp(file, path.join(filesDir, key));
    await db.orm.insert(fileContents).values({ sha256: sha, md5: randomBytes(16).toString('hex'), size: (await stat(file)).size, store: 'local', storageKey: key, mime: 'video/mp4', createdAt: Date.now() });
    return { sha, key };
  }

  it('transcodes, makes the pictures and stores every file with the manifest; a corrupt file fails with its name', async () => {
    const good = await stored(await h264Clip(tools, clips, { size: '1280x720', seconds: 3 }));
    const bad = await stored(await corruptClip(dir));
    const jobs = new VideoJobs(db);
    await jobs.enqueue(good.sha, '第一课.mp4');
    await jobs.enqueue(bad.sha, '第二课.mp4');
    const workRoot = path.join(filesDir, 'tmp', 'video');
    // What a server killed during a job leaves behind is cleared before the worker starts.
    await mkdir(path.join(workRoot, 'abc-123', 'hls.part-0011'), { recursive: true });
    await writeFile(path.join(workRoot, 'source-00'), 'partial download');
    expect(await clearWork(workRoot)).toBe(2);
    expect(await readdir(workRoot)).toEqual([]);
    const worker = startVideoWorker({
      db,
      jobs,
      concurrency: 1,
      pollMs: 100,
      run: videoJobRunner({ db, store, tools, workRoot, sourceFile: sourceFiles(store, filesDir, workRoot), now: Date.now }),
    });
    const end = Date.now() + ENCODE_TIMEOUT_MS - 20_000;
    while (!['done', 'failed'].includes((await jobs.get(good.sha))!.state) || !['done', 'failed'].includes((await jobs.get(bad.sha))!.state)) {
      if (Date.now() > end) throw new Error('jobs did not finish');
      await new Promise((r) => setTimeout(r, 50));
    }
    await worker.stop();

    expect(await jobs.get(good.sha)).toMatchObject({ state: 'done', progress: 1 });
    const manifest = (await readManifest(store, good.key))!;
    expect(manifest.rungs.map((r) => r.name)).toEqual(['360p', '540p', '720p']);
    expect(manifest.poster).toBe('poster.jpg');
    const names = manifest.files.map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining(['master.m3u8', '360p/index.m3u8', '360p/s00000.ts', '720p/s00000.ts', 'poster.jpg', 'sprite-0.jpg', 'thumbs.vtt']));
    for (const f of manifest.files) {
      expect(f.key).toBe(renditionKey(good.key, f.name));
      expect((await store.stat(f.key))?.size).toBe(f.size);
    }
    expect(manifest.files.find((f) => f.name === '360p/s00000.ts')?.type).toBe('video/mp2t');

    const failed = (await jobs.get(bad.sha))!;
    expect(failed.state).toBe('failed');
    expect(failed.errorZh).toMatch(/^无法读取视频文件“第二课\.mp4”：文件已损坏或不是视频/);
    expect(await readManifest(store, bad.key)).toBeNull();
    // Nothing of either job is left in the work folder.
    expect(await readdir(workRoot)).toEqual([]);
  });
});
