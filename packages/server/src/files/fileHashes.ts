/**
 * The whole-file MD5 and sha256 of a chunked upload, computed while the upload is still arriving.
 * The hashing runs on a worker thread (MD5 costs ~1.5 s per GB on one core) reading the upload's data
 * file from the page cache, so the event loop keeps receiving chunks meanwhile. Two ways in:
 *  - the chunk that is next in order when its request starts (the first chunk and the last one, which
 *    the SDK sends alone) is hashed while it streams in: each batch is handed to the worker as soon
 *    as it is written, into a copy of the running state that becomes the state only once the chunk
 *    is durable and recorded (`begin` … `held`); a chunk that fails leaves the running state as it was;
 *  - any other chunk is fed once it and every chunk before it are durable.
 * So when the last chunk is acknowledged nothing, or one batch, is left to hash.
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
const fresh = () => ({ md5: createHash('md5'), sha: createHash('sha256'), size: 0, error: undefined, open: undefined });
// Hashes bytes start..end of the file into state (or into state.open, a chunk's tentative copy).
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
    if (!state) states.set(m.key, (state = fresh()));
    if (state.error) return;
    try { feed(state, m.file, m.start, m.end); } catch (err) { state.error = String(err && err.message || err); }
  } else if (m.op === 'begin') {
    // A chunk streams in: its batches go into a copy, so a chunk that fails leaves the state untouched.
    if (!state) states.set(m.key, (state = fresh()));
    state.open = { index: m.index, md5: state.md5.copy(), sha: state.sha.copy(), size: 0, error: undefined };
  } else if (m.op === 'part') {
    const open = state && state.open;
    if (!open || open.index !== m.index || open.error) return;
    try { feed(open, m.file, m.start, m.end); } catch (err) { open.error = String(err && err.message || err); }
  } else if (m.op === 'commit') {
    // The chunk is durable: its copy becomes the state, or, if the batches did not cover exactly the
    // chunk's bytes, the chunk is read again from the file into the untouched state.
    const open = state && state.open;
    if (state) state.open = undefined;
    if (!state || state.error) return;
    if (open && open.index === m.index && !open.error && open.size === m.end - m.start) {
      state.md5 = open.md5;
      state.sha = open.sha;
      state.size += open.size;
      return;
    }
    try { feed(state, m.file, m.start, m.end); } catch (err) { state.error = String(err && err.message || err); }
  } else if (m.op === 'abort') {
    if (state && state.open && state.open.index === m.index) state.open = undefined;
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

  /** Opens a tentative copy of the state for chunk `index`, which then receives `part`s. */
  begin(key: string, index: number): void {
    this.thread.postMessage({ op: 'begin', key, index });
  }

  part(key: string, index: number, file: string, start: number, end: number): void {
    this.thread.postMessage({ op: 'part', key, index, file, start, end });
  }

  /** Chunk `index` (bytes start..end) is durable: its tentative copy becomes the state. */
  commit(key: string, index: number, file: string, start: number, end: number): void {
    this.thread.postMessage({ op: 'commit', key, index, file, start, end });
  }

  abort(key: string, index: number): void {
    this.worker?.postMessage({ op: 'abort', key, index });
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

/** Written bytes of a chunk that streams in, told to the running hash; `end()` once the request is over. */
export interface ChunkStream {
  /** Bytes start..end (absolute offsets in the data file) were written. */
  written(start: number, end: number): void;
  /** Drops what was hashed of the chunk unless `held` has made it part of the running hash. */
  end(): void;
}

/** Feeds one upload's chunks to the worker in index order, whatever order they become durable in. */
class UploadHash {
  private next = 0;
  private readonly ready = new Map<number, ChunkSpan>();
  /** The chunk being hashed while it streams in, if any. */
  private open: number | undefined;
  touchedAt = Date.now();

  constructor(
    private readonly key: string,
    private readonly file: string,
  ) {}

  /** A stream for chunk `index` if it is the next one to hash and no other chunk streams into the hash. */
  begin(index: number): ChunkStream | undefined {
    if (index !== this.next || this.open !== undefined) return undefined;
    this.touchedAt = Date.now();
    this.open = index;
    shared.begin(this.key, index);
    return {
      written: (start, end) => {
        if (this.open === index && end > start) shared.part(this.key, index, this.file, start, end);
      },
      end: () => {
        if (this.open !== index) return;
        this.open = undefined;
        shared.abort(this.key, index);
      },
    };
  }

  held(span: ChunkSpan): void {
    this.touchedAt = Date.now();
    if (span.index < this.next) return;
    this.ready.set(span.index, span);
    for (let s = this.ready.get(this.next); s; s = this.ready.get(this.next)) {
      this.ready.delete(this.next);
      if (this.open === s.index) {
        this.open = undefined;
        shared.commit(this.key, s.index, this.file, s.start, s.end);
      } else shared.feed(this.key, this.file, s.start, s.end);
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

/**
 * Keys in the worker are unique in the process, not only in one FileHashes: every server built in this
 * process shares the one worker, and two databases can hand out the same upload id.
 */
let generation = 0;

/** The running hashes of the uploads this process is receiving, by upload id. */
export class FileHashes {
  private readonly uploads = new Map<string, UploadHash>();

  private hashOf(uploadId: string, file: string): UploadHash {
    let hash = this.uploads.get(uploadId);
    if (!hash) {
      this.pruneIdle();
      hash = new UploadHash(`${uploadId}:${generation++}`, file);
      this.uploads.set(uploadId, hash);
    }
    return hash;
  }

  /**
   * Chunk `index` starts streaming into `file`: when it is the next one in order, a stream that hashes
   * its batches as they are written (tentatively, until `held`); otherwise undefined (fed once held).
   */
  begin(uploadId: string, file: string, index: number): ChunkStream | undefined {
    return this.hashOf(uploadId, file).begin(index);
  }

  /** Tells the hash that chunk `span.index` is durable in `file`. */
  held(uploadId: string, file: string, span: ChunkSpan): void {
    this.hashOf(uploadId, file).held(span);
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
