/**
 * The video pipeline inside a running server: finds ffmpeg once at start, queues every stored video
 * for transcoding, and runs this instance's worker (`TRANSCODE_CONCURRENCY` passes at once, none with
 * `0`). Queuing and transcoding are separate decisions so that web-only instances of a cluster queue
 * the uploads they receive while other instances encode them (docs/video.md, "Scaling").
 */
import path from 'node:path';
import type { Database } from '../db/database.js';
import type { ObjectStore } from '../files/fileStore.js';
import type { ContentRow } from '../files/fileRows.js';
import { setToolNiceness, videoTools, type VideoToolsAnswer } from './ffmpegBinary.js';
import { VideoJobs } from './jobQueue.js';
import { clearWork, sourceFiles, videoJobRunner } from './pipeline.js';
import { startVideoWorker, type VideoWorker } from './worker.js';

export interface VideoSettings {
  /** `TRANSCODE=0`: no video is queued; lessons play their files as uploaded. */
  transcode: boolean;
  /** ffmpeg passes this instance runs at once (`TRANSCODE_CONCURRENCY`, default 1); 0: it only queues. */
  concurrency: number;
  /**
   * ffmpeg's niceness (`TRANSCODE_NICENESS`, default 10: below the web requests). 0 for an instance that
   * only transcodes, or where an encode must not wait for other work.
   */
  niceness?: number;
}

export interface VideoService {
  jobs: VideoJobs;
  /** Why videos are not transcoded here, when they are not (no ffmpeg, or turned off); null when they are. */
  unavailable: { zh: string; en: string } | null;
  /** Queues a stored content when it is a video (called once the upload is stored). */
  schedule(content: ContentRow, fileName: string): void;
  /** This instance's worker, when it runs one. */
  worker: VideoWorker | null;
  /** Stops the worker: running passes are stopped and handed back to the queue. */
  stop(): Promise<void>;
}

export const isVideo = (mime: string) => mime.startsWith('video/');

const OFF = { zh: '服务器未开启视频转码（TRANSCODE=0），视频按原文件播放', en: 'video transcoding is turned off (TRANSCODE=0); videos play as uploaded' };

export interface VideoServiceDeps {
  db: Database;
  store: ObjectStore;
  /** The store's folder on this disk (disk storage), or null (a bucket). */
  filesDir: string | null;
  /** Where passes write before their result moves into the store: on the store's disk for disk storage. */
  workRoot: string;
  settings: VideoSettings | undefined;
  now: () => number;
  log: (message: string, error?: unknown) => void;
  /** The binaries; found once per process by default. */
  tools?: () => Promise<VideoToolsAnswer>;
}

export async function startVideoService(deps: VideoServiceDeps): Promise<VideoService> {
  const jobs = new VideoJobs(deps.db, deps.now);
  // The embedded database after a crash: the jobs the dead process ran are this one's to resume now.
  if (deps.db.sole) {
    const resumed = await jobs.releaseAll();
    if (resumed > 0) deps.log(`上次运行中断的 ${resumed} 个转码任务已重新排队`);
  }
  const settings = deps.settings ?? { transcode: false, concurrency: 0 };
  let unavailable: VideoService['unavailable'] = settings.transcode ? null : OFF;
  let worker: VideoWorker | null = null;
  if (settings.transcode && settings.concurrency > 0) {
    if (settings.niceness !== undefined) setToolNiceness(settings.niceness);
    const found = await (deps.tools ?? videoTools)();
    if (!found.ok) {
      // This instance cannot encode; with no other instance meant to, nothing would ever take a job.
      unavailable = found.reason;
      deps.log(`视频转码不可用：${found.reason.zh} / video transcoding unavailable: ${found.reason.en}`);
    } else {
      const removed = await clearWork(deps.workRoot);
      if (removed > 0) deps.log(`已清理上次运行留下的 ${removed} 个转码临时目录`);
      worker = startVideoWorker({
        db: deps.db,
        jobs,
        concurrency: settings.concurrency,
        now: deps.now,
        log: deps.log,
        run: videoJobRunner({
          db: deps.db,
          store: deps.store,
          tools: found.tools,
          workRoot: deps.workRoot,
          sourceFile: sourceFiles(deps.store, deps.filesDir, path.join(deps.workRoot, 'sources')),
          now: deps.now,
        }),
      });
    }
  }
  const queues = settings.transcode && unavailable === null;
  return {
    jobs,
    unavailable,
    worker,
    schedule(content, fileName) {
      if (!queues || !isVideo(content.mime)) return;
      void jobs
        .enqueue(content.sha256, fileName)
        .then((made) => {
          if (made) worker?.wake();
        })
        .catch((error: unknown) => deps.log(`视频未能加入转码队列：${fileName}`, error));
    },
    stop: async () => {
      await worker?.stop();
    },
  };
}
