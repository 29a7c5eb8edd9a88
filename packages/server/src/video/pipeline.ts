/**
 * The work of one job (worker.ts runs it): source → probe → one ffmpeg pass → poster and sprite →
 * into the store with the manifest last. Progress: the pass is 90 % of the work, the pictures 7 %,
 * the copy into the store the rest.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { fileContents } from '../db/schema.js';
import type { ObjectStore } from '../files/fileStore.js';
import type { VideoTools } from './ffmpegBinary.js';
import { ladderFor } from './ladder.js';
import { makePoster, makeSprite } from './poster.js';
import { probeVideo } from './probe.js';
import { publishRendition, readManifest } from './rendition.js';
import { transcode } from './transcode.js';
import type { JobRunner } from './worker.js';

export interface SourceFile {
  path: string;
  /** Removes a downloaded copy; nothing for a file read where it is stored. */
  release(): Promise<void>;
}

/**
 * The stored file as a path ffmpeg can open: on disk, the file itself (never copied: a lesson is
 * gigabytes); in a bucket, a download into the work folder.
 */
export function sourceFiles(store: ObjectStore, filesDir: string | null, workRoot: string) {
  return async (content: { storageKey: string; size: number }, signal?: AbortSignal): Promise<SourceFile> => {
    if (store.kind === 'local' && filesDir) return { path: path.join(filesDir, content.storageKey), release: async () => undefined };
    await mkdir(workRoot, { recursive: true });
    const file = path.join(workRoot, `source-${randomBytes(8).toString('hex')}`);
    await pipeline(await store.readRange(content.storageKey, 0, content.size - 1), createWriteStream(file), { signal });
    return { path: file, release: () => rm(file, { force: true }) };
  };
}

/**
 * Empties the work folder at start: whatever is there belongs to jobs of an earlier run of this
 * process (a killed server leaves its `.part-` folders and downloaded sources), since DATA_DIR is one
 * process's (its lock file refuses a second server). Their jobs are taken up again from the queue.
 */
export async function clearWork(workRoot: string): Promise<number> {
  const entries = await readdir(workRoot).catch(() => [] as string[]);
  for (const entry of entries) await rm(path.join(workRoot, entry), { recursive: true, force: true });
  return entries.length;
}

export interface PipelineDeps {
  db: Database;
  store: ObjectStore;
  tools: VideoTools;
  /** A folder on the store's disk (disk storage: under DATA_DIR/files/tmp), so the result is renamed into place, not copied. */
  workRoot: string;
  sourceFile: ReturnType<typeof sourceFiles>;
  now: () => number;
  /** x264 preset and threads, for the benchmark and for machines other than 2 cores. */
  preset?: string;
  threads?: number;
}

export function videoJobRunner(deps: PipelineDeps): JobRunner {
  return async (job, ctx) => {
    const [content] = await deps.db.orm
      .select({ storageKey: fileContents.storageKey, size: fileContents.size })
      .from(fileContents)
      .where(eq(fileContents.sha256, job.contentSha256));
    if (!content) throw new Error('文件已删除');
    // An earlier attempt that stored everything but died before it could say so.
    if (await readManifest(deps.store, content.storageKey)) return;
    const source = await deps.sourceFile(content, ctx.signal);
    const work = path.join(deps.workRoot, `${job.contentSha256.slice(0, 16)}-${randomBytes(6).toString('hex')}`);
    try {
      const probe = await probeVideo(deps.tools.ffprobe.path, source.path, job.fileName, ctx.signal);
      const out = path.join(work, 'hls');
      const rendition = await transcode({
        ffmpeg: deps.tools.ffmpeg.path,
        ffprobe: deps.tools.ffprobe.path,
        input: source.path,
        fileName: job.fileName,
        outDir: out,
        probe,
        rungs: ladderFor(probe),
        preset: deps.preset,
        threads: deps.threads,
        signal: ctx.signal,
        onProgress: (f) => ctx.progress(f * 0.9),
      });
      await makePoster(deps.tools.ffmpeg.path, source.path, job.fileName, probe, path.join(out, 'poster.jpg'), ctx.signal);
      ctx.progress(0.93);
      await makeSprite(deps.tools.ffmpeg.path, source.path, job.fileName, probe, out, ctx.signal);
      ctx.progress(0.97);
      await publishRendition(
        deps.store,
        content.storageKey,
        out,
        {
          duration: rendition.duration,
          rungs: rendition.rungs.map((r) => ({ name: r.name, width: r.width, height: r.height, peakBitrate: r.peakBitrate, averageBitrate: r.averageBitrate })),
          poster: 'poster.jpg',
          thumbnails: 'thumbs.vtt',
        },
        deps.now(),
        ctx.signal,
      );
      ctx.progress(1);
    } finally {
      await rm(work, { recursive: true, force: true });
      await source.release();
    }
  };
}
