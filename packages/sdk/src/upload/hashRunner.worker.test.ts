import { createHash, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileSourceFromBlob } from './fileSource.js';
import { createWorkerHashRunner } from './hashRunner.js';
import { createMd5WorkerHandler, type Md5WorkerRequest } from './md5WorkerProtocol.js';

// Loading the WebAssembly hash engine and mp4box costs seconds on a busy CI machine.
vi.setConfig({ testTimeout: 30_000 });

/** Runs the real worker code in-process: the seam is only the Worker object. */
class InProcessWorker {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  terminated = false;
  readonly requests: Md5WorkerRequest[] = [];
  private readonly handle = createMd5WorkerHandler((reply) => {
    if (!this.terminated) this.onmessage?.({ data: reply } as MessageEvent);
  });
  postMessage(request: Md5WorkerRequest) {
    this.requests.push(request);
    queueMicrotask(() => this.handle(request));
  }
  terminate() {
    this.terminated = true;
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('worker hash runner', () => {
  it('hashes a File in the worker with progress, then ends the worker', async () => {
    vi.stubGlobal('Worker', InProcessWorker);
    const workers: InProcessWorker[] = [];
    const runner = createWorkerHashRunner({ sliceSize: 64 * 1024, createWorker: () => (workers.push(new InProcessWorker()), workers.at(-1) as unknown as Worker) });
    const bytes = new Uint8Array(randomBytes(300_000));
    const progress: number[] = [];
    const md5 = await runner.md5(fileSourceFromBlob(new Blob([bytes])), { onProgress: (hashed) => progress.push(hashed) });
    expect(md5).toBe(createHash('md5').update(bytes).digest('hex'));
    expect(progress.at(-1)).toBe(300_000);
    expect(workers[0]!.requests[0]).toMatchObject({ type: 'hash', start: 0, end: 300_000, engines: ['hash-wasm', 'spark-md5'] });
    expect(workers[0]!.terminated).toBe(true);
  });

  it('ends the worker at once when the upload is paused or cancelled', async () => {
    vi.stubGlobal('Worker', InProcessWorker);
    const worker = new InProcessWorker();
    const runner = createWorkerHashRunner({ createWorker: () => worker as unknown as Worker });
    const controller = new AbortController();
    const job = runner.md5(fileSourceFromBlob(new Blob([new Uint8Array(10_000_000)])), { signal: controller.signal });
    controller.abort();
    await expect(job).rejects.toMatchObject({ name: 'AbortError' });
    expect(worker.terminated).toBe(true);
  });

  it('falls back to the calling thread when the worker cannot load', async () => {
    vi.stubGlobal('Worker', InProcessWorker);
    const bytes = new Uint8Array(randomBytes(1000));
    const runner = createWorkerHashRunner({
      createWorker: () => {
        const broken = new InProcessWorker();
        broken.postMessage = () => queueMicrotask(() => broken.onerror?.(new Event('error')));
        return broken as unknown as Worker;
      },
    });
    expect(await runner.md5(fileSourceFromBlob(new Blob([bytes])))).toBe(createHash('md5').update(bytes).digest('hex'));
  });
});
