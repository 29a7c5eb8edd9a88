import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { isObjectStoreMode } from './uploaderOptions.js';
import { createHarness, fileOf, randomFile } from './testing/uploaderHarness.js';

// Loading the WebAssembly hash engine and mp4box costs seconds on a busy CI machine.
vi.setConfig({ testTimeout: 30_000 });

describe('uploader: object-store mode (storage mode 1, type 2)', () => {
  it('signs, posts the form straight to the bucket without the platform token, then registers the object', async () => {
    const { uploader, service } = createHarness({ storage: { storageMode: 1, storageType: 2 }, businessCode: 600001 });
    const file = randomFile(200_000);
    const fileMd5 = createHash('md5').update(file.bytes).digest('hex');
    const { accepted } = uploader.add([file]);
    await uploader.idle();

    const done = fileOf(uploader, accepted[0]!);
    expect(done).toMatchObject({ status: 'done', percent: 100, objectKey: `cloud/2026/${fileMd5}.bin` });
    expect(service.seen.map((request) => request.kind)).toEqual(['exist', 'signature', 'objectStore', 'cloudSave']);
    const [, signature, form, save] = service.seen;
    expect(signature!.body).toEqual({ businessCode: 600001, fileMd5, isDsidealFile: 1 });
    expect(form!.url).toBe('https://bucket.example.com/');
    expect(form!.headers.Authorization).toBeUndefined();
    expect(Object.keys(form!.body)).toEqual(['key', 'signature', 'Content-Type', 'policy', 'Filename', 'AWSAccessKeyId', 'file']);
    expect(save!.body).toEqual({ extension: 'zip', fileMd5, fileName: '课件.zip', supportSourceFlag: 0, totalSize: file.size, objectKey: done.objectKey, businessCode: 600001 });
    expect(service.chunksSent()).toEqual([]);
  });

  it('is chosen only by storage mode 1 with storage type 2', () => {
    expect(isObjectStoreMode({ storageMode: 1, storageType: 2 })).toBe(true);
    expect(isObjectStoreMode({ storageMode: 1, storageType: 4 })).toBe(false);
    expect(isObjectStoreMode(undefined)).toBe(false);
  });
});
