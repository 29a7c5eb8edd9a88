import { Codes } from '../errors/index.js';
import { sleepUnlessAborted } from './clock.js';
import { createFileApi, fileEndpoints } from './fileApi.js';
import { runFilePipeline, type FileMemory } from './filePipeline.js';
import { createFileRunContext, type FileRunContext } from './fileRunContext.js';
import { isOutage, waitOutOutage } from './networkOutage.js';
import { fileSourceFromBlob, isFileSource, type FileSource } from './fileSource.js';
import { uploadFingerprint } from './resumeStore.js';
import { isRetryable } from './retry.js';
import { createSpeedMeter, type SpeedMeter } from './speedMeter.js';
import { ACTIVE_STATUSES, canTransition, transition, type UploadStatus } from './stateMachine.js';
import { isAbort, toIssue, UploadError } from './uploadError.js';
import { resolveUploaderOptions, withSettings, type ResolvedUploaderOptions, type UploaderOptions, type UploaderSettings } from './uploaderOptions.js';
import { computeTotals, createUploaderStore, createUploadFile, type UploadFile, type UploaderStore, type UploadNotice } from './uploaderStore.js';
import { validateSelection } from './validation.js';

export interface Uploader {
  readonly store: UploaderStore;
  /** Checks and adds files; rejected ones are reported in `notices` (and in the store). */
  add(files: Iterable<Blob | FileSource> | ArrayLike<Blob | FileSource>): { accepted: string[]; notices: UploadNotice[] };
  /** Starts one added file, or every added file (only needed with `autoStart: false`). */
  start(id?: string): void;
  pause(id: string): void;
  resume(id: string): void;
  cancel(id: string): void;
  /** Tries a failed file again, from the chunks the server already holds. */
  retry(id: string): void;
  /** Cancels if needed and takes the file off the list. */
  remove(id: string): void;
  /** New rules and settings for files added from now on; files already in the list keep theirs. */
  configure(change: UploaderSettings): void;
  /** Resolves once nothing is running or waiting. */
  idle(): Promise<void>;
  destroy(): void;
}

/** Files never keep failing in a loop: a restart helps only when the failure was the network's or the server's. */
const REMOVING_CODES = new Set<number>([Codes.FILE_INFO_QUERY_FAILED, Codes.VIDEO_NOT_H264]);
const NOTICE_LIMIT = 50;

export interface Job {
  source: FileSource;
  /** The options as they were when the file was added (`configure` changes only later files). */
  options: ResolvedUploaderOptions;
  fingerprint: string;
  memory: FileMemory;
  meter: SpeedMeter;
  controller: AbortController | undefined;
}

