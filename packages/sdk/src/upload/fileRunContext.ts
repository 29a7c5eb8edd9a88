import type { FileApi } from './fileApi.js';
import type { Job } from './fileJob.js';
import { estimateEta } from './speedMeter.js';
import { transition } from './stateMachine.js';
import type { FileSource } from './fileSource.js';
import type { UploadStatus } from './stateMachine.js';
import type { ResolvedUploaderOptions } from './uploaderOptions.js';
import { percentOf, type UploadFile } from './uploaderStore.js';

/** What one step of a file's upload may see and do; the uploader supplies it for each run. */
export interface FileRunContext {
  readonly source: FileSource;
  readonly options: ResolvedUploaderOptions;
  readonly api: FileApi;
  /** Aborted by pause, cancel and destroy. */
  readonly signal: AbortSignal;
  /** Key of this file in the resume store. */
  readonly fingerprint: string;
  current(): UploadFile;
  /** Changes status through the state machine. */
  move(to: UploadStatus, patch?: Partial<UploadFile>): void;
  /** Changes fields, keeping the status. */
  patch(patch: Partial<UploadFile>): void;
  /** Reports the bytes uploaded so far (acknowledged plus in flight); feeds speed and ETA. */
  progress(uploadedBytes: number): void;
}

export interface FileRunContextInput {
  id: string;
  job: Job;
  signal: AbortSignal;
  options: ResolvedUploaderOptions;
  api: FileApi;
  find(id: string): UploadFile | undefined;
  update(id: string, change: (file: UploadFile) => UploadFile): void;
}

export function createFileRunContext({ id, job, signal, options, api, find, update }: FileRunContextInput): FileRunContext {
  // A run that was paused or cancelled may still be unwinding: it must not write any more.
  const live = () => !signal.aborted;
  return {
    source: job.source,
    options,
    api,
    signal,
    fingerprint: job.fingerprint,
    current: () => find(id)!,
    move(to, patch) {
      if (live()) update(id, (file) => transition(file, to, patch));
    },
    patch(patch) {
      if (live()) update(id, (file) => ({ ...file, ...patch }));
    },
    progress(uploadedBytes) {
      if (!live()) return;
      job.meter.sample(options.clock.now(), uploadedBytes);
      const speed = job.meter.speed();
      update(id, (file) => ({
        ...file,
        uploadedBytes,
        percent: percentOf(uploadedBytes, file.size),
        speed,
        eta: estimateEta(file.size - uploadedBytes, speed),
      }));
    },
  };
}
