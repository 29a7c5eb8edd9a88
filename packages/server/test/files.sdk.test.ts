/**
 * End to end with the real SDK upload engine in Node (hashing, chunking, parallel chunks, verify)
 * against this server over HTTP: a 25 MB file goes up, comes back byte for byte; the same file from
 * another account is linked by proof of possession without sending the bytes again.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { useHarness } from './harness.js';
import { download, fileBytes, md5 } from './filesKit.js';

// Loaded by name at run time: the engine's browser types (Worker, XMLHttpRequest) are outside the server's Node-only tsconfig.
const SDK_UPLOAD = '@dscloud/sdk/upload';
let sdk: any;

const h = useHarness();
beforeAll(async () => {
  sdk = await import(SDK_UPLOAD);
}, 180_000);

async function uploadWithSdk(token: string, bytes: Buffer, name: string) {
  const config = (await h.call('GET', '/file/v1/file/config')).data;
  const uploader = sdk.createUploader({
    apiBase: h.base,
    rules: { allowedExtensions: config.uploadExtensions, categories: config.extensions },
    chunkSize: 5 * 1024 * 1024,
    token: () => token,
    userKey: token,
    hashRunner: sdk.createMainThreadHashRunner(),
    resumeStore: sdk.createMemoryResumeStore(),
  });
  const started = Date.now();
  const { accepted } = uploader.add([sdk.fileSourceFromBytes(new Uint8Array(bytes), { name, type: 'video/mp4', lastModified: 1 })]);
  await uploader.idle();
  const file = uploader.store.getState().files.find((f: { id: string }) => f.id === accepted[0])!;
  return { file, ms: Date.now() - started };
}

describe('SDK engine against the server', () => {
  it('uploads a 25 MB file in chunks and downloads the same bytes', async () => {
    const bytes = fileBytes(25 * 1024 * 1024 + 12345, 'mp4');
    const teacher = await h.token('teacher');
    const { file, ms } = await uploadWithSdk(teacher, bytes, '公开课录像.mp4');
    expect(file.error).toBeUndefined();
    expect(file.status).toBe('done');
    expect(file.chunk).toEqual({ done: 6, count: 6 });
    expect(file.fileInfo?.fileMd5).toBe(md5(bytes));
    const { bytes: back } = await download(h, teacher, file.fileInfoId!);
    expect(createHash('md5').update(back).digest('hex')).toBe(md5(bytes));
    console.log(`SDK upload of ${(bytes.length / 1048576).toFixed(1)} MB: ${ms} ms (${((bytes.length / 1048576) / (ms / 1000)).toFixed(1)} MB/s incl. MD5)`);

    const student = await h.token('student');
    const again = await uploadWithSdk(student, bytes, '同一个文件.mp4');
    expect(again.file.status).toBe('done');
    expect(again.file.instant).toBe(true);
    expect(again.file.fileInfoId).not.toBe(file.fileInfoId);
    expect(md5((await download(h, student, again.file.fileInfoId!)).bytes)).toBe(md5(bytes));
  }, 120_000);
});
