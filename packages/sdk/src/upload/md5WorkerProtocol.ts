import { hashSlices } from './hashSlices.js';
import { MD5_ENGINES, type Md5Engine } from './md5Engine.js';

/** Messages from the page to the hashing worker. */
export type Md5WorkerRequest =
  | { type: 'hash'; id: number; file: Blob; start: number; end: number; sliceSize: number; engines: string[] }
  | { type: 'abort'; id: number };

/** Messages from the hashing worker to the page. */
export type Md5WorkerReply =
  | { type: 'progress'; id: number; hashed: number; total: number }
  | { type: 'done'; id: number; md5: string }
  | { type: 'error'; id: number; message: string; io: boolean };

/**
 * The worker's whole behaviour, kept apart from `self` so that it can run (and be tested) anywhere.
 * Engines travel by name because functions cannot cross postMessage.
 */
export function createMd5WorkerHandler(post: (reply: Md5WorkerReply) => void): (request: Md5WorkerRequest) => void {
  const running = new Map<number, AbortController>();
  return (request) => {
    if (request.type === 'abort') {
      running.get(request.id)?.abort();
      return;
    }
    const controller = new AbortController();
    running.set(request.id, controller);
    const engines = request.engines.map((name) => MD5_ENGINES[name]).filter((engine): engine is Md5Engine => !!engine);
    let io = false;
    const read = async (start: number, end: number) => {
      try {
        return new Uint8Array(await request.file.slice(start, end).arrayBuffer());
      } catch (error) {
        io = true;
        throw error;
      }
    };
    hashSlices(read, request.start, request.end, {
      engines,
      sliceSize: request.sliceSize,
      signal: controller.signal,
      onProgress: (hashed, total) => post({ type: 'progress', id: request.id, hashed, total }),
    }).then(
      (md5) => post({ type: 'done', id: request.id, md5 }),
      (error: unknown) => post({ type: 'error', id: request.id, message: String(error), io }),
    ).finally(() => running.delete(request.id));
  };
}
