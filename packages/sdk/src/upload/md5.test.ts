import { createHash, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { fileSourceFromBlob, fileSourceFromBytes } from './fileSource.js';
import { createMainThreadHashRunner, createWorkerHashRunner, sampleDigest } from './hashRunner.js';
import { hashSlices } from './hashSlices.js';
import { hashWasmEngine, sparkMd5Engine, type Md5Engine } from './md5Engine.js';
import { createMd5WorkerHandler, type Md5WorkerReply } from './md5WorkerProtocol.js';

// Loading the WebAssembly hash engine and mp4box costs seconds on a busy CI machine.
vi.setConfig({ testTimeout: 30_000 });

const nodeMd5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');
const read = (bytes: Uint8Array) => async (start: number, end: number) => bytes.slice(start, end);

describe.each([hashWasmEngine, sparkMd5Engine])('MD5 engine $name', (engine: Md5Engine) => {
  it('agrees with node:crypto on random data cut into random slices', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 0, maxLength: 200_000 }), fc.integer({ min: 1, max: 70_000 }), async (bytes, sliceSize) => {
        const md5 = await hashSlices(read(bytes), 0, bytes.byteLength, { engines: [engine], sliceSize });
        expect(md5).toBe(nodeMd5(bytes));
      }),
      { numRuns: 40 },
    );
  });

  it('agrees with node:crypto on 5 MB in the default 2 MB slices, reporting progress up to the end', async () => {
    const bytes = new Uint8Array(randomBytes(5 * 1024 * 1024));
    const seen: number[] = [];
    const md5 = await hashSlices(read(bytes), 0, bytes.byteLength, { engines: [engine], onProgress: (hashed) => seen.push(hashed) });
    expect(md5).toBe(nodeMd5(bytes));
    expect(seen).toEqual([2 * 1024 * 1024, 4 * 1024 * 1024, 5 * 1024 * 1024]);
  });
});

describe('hash runner', () => {
  it('falls back to the next engine when the preferred one cannot start (no WebAssembly)', async () => {
    const broken: Md5Engine = { name: 'broken', create: () => Promise.reject(new Error('wasm blocked by CSP')) };
    const bytes = new Uint8Array(randomBytes(10_000));
    const runner = createMainThreadHashRunner({ engines: [broken, sparkMd5Engine] });
    expect(await runner.md5(fileSourceFromBytes(bytes, { name: 'a.bin' }))).toBe(nodeMd5(bytes));
  });

  it('hashes a byte range, and stops with an AbortError when cancelled', async () => {
    const bytes = new Uint8Array(randomBytes(100_000));
    const runner = createMainThreadHashRunner({ sliceSize: 1000 });
    const source = fileSourceFromBytes(bytes, { name: 'a.bin' });
    expect(await runner.md5(source, { start: 500, end: 4596 })).toBe(nodeMd5(bytes.subarray(500, 4596)));
    const controller = new AbortController();
    const job = runner.md5(source, { signal: controller.signal, onProgress: (hashed) => hashed >= 3000 && controller.abort() });
    await expect(job).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('uses the calling thread when Worker does not exist (Node)', async () => {
    const bytes = new Uint8Array(randomBytes(50_000));
    const runner = createWorkerHashRunner({ createWorker: () => { throw new Error('must not be called'); } });
    expect(await runner.md5(fileSourceFromBlob(new Blob([bytes]) as Blob & { name: string }))).toBe(nodeMd5(bytes));
  });

  it('turns a read failure into 文件读写失败', async () => {
    const runner = createMainThreadHashRunner();
    const source = { ...fileSourceFromBytes(new Uint8Array(10), { name: 'gone.mp4' }), read: () => Promise.reject(new Error('NotReadableError')) };
    await expect(runner.md5(source)).rejects.toMatchObject({ code: 5000015, messageZh: '文件读写失败' });
  });

  it('samples the first and last 64 KB', async () => {
    const bytes = new Uint8Array(randomBytes(300_000));
    const digest = await sampleDigest(createMainThreadHashRunner(), fileSourceFromBytes(bytes, { name: 'a' }));
    expect(digest).toBe(`${nodeMd5(bytes.subarray(0, 65536))}:${nodeMd5(bytes.subarray(300_000 - 65536))}`);
  });
});

describe('hashing worker protocol', () => {
  it('hashes a Blob it receives, posting progress and the MD5', async () => {
    const bytes = new Uint8Array(randomBytes(5 * 1024 * 1024 + 17));
    const replies: Md5WorkerReply[] = [];
    const done = new Promise<void>((resolve) => {
      const handle = createMd5WorkerHandler((reply) => {
        replies.push(reply);
        if (reply.type !== 'progress') resolve();
      });
      handle({ type: 'hash', id: 7, file: new Blob([bytes]), start: 0, end: bytes.byteLength, sliceSize: 2 * 1024 * 1024, engines: ['hash-wasm', 'spark-md5'] });
    });
    await done;
    expect(replies.at(-1)).toEqual({ type: 'done', id: 7, md5: nodeMd5(bytes) });
    expect(replies.filter((reply) => reply.type === 'progress')).toHaveLength(3);
  });
});
