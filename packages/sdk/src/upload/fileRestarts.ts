import { Codes, DsError } from '../errors/index.js';
import { isAbort } from '../http/abort.js';
import { isRetryable } from '../http/retryPolicy.js';
import { sleepUnlessAborted } from './clock.js';
import type { FileApi } from './fileApi.js';
import type { Job } from './fileJob.js';
import type { FileList } from './fileList.js';
import { runFilePipeline } from './filePipeline.js';
import { createFileRunContext } from './fileRunContext.js';
import { isOutage, waitOutOutage } from './networkOutage.js';
import { toIssue } from './uploadIssue.js';
import type { ResolvedUploaderOptions } from './uploaderOptions.js';

/** Files never keep failing in a loop: a restart helps only when the failure was the network's or the server's. */
const REMOVING_CODES = new Set<number>([Codes.FILE_INFO_QUERY_FAILED, Codes.VIDEO_NOT_H264]);

export interface FileRunnerInput {
  api: FileApi;
  list: FileList;
  /** The uploader's options now (restart settings follow `configure`). */
  options(): ResolvedUploaderOptions;
  /** Takes a removed file's job out of the uploader. */
  forget(id: string): void;
}

/**
 * One turn of a file in the queue: the pipeline, run again after a dropped line (no restart spent)
 * and after a failure worth a restart; a failure that will not pass leaves the file failed, or off
 * the list when the file itself is the problem.
 */
export function createFileRunner({ api, list, options, forget }: FileRunnerInput) {
  return async function runFile(id: string, job: Job, signal: AbortSignal): Promise<void> {
    const ctx = createFileRunContext({ id, job, signal, options: job.options, api, find: list.find, update: list.update });
    for (;;) {
      try {
        await runFilePipeline(ctx, job.memory);
        return;
      } catch (error) {
        if (isAbort(error) || signal.aborted) return;
        const failure = error instanceof DsError ? error : new DsError(Codes.UPLOAD_FAILED, { cause: error });
        const file = list.find(id);
        if (!file) return;
        if (isOutage(ctx, failure)) {
          if (!(await waitOutOutage(ctx, job.memory))) return;
          job.meter.reset();
          continue;
        }
        if (REMOVING_CODES.has(failure.code)) {
          list.notify(failure, file.name);
          list.remove(id);
          forget(id);
          return;
        }
        ctx.move('failed', { error: toIssue(failure), speed: 0, eta: undefined });
        const { maxAutoRestarts, restartDelayMs, clock } = options();
        const restartable = isRetryable(failure) || failure.code === Codes.CHUNK_CONFLICT;
        if (!restartable || file.restarts >= maxAutoRestarts || !file.fileMd5) return;
        // Spec §4: a failed chunk stops the file, which starts again shortly, from the server's chunk map.
        try {
          await sleepUnlessAborted(clock, restartDelayMs, signal);
        } catch {
          return;
        }
        job.memory.askServer = true;
        ctx.patch({ restarts: file.restarts + 1 });
      }
    }
  };
}
