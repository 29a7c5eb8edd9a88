/**
 * The whole-file MD5 and sha256 of a chunked upload, computed while the upload is still arriving:
 * each chunk is fed as soon as it and every chunk before it are durable, so when the last chunk
 * lands only that chunk is left to hash. The hashing runs on a worker thread (MD5 costs ~3 s per GB
 * on one core) reading the upload's data file, so the event loop keeps receiving chunks meanwhile.
 * Hash state lives in memory only: after a restart, or for an upload this process never saw, the
 * assembler feeds every chunk again from disk.
 */
import { Worker } from 'node:worker_threads';
import type { Digest } from './streamDigest.js';

// Plain CommonJS evaluated in the worker, so the server bundle needs no extra entry file.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { openSync, readSync, closeSync } = require('node:fs');
const states = new Map();
const buffer = Buffer.allocUnsafe(4 << 20);
function feed(state, file, start, end) {
  const fd = openSync(file, 'r');
  try {
    for (let at = start; at < end; ) {
      const n = readSync(fd, buffer, 0, Math.min(buffer.length, end - at), at);
      if (n === 0) throw new Error('the data file ends at ' + at + ', expected ' + end + ' bytes');
      const part = buffer.subarray(0, n);
      state.md5.update(part);
      state.sha.update(part);
      at += n;
    }
    state.size += end - start;
  } finally {
    closeSync(fd);
  }
}
parentPort.on('message', (m) => {
  let state = states.get(m.key);
  if (m.op === 'feed') {
    if (!state) states.set(m.key, (state = { md5: createHash('md5'), sha: createHash('sha256'), size: 0, error: undefined }));
    if (state.error) return;
    try { feed(state, m.file, m.start, m.end); } catch (err) { state.error = String(err && err.message || err); }
  } else if (m.op === 'digest') {
    states.delete(m.key);
    if (!state) parentPort.postMessage({ id: m.id, error: 'nothing was hashed' });
    else if (state.error) parentPort.postMessage({ id: m.id, error: state.error });
    else parentPort.postMessage({ id: m.id, size: state.size, md5: state.md5.digest('hex'), sha256: state.sha.digest('hex') });
  } else if (m.op === 'drop') {
    states.delete(m.key);
  }
});
`;

interface Reply {
  id: number;
  error?: string;
  size?: number;
  md5?: string;
  sha256?: string;
}

/** One worker thread for every upload of the process; it never keeps the process alive. */
class HashWorker {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve(d: Digest): void; reject(e: Error): void }>();

  private get thread(): Worker {
    if (!this.worker) {
      const worker = new Worker(WORKER_SOURCE, { eval: true });
      worker.unref();
      worker.on('message', (reply: Reply) => this.settle(reply));
      worker.on('error', (err) => this.failAll(err));
      worker.on('exit', () => {
        this.worker = undefined;
        this.failAll(new Error('the hashing thread stopped'));
      });
      this.worker = worker;
    }
    return this.worker;
  }

  feed(key: string, file: string, start: number, end: number): void {
    this.thread.postMessage({ op: 'feed', key, file, start, end });
  }

  digest(key: string): Promise<Digest> {
    const id = this.nextId++;
    return new Promise<Digest>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.thread.ref();
      this.thread.postMessage({ op: 'digest', key, id });
    });
  }

  drop(key: string): void {
    this.worker?.postMessage({ op: 'drop', key });
  }

  private settle(reply: Reply): void {
    const waiter = this.waiting.get(reply.id);
    this.waiting.delete(reply.id);
    if (this.waiting.size === 0) this.worker?.unref();
    if (!waiter) return;
    if (reply.error) waiter.reject(new Error(`hashing the upload failed: ${reply.error}`));
    else waiter.resolve({ size: reply.size!, md5: reply.md5!, sha256: reply.sha256!, head: Buffer.alloc(0) });
  }

  private failAll(err: Error): void {
    for (const waiter of this.waiting.values()) waiter.reject(err);
    this.waiting.clear();
  }
}

const shared = new HashWorker();

export interface ChunkSpan {
  index: number;
  start: number;
  end: number;
}

/** Feeds one upload's chunks to the worker in index order, whatever order they become durable in. */
class UploadHash {
  private next = 0;
  private readonly ready = new Map<number, ChunkSpan>();
  touchedAt = Date.now();

  constructor(
    private readonly key: string,
    private readonly file: string,
  ) {}

  held(span: ChunkSpan): void {
    this.touchedAt = Date.now();
    if (span.index < this.next) return;
    this.ready.set(span.index, span);
    for (let s = this.ready.get(this.next); s; s = this.ready.get(this.next)) {
      this.ready.delete(this.next);
      shared.feed(this.key, this.file, s.start, s.end);
      this.next += 1;
    }
  }

  /** Resolves once every chunk was fed; `count` chunks are expected. */
  digest(count: number): Promise<Digest> {
    if (this.next !== count) return Promise.reject(new Error(`only ${this.next} of ${count} chunks were hashed`));
    return shared.digest(this.key);
  }

  drop(): void {
    shared.drop(this.key);
  }
}

const IDLE_MS = 3600_000;

/** The running hashes of the uploads this process is receiving, by upload id. */
export class FileHashes {
  private readonly uploads = new Map<string, UploadHash>();
  private generation = 0;

  /** Tells the hash that chunk `span.index` is durable in `file`. */
  held(uploadId: string, file: string, span: ChunkSpan): void {
    let hash = this.uploads.get(uploadId);
    if (!hash) {
      this.pruneIdle();
      hash = new UploadHash(`${uploadId}:${this.generation++}`, file);
      this.uploads.set(uploadId, hash);
    }
    hash.held(span);
  }

  /**
   * The digest of every chunk in `spans` (all of the upload's chunks, in order). Chunks this process
   * has not seen (a restart) are fed now; the running hash is used up either way.
   */
  async digest(uploadId: string, file: string, spans: ChunkSpan[]): Promise<Digest> {
    for (const span of spans) this.held(uploadId, file, span);
    const hash = this.uploads.get(uploadId)!;
    this.uploads.delete(uploadId);
    return hash.digest(spans.length);
  }

  forget(uploadId: string): void {
    this.uploads.get(uploadId)?.drop();
    this.uploads.delete(uploadId);
  }

  private pruneIdle(): void {
    const before = Date.now() - IDLE_MS;
    for (const [id, hash] of this.uploads) if (hash.touchedAt < before) this.forget(id);
  }
}
