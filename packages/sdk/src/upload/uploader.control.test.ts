import { describe, expect, it, vi } from 'vitest';
import { uploadFingerprint } from './resumeStore.js';
import { CHUNK, createHarness, deferred, fileOf, randomFile } from './testing/uploaderHarness.js';

// Loading the WebAssembly hash engine and mp4box costs seconds on a busy CI machine.
vi.setConfig({ testTimeout: 30_000 });

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 5000 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 2));
  if (!condition()) throw new Error('condition never met');
}

describe('uploader: pause, resume, cancel', () => {
  it('pause aborts the chunks in flight, keeps acknowledged ones, and resume sends only the rest', async () => {
    const { uploader, service } = createHarness({ parallelChunks: 2 });
    const gate = deferred();
    service.holdForms((request) => (request.body.chunk === '3' ? gate.promise : undefined));
    const { accepted } = uploader.add([randomFile(6 * CHUNK)]);
    const id = accepted[0]!;
    await until(() => service.chunksSent().includes(3));
    uploader.pause(id);
    expect(fileOf(uploader, id)).toMatchObject({ status: 'paused', speed: 0 });
    gate.resolve();
    await uploader.idle();
    expect(fileOf(uploader, id).status).toBe('paused');
    const acknowledged = new Set([...service.partials.values()][0]!.parts.keys());
    expect(acknowledged.has(3)).toBe(false);
    const sentBefore = service.seen.length;
    service.holdForms(undefined);

    uploader.resume(id);
    await uploader.idle();
    expect(fileOf(uploader, id)).toMatchObject({ status: 'done', percent: 100 });
    const resent = service.seen.slice(sentBefore).filter((request) => request.kind === 'block').map((request) => Number(request.body.chunk));
    expect(resent).toContain(3);
    expect(resent.filter((chunk) => acknowledged.has(chunk))).toEqual([]);
  });

  it('pause while hashing stops hashing; resume starts it again and finishes', async () => {
    const { uploader } = createHarness();
    const file = randomFile(40 * CHUNK);
    const gate = deferred();
    let reads = 0;
    // The disk is slow past the first slices: hashing is surely still running when the user pauses.
    const slow = { ...file, read: async (start: number, end: number) => (reads++ > 8 && (await gate.promise), file.read(start, end)) };
    const { accepted } = uploader.add([slow]);
    const id = accepted[0]!;
    await until(() => fileOf(uploader, id).status === 'hashing' && reads > 8);
    uploader.pause(id);
    gate.resolve();
    await uploader.idle();
    expect(fileOf(uploader, id).status).toBe('paused');
    expect(fileOf(uploader, id).hashedBytes).toBeLessThan(file.size);
    expect(fileOf(uploader, id).fileMd5).toBeUndefined();
    uploader.resume(id);
    await uploader.idle();
    expect(fileOf(uploader, id).status).toBe('done');
  });

  it('cancel stops the upload, forgets the resume record and leaves the totals', async () => {
    const { uploader, service, resumeStore } = createHarness({ parallelChunks: 1 });
    const gate = deferred();
    service.holdForms((request) => (request.body.chunk === '2' ? gate.promise : undefined));
    const big = randomFile(4 * CHUNK, '大.zip');
    const small = randomFile(CHUNK / 2, '小.zip');
    const { accepted } = uploader.add([big, small]);
    await until(() => service.chunksSent().includes(2));
    expect(resumeStore.get(uploadFingerprint(big, 'https://yx.example.edu.cn', 'teacher'))).toBeDefined();
    uploader.cancel(accepted[0]!);
    gate.resolve();
    await uploader.idle();
    expect(fileOf(uploader, accepted[0]!).status).toBe('cancelled');
    expect(fileOf(uploader, accepted[1]!).status).toBe('done');
    expect(resumeStore.get(uploadFingerprint(big, 'https://yx.example.edu.cn', 'teacher'))).toBeUndefined();
    expect(uploader.store.getState().totals).toMatchObject({ count: 1, done: 1, totalBytes: small.size, percent: 100 });
    uploader.remove(accepted[0]!);
    expect(uploader.store.getState().files.map((file) => file.name)).toEqual(['小.zip']);
  });

  it('cancel tells the server to drop the partial upload, so the room it held of the quota is free at once', async () => {
    const { uploader, service } = createHarness({ parallelChunks: 1 });
    const gate = deferred();
    service.holdForms((request) => (request.body.chunk === '2' ? gate.promise : undefined));
    const big = randomFile(4 * CHUNK, '取消.zip');
    const { accepted } = uploader.add([big]);
    await until(() => service.chunksSent().includes(2));
    const fileMd5 = fileOf(uploader, accepted[0]!).fileMd5;
    expect(service.partials.has(fileMd5!)).toBe(true);
    uploader.cancel(accepted[0]!);
    gate.resolve();
    await uploader.idle();
    await until(() => service.seen.some((request) => request.kind === 'cancel'));
    expect(service.seen.filter((request) => request.kind === 'cancel').map((request) => request.body)).toEqual([{ fileMd5, fileName: '取消.zip', totalSize: big.size }]);
    expect(service.partials.has(fileMd5!)).toBe(false);
  });

  it('cancel before the file was hashed, or after it was stored, tells the server nothing', async () => {
    const { uploader, service } = createHarness({ autoStart: false });
    const { accepted } = uploader.add([randomFile(CHUNK, '未开始.zip'), randomFile(CHUNK, '已完成.zip')]);
    uploader.cancel(accepted[0]!);
    uploader.start(accepted[1]);
    await uploader.idle();
    expect(fileOf(uploader, accepted[1]!).status).toBe('done');
    uploader.cancel(accepted[1]!);
    uploader.remove(accepted[1]!);
    expect(service.seen.filter((request) => request.kind === 'cancel')).toEqual([]);
  });

  it('uploads files one after another by default, and waits for start() when autoStart is off', async () => {
    const { uploader } = createHarness({ autoStart: false });
    const { accepted } = uploader.add([randomFile(CHUNK), randomFile(CHUNK, 'b.zip')]);
    await uploader.idle();
    expect(uploader.store.getState().files.map((file) => file.status)).toEqual(['added', 'added']);
    uploader.start(accepted[1]);
    await uploader.idle();
    expect(uploader.store.getState().files.map((file) => file.status)).toEqual(['added', 'done']);
    uploader.start();
    await uploader.idle();
    expect(uploader.store.getState().files.map((file) => file.status)).toEqual(['done', 'done']);
  });

  it('ignores controls that make no sense for the file’s state', async () => {
    const { uploader } = createHarness();
    const { accepted } = uploader.add([randomFile(CHUNK)]);
    await uploader.idle();
    const id = accepted[0]!;
    uploader.pause(id);
    uploader.cancel(id);
    uploader.retry(id);
    expect(fileOf(uploader, id).status).toBe('done');
  });
});