export function createUploader(input: UploaderOptions): Uploader {
  let options = resolveUploaderOptions(input);
  const api = createFileApi({
    transport: options.transport,
    endpoints: fileEndpoints(options.apiBase, options.filePrefix),
    authHeaders: options.authHeaders,
  });
  const store = createUploaderStore();
  const jobs = new Map<string, Job>();
  const waiting: string[] = [];
  const runs = new Set<Promise<void>>();
  let running = 0;
  let nextId = 1;

  const find = (id: string) => store.getState().files.find((file) => file.id === id);
  const write = (files: UploadFile[]) => {
    const speed = files.reduce((total, file) => total + (ACTIVE_STATUSES.has(file.status) ? file.speed : 0), 0);
    store.setState({ files, totals: computeTotals(files, speed) });
  };
  const update = (id: string, change: (file: UploadFile) => UploadFile) =>
    write(store.getState().files.map((file) => (file.id === id ? change(file) : file)));
  const notify = (error: UploadError, fileName?: string) => {
    const notice: UploadNotice = { ...toIssue(error), fileName, at: options.clock.now() };
    store.setState({ notices: [...store.getState().notices, notice].slice(-NOTICE_LIMIT) });
    return notice;
  };

  function add(files: Iterable<Blob | FileSource> | ArrayLike<Blob | FileSource>) {
    const sources = Array.from(files as Iterable<Blob | FileSource>, (file) => (isFileSource(file) ? file : fileSourceFromBlob(file)));
    const held = store.getState().files.filter((file) => file.status !== 'cancelled').length;
    const selection = validateSelection(sources, options.rules, held);
    const notices = selection.notices.map((error) => notify(error));
    const accepted = selection.accepted.map((source) => {
      const id = `upload-${nextId++}`;
      const fingerprint = uploadFingerprint(source, options.apiBase, options.userKey());
      jobs.set(id, {
        source,
        options,
        fingerprint,
        memory: { sample: undefined, chunkSize: options.chunkSize, askServer: false, compared: false },
        meter: createSpeedMeter(options.speedWindowMs),
        controller: undefined,
      });
      return createUploadFile(id, source);
    });
    write([...store.getState().files, ...accepted]);
    if (options.autoStart) accepted.forEach((file) => enqueue(file.id));
    return { accepted: accepted.map((file) => file.id), notices };
  }

  function enqueue(id: string) {
    if (!waiting.includes(id)) waiting.push(id);
    pump();
  }

  function pump() {
    while (running < options.parallelFiles && waiting.length > 0) {
      const id = waiting.shift()!;
      const job = jobs.get(id);
      if (!job) continue;
      const controller = new AbortController();
      job.controller = controller;
      running += 1;
      const run = execute(id, job, controller.signal).finally(() => {
        runs.delete(run);
        if (job.controller === controller) job.controller = undefined;
        // A paused or cancelled run gave its slot back already.
        if (!controller.signal.aborted) running -= 1;
        pump();
      });
      runs.add(run);
    }
  }

  function release(job: Job) {
    if (!job.controller) return;
    job.controller.abort();
    job.controller = undefined;
    running -= 1;
  }

  async function execute(id: string, job: Job, signal: AbortSignal): Promise<void> {
    const ctx = contextFor(id, job, signal);
    for (;;) {
      try {
        await runFilePipeline(ctx, job.memory);
        return;
      } catch (error) {
        if (isAbort(error) || signal.aborted) return;
        const failure = error instanceof UploadError ? error : new UploadError(Codes.UPLOAD_FAILED, { cause: error });
        const file = find(id);
        if (!file) return;
        if (isOutage(ctx, failure)) {
          if (!(await waitOutOutage(ctx, job.memory))) return;
          job.meter.reset();
          continue;
        }
        if (REMOVING_CODES.has(failure.code)) {
          notify(failure, file.name);
          write(store.getState().files.filter((item) => item.id !== id));
          jobs.delete(id);
          return;
        }
        ctx.move('failed', { error: toIssue(failure), speed: 0, eta: undefined });
        const restartable = isRetryable(failure) || failure.code === Codes.CHUNK_CONFLICT;
        if (!restartable || file.restarts >= options.maxAutoRestarts || !file.fileMd5) return;
        // Spec §4: a failed chunk stops the file, which starts again shortly, from the server's chunk map.
        try {
          await sleepUnlessAborted(options.clock, options.restartDelayMs, signal);
        } catch {
          return;
        }
        job.memory.askServer = true;
        ctx.patch({ restarts: file.restarts + 1 });
      }
    }
  }

  function contextFor(id: string, job: Job, signal: AbortSignal): FileRunContext {
    return createFileRunContext({ id, job, signal, options: job.options, api, find, update });
  }

  function move(id: string, to: UploadStatus, patch: Partial<UploadFile> = {}): boolean {
    const file = find(id);
    if (!file || !canTransition(file.status, to)) return false;
    update(id, (current) => transition(current, to, patch));
    return true;
  }

  return {
    store,
    add,
    start(id) {
      const ids = id === undefined ? store.getState().files.map((file) => file.id) : [id];
      ids.filter((fileId) => find(fileId)?.status === 'added').forEach(enqueue);
    },
    pause(id) {
      const job = jobs.get(id);
      if (!job || !move(id, 'paused', { speed: 0, eta: undefined })) return;
      release(job);
      job.meter.reset();
      job.memory.askServer = true;
    },
    resume(id) {
      if (find(id)?.status === 'paused') enqueue(id);
    },
    cancel,
    retry(id) {
      const file = find(id);
      const job = jobs.get(id);
      // A file still inside its automatic restart is already being retried.
      if (!file || !job || file.status !== 'failed' || job.controller) return;
      if (file.error?.code === Codes.FILE_MD5_MISMATCH) {
        // The bytes changed since they were hashed: start over from a fresh MD5.
        options.resumeStore.remove(job.fingerprint);
        update(id, (current) => ({ ...current, fileMd5: undefined, fileInfoId: undefined }));
        job.memory.askServer = false;
        job.memory.compared = false;
      } else {
        job.memory.askServer = true;
      }
      update(id, (current) => ({ ...current, restarts: 0 }));
      enqueue(id);
    },
    remove(id) {
      const file = find(id);
      if (!file) return;
      if (file.status !== 'done' && file.status !== 'cancelled') cancel(id);
      removeWaiting(id);
      jobs.delete(id);
      write(store.getState().files.filter((item) => item.id !== id));
    },
    configure(change) {
      options = withSettings(options, change);
    },
    async idle() {
      while (runs.size > 0 || (waiting.length > 0 && running < options.parallelFiles)) {
        await Promise.all([...runs]);
        await Promise.resolve();
      }
    },
    destroy() {
      waiting.length = 0;
      for (const job of jobs.values()) if (job.controller) release(job);
    },
  };

  function cancel(id: string) {
    const job = jobs.get(id);
    if (!job || !move(id, 'cancelled', { speed: 0, eta: undefined })) return;
    removeWaiting(id);
    release(job);
    options.resumeStore.remove(job.fingerprint);
  }

  function removeWaiting(id: string) {
    const index = waiting.indexOf(id);
    if (index >= 0) waiting.splice(index, 1);
  }
}
