import { describe, expect, it, vi } from 'vitest';
import { fileSourceFromBytes } from './fileSource.js';
import { createMemoryResumeStore, uploadFingerprint } from './resumeStore.js';
import { CHUNK, createHarness, deferred, fileOf, randomFile } from './testing/uploaderHarness.js';

// Loading the WebAssembly hash engine and mp4box costs seconds on a busy CI machine.
vi.setConfig({ testTimeout: 30_000 });

describe('uploader: resume after a reload', () => {
  it('continues a remembered upload without hashing the file again and sends only the missing chunks', async () => {
    const resumeStore = createMemoryResumeStore();
    const first = createHarness({ resumeStore, parallelChunks: 1 });
    const file = randomFile(6 * CHUNK);
    const gate = deferred();
    first.service.holdForms((request) => (request.body.chunk === '3' ? gate.promise : undefined));
    first.uploader.add([file]);
    await until(() => first.service.chunksSent().includes(3));
    expect(resumeStore.get(uploadFingerprint(file, 'https://yx.example.edu.cn', 'teacher'))).toMatchObject({ chunkSize: CHUNK });
    first.uploader.destroy(); // the page goes away mid-chunk
    gate.resolve();
    await first.uploader.idle();
    first.service.holdForms(undefined);

    const second = createHarness({ resumeStore, service: first.service });
    const { accepted } = second.uploader.add([fileSourceFromBytes(file.bytes, { name: file.name, type: file.type, lastModified: file.lastModified })]);
    await second.uploader.idle();
    const done = fileOf(second.uploader, accepted[0]!);
    expect(done).toMatchObject({ status: 'done', resumed: true, percent: 100 });
    expect(second.fullHashes()).toBe(0);
    const afterReload = first.service.seen.slice(first.service.seen.findIndex((request) => request.kind === 'status'));
    expect(afterReload.filter((request) => request.kind === 'block').map((request) => Number(request.body.chunk)).sort()).toEqual([3, 4, 5]);
    // A finished upload is forgotten: nothing is left to resume.
    expect(resumeStore.get(uploadFingerprint(file, 'https://yx.example.edu.cn', 'teacher'))).toBeUndefined();
  });

  it('hashes again when the file chosen under the same name, size and date has different bytes', async () => {
    const resumeStore = createMemoryResumeStore();
    const first = createHarness({ resumeStore, parallelChunks: 1 });
    const file = randomFile(4 * CHUNK);
    first.service.fail((request) => request.kind === 'block' && request.body.chunk === '2', { status: 403, body: { status: 403 } }, 1);
    first.uploader.add([file]);
    await first.uploader.idle();

    const changed = file.bytes.slice();
    changed[10] = changed[10]! ^ 0xff;
    const second = createHarness({ resumeStore, service: first.service });
    const { accepted } = second.uploader.add([fileSourceFromBytes(changed, { name: file.name, type: file.type, lastModified: file.lastModified })]);
    await second.uploader.idle();
    expect(second.fullHashes()).toBe(1);
    expect(fileOf(second.uploader, accepted[0]!)).toMatchObject({ status: 'done', resumed: false });
  });

  it('does not continue another user’s upload of the same file', async () => {
    const resumeStore = createMemoryResumeStore();
    const first = createHarness({ resumeStore });
    const file = randomFile(3 * CHUNK);
    first.service.fail((request) => request.kind === 'block' && request.body.chunk === '1', { status: 403, body: { status: 403 } }, 1);
    first.uploader.add([file]);
    await first.uploader.idle();
    const other = createHarness({ resumeStore, service: first.service, userKey: 'student' });
    other.uploader.add([file]);
    await other.uploader.idle();
    expect(other.fullHashes()).toBe(1);
  });
});

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 5000 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 2));
  if (!condition()) throw new Error('condition never met');
}
