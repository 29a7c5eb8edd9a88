import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { Codes } from '../errors/index.js';
import { fileSourceFromBytes } from './fileSource.js';
import { createMainThreadHashRunner, type HashRunner } from './hashRunner.js';
import { CHUNK, createHarness, fileOf, randomFile } from './testing/uploaderHarness.js';

// Loading the WebAssembly hash engine and mp4box costs seconds on a busy CI machine.
vi.setConfig({ testTimeout: 30_000 });

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

describe('uploader: proof of possession before 秒传', () => {
  it('links another teacher’s copy only after hashing the byte range the server picked', async () => {
    const owner = createHarness();
    const file = randomFile(5 * CHUNK);
    owner.uploader.add([file]);
    await owner.uploader.idle();

    const colleague = createHarness({ service: owner.service, token: () => 'token-colleague', userKey: 'colleague' });
    const { accepted } = colleague.uploader.add([fileSourceFromBytes(file.bytes, { name: '同一个课件.zip', type: 'application/zip' })]);
    await colleague.uploader.idle();

    expect(fileOf(colleague.uploader, accepted[0]!)).toMatchObject({ status: 'done', instant: true, percent: 100 });
    const exists = owner.service.seen.filter((request) => request.kind === 'exist' && request.headers.Authorization === 'token-colleague');
    expect(exists).toHaveLength(2);
    expect(exists[0]!.body.proof).toBeUndefined();
    expect(exists[1]!.body).toMatchObject({ fileMd5: md5(file.bytes), challengeId: expect.any(String), proof: expect.stringMatching(/^[0-9a-f]{32}$/) });
    // No bytes went up: the colleague's copy is the stored one.
    expect(owner.service.chunksSent()).toHaveLength(5);
  });

  it('does not link a file to someone who only knows its MD5', async () => {
    const owner = createHarness();
    const file = randomFile(4 * CHUNK);
    owner.uploader.add([file]);
    await owner.uploader.idle();

    // The intruder claims the real MD5 for bytes that are not the file.
    const inner = createMainThreadHashRunner();
    const lying: HashRunner = {
      md5: (source, job = {}) => (job.start === undefined && job.end === undefined ? Promise.resolve(md5(file.bytes)) : inner.md5(source, job)),
    };
    const intruder = createHarness({ service: owner.service, hashRunner: lying, token: () => 'token-intruder', userKey: 'intruder' });
    const fake = new Uint8Array(file.size).fill(1);
    const { accepted } = intruder.uploader.add([fileSourceFromBytes(fake, { name: 'x.zip', type: 'application/zip' })]);
    await intruder.uploader.idle();

    const result = fileOf(intruder.uploader, accepted[0]!);
    expect(result.status).toBe('failed');
    expect(result.instant).toBe(false);
    expect(result.error?.code).toBe(Codes.FILE_MD5_MISMATCH);
    expect(owner.service.stored.get(md5(file.bytes))!.owners.has('token-intruder')).toBe(false);
  });
});
