import { readRange, type FileSource } from './fileSource.js';
import { DEFAULT_HASH_SLICE_SIZE, hashSlices } from './hashSlices.js';
import { hashWasmEngine, sparkMd5Engine, type Md5Engine } from './md5Engine.js';
import type { Md5WorkerReply, Md5WorkerRequest } from './md5WorkerProtocol.js';
import { abortError } from '../http/abort.js';
import { fileIoFailed } from './uploadIssue.js';

export interface HashJob {
  /** Defaults to the whole source. */
  start?: number;
  end?: number;
  signal?: AbortSignal;
  onProgress?: (hashed: number, total: number) => void;
}

/** Where hashing happens: a Web Worker in browsers, the calling thread elsewhere. */
export interface HashRunner {
  md5(source: FileSource, job?: HashJob): Promise<string>;
}

export const DEFAULT_MD5_ENGINES: readonly Md5Engine[] = [hashWasmEngine, sparkMd5Engine];

export interface HashRunnerOptions {
  engines?: readonly Md5Engine[];
  sliceSize?: number;
}

/** Hashes on the calling thread: for Node, tests and pages where workers are not allowed. */
export function createMainThreadHashRunner(options: HashRunnerOptions = {}): HashRunner {
  const engines = options.engines ?? DEFAULT_MD5_ENGINES;
  return {
    md5(source, job = {}) {
      return hashSlices((start, end) => readRange(source, start, end), job.start ?? 0, job.end ?? source.size, {
        engines,
        sliceSize: options.sliceSize ?? DEFAULT_HASH_SLICE_SIZE,
        signal: job.signal,
        onProgress: job.onProgress,
      });
    },
  };
}

/** Makes the hashing worker. Written out here so that bundlers see the worker's URL and bundle it. */
export type WorkerFactory = () => Worker;

export const defaultWorkerFactory: WorkerFactory = () =>
  new Worker(new URL('./md5.worker.js', import.meta.url), { type: 'module' });

/**
 * Hashes in a Web Worker when the source is a Blob and workers exist; otherwise (or when the worker
 * cannot start) on the calling thread. One worker per job, ended when the job ends or is aborted.
 */
export function createWorkerHashRunner(options: HashRunnerOptions & { createWorker?: WorkerFactory } = {}): HashRunner {
  const fallback = createMainThreadHashRunner(options);
  const engineNames = (options.engines ?? DEFAULT_MD5_ENGINES).map((engine) => engine.name);
  const createWorker = options.createWorker ?? defaultWorkerFactory;
  let nextId = 1;
  return {
    md5(source, job = {}) {
      if (!source.file || typeof Worker === 'undefined') return fallback.md5(source, job);
      let worker: Worker;
      try {
        worker = createWorker();
      } catch {
        return fallback.md5(source, job);
      }
      const id = nextId++;
      const start = job.start ?? 0;
      const end = job.end ?? source.size;
      return new Promise<string>((resolve, reject) => {
        const finish = () => {
          job.signal?.removeEventListener('abort', onAbort);
          worker.terminate();
        };
        const onAbort = () => {
          finish();
          reject(abortError());
        };
        if (job.signal?.aborted) return onAbort();
        job.signal?.addEventListener('abort', onAbort, { once: true });
        worker.onmessage = (event: MessageEvent<Md5WorkerReply>) => {
          const reply = event.data;
          if (reply.id !== id) return;
          if (reply.type === 'progress') job.onProgress?.(reply.hashed, reply.total);
          else if (reply.type === 'done') {
            finish();
            resolve(reply.md5);
          } else {
            finish();
            reject(reply.io ? fileIoFailed(new Error(reply.message)) : new Error(reply.message));
          }
        };
        worker.onerror = () => {
          // A worker that cannot load (CSP, old bundler output) must not stop the upload.
          finish();
          fallback.md5(source, job).then(resolve, reject);
        };
        const request: Md5WorkerRequest = {
          type: 'hash',
          id,
          file: source.file!,
          start,
          end,
          sliceSize: options.sliceSize ?? DEFAULT_HASH_SLICE_SIZE,
          engines: engineNames,
        };
        worker.postMessage(request);
      });
    },
  };
}

/** Quick fingerprint of a file's bytes: MD5 of its first and last 64 KB (used to trust a remembered upload). */
export async function sampleDigest(runner: HashRunner, source: FileSource, signal?: AbortSignal): Promise<string> {
  const span = 64 * 1024;
  const head = await runner.md5(source, { start: 0, end: Math.min(span, source.size), signal });
  const tail = await runner.md5(source, { start: Math.max(0, source.size - span), end: source.size, signal });
  return `${head}:${tail}`;
}
