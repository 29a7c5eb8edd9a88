import { Codes } from '../errors/index.js';
import { createFileApi } from './fileApi.js';
import type { Job } from './fileJob.js';
import { createFileList } from './fileList.js';
import { createFileQueue } from './fileQueue.js';
import { createFileRunner } from './fileRestarts.js';
import { fileSourceFromBlob, isFileSource, type FileSource } from './fileSource.js';
import { uploadFingerprint } from './resumeStore.js';
import { createSpeedMeter } from './speedMeter.js';
import { resolveUploaderOptions, withSettings, type UploaderOptions, type UploaderSettings } from './uploaderOptions.js';
import { createUploaderStore, createUploadFile, type UploaderStore, type UploadNotice } from './uploaderStore.js';
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

/**
 * The upload engine: a list of files (the store), a queue that runs `parallelFiles` of them at once,
 * and for each file a run of the pipeline that restarts it when that may help. The methods below are
 * the user's controls; each one is a move of the file's state machine.
 */
export function createUploader(input: UploaderOptions): Uploader {
  let options = resolveUploaderOptions(input);
  const api = createFileApi(options.http, () => options.requestOptions());
  const store = createUploaderStore();
  const list = createFileList(store, () => options.clock.now());
  const jobs = new Map<string, Job>();
  const runFile = createFileRunner({ api, list, options: () => options, forget: (id) => jobs.delete(id) });
  const queue = createFileQueue({ jobs, limit: () => options.parallelFiles, run: runFile });
  let nextId = 1;

  function add(files: Iterable<Blob | FileSource> | ArrayLike<Blob | FileSource>) {
    const sources = Array.from(files as Iterable<Blob | FileSource>, (file) => (isFileSource(file) ? file : fileSourceFromBlob(file)));
    const held = store.getState().files.filter((file) => file.status !== 'cancelled').length;
    const selection = validateSelection(sources, options.rules, held);
    const notices = selection.notices.map((error) => list.notify(error));
    const accepted = selection.accepted.map((source) => {
      const id = `upload-${nextId++}`;
      jobs.set(id, {
        source,
        options,
        fingerprint: uploadFingerprint(source, options.apiBase, options.userKey()),
        memory: { sample: undefined, chunkSize: options.chunkSize, askServer: false, compared: false },
        meter: createSpeedMeter(options.speedWindowMs),
        controller: undefined,
      });
      return createUploadFile(id, source);
    });
    list.write([...store.getState().files, ...accepted]);
    if (options.autoStart) accepted.forEach((file) => queue.enqueue(file.id));
    return { accepted: accepted.map((file) => file.id), notices };
  }

  function cancel(id: string) {
    const job = jobs.get(id);
    const fileMd5 = list.find(id)?.fileMd5;
    if (!job || !list.move(id, 'cancelled', { speed: 0, eta: undefined })) return;
    queue.unqueue(id);
    queue.release(job);
    options.resumeStore.remove(job.fingerprint);
    // The server drops what it holds of the file at once, so its room in the quota is free again (not
    // only after the server's sweep). Best effort: a file that never reached it answers "nothing to cancel".
    if (fileMd5) void api.cancelUpload({ fileMd5, fileName: job.source.name, totalSize: job.source.size }).catch(() => undefined);
  }

  function retry(id: string) {
    const file = list.find(id);
    const job = jobs.get(id);
    // A file still inside its automatic restart is already being retried.
    if (!file || !job || file.status !== 'failed' || job.controller) return;
    if (file.error?.code === Codes.FILE_MD5_MISMATCH) {
      // The bytes changed since they were hashed: start over from a fresh MD5.
      options.resumeStore.remove(job.fingerprint);
      list.update(id, (current) => ({ ...current, fileMd5: undefined, fileInfoId: undefined }));
      job.memory.askServer = false;
      job.memory.compared = false;
    } else {
      job.memory.askServer = true;
    }
    list.update(id, (current) => ({ ...current, restarts: 0 }));
    queue.enqueue(id);
  }

  return {
    store,
    add,
    start(id) {
      const ids = id === undefined ? store.getState().files.map((file) => file.id) : [id];
      ids.filter((fileId) => list.find(fileId)?.status === 'added').forEach(queue.enqueue);
    },
    pause(id) {
      const job = jobs.get(id);
      if (!job || !list.move(id, 'paused', { speed: 0, eta: undefined })) return;
      queue.release(job);
      job.meter.reset();
      job.memory.askServer = true;
    },
    resume(id) {
      if (list.find(id)?.status === 'paused') queue.enqueue(id);
    },
    cancel,
    retry,
    remove(id) {
      const file = list.find(id);
      if (!file) return;
      if (file.status !== 'done' && file.status !== 'cancelled') cancel(id);
      queue.unqueue(id);
      jobs.delete(id);
      list.remove(id);
    },
    configure(change) {
      options = withSettings(options, change);
    },
    idle: () => queue.idle(),
    destroy: () => queue.stop(),
  };
}
