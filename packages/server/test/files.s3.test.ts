/**
 * S3 mode: completed files become objects in a bucket of an independent S3-compatible server
 * (s3rver, started here); downloads and ranges come from the bucket; direct form uploads go to the
 * bucket itself. Also checks the SigV4 signer against AWS's published example.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { useHarness } from './harness.js';
import { download, fileBytes, md5, uploadWhole } from './filesKit.js';
import { signV4 } from '../src/files/s3Signer.js';
import { S3Client } from '../src/files/s3Client.js';
import { objectStoreFormFields } from '@dscloud/sdk/files';
import type { S3Settings } from '../src/files/fileSettings.js';

let s3dir: string;
let server: { close(): Promise<void> };
let s3: S3Settings;
let teacher: string;

beforeAll(async () => {
  s3dir = mkdtempSync(path.join(tmpdir(), 'ds-s3rver-'));
  const instance = new S3rver({ port: 0, address: '127.0.0.1', directory: s3dir, silent: true, configureBuckets: [{ name: 'dscloud-files', configs: [] }] });
  const { port } = (await instance.run()) as { port: number };
  server = instance as unknown as { close(): Promise<void> };
  s3 = { endpoint: `http://127.0.0.1:${port}`, bucket: 'dscloud-files', accessKey: 'S3RVER', secretKey: 'S3RVER', region: 'us-east-1', forcePathStyle: true };
}, 180_000);
// Hooks after the tests run in reverse order: the server stops before the bucket does.
afterAll(async () => {
  await server?.close();
  rmSync(s3dir, { recursive: true, force: true });
});
const h = useHarness(() => ({ settings: { files: { s3 } } }));
beforeAll(async () => {
  teacher = await h.token('teacher');
});

describe('SigV4 signer', () => {
  it('matches the AWS documentation example (GET Object with Range)', () => {
    const authorization = signV4({
      method: 'GET',
      path: '/test.txt',
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        range: 'bytes=0-9',
        'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        'x-amz-date': '20130524T000000Z',
      },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      accessKey: 'AKIAIOSFODNN7EXAMPLE',
      secretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
      amzDate: '20130524T000000Z',
    });
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('S3 storage', () => {
  it('stores a completed chunked upload as an object in the bucket and serves ranges from it', async () => {
    // Chunks of 5 MiB: with S3 they are the parts of a multipart upload (at least 5 MiB but the last).
    const whole = fileBytes(2 * 5 * 1024 * 1024 + 77, 'pdf');
    const answer = await uploadWhole(h, teacher, whole, '教案.pdf', 5 * 1024 * 1024);
    expect(answer.data.fileInfo.fileMd5).toBe(md5(whole));
    const [row] = await h.query<{ store: string; storage_key: string }>('SELECT store, storage_key FROM file_contents WHERE md5 = $1', [md5(whole)]);
    expect(row!.store).toBe('s3');
    const client = new S3Client(s3);
    const head = await client.headObject(row!.storage_key);
    expect(head?.size).toBe(whole.length);
    const full = await download(h, teacher, answer.data.fileInfoId);
    expect(md5(full.bytes)).toBe(md5(whole));
    const part = await download(h, teacher, answer.data.fileInfoId, { range: 'bytes=1000-1999' });
    expect(part.res.status).toBe(206);
    expect(part.bytes.equals(whole.subarray(1000, 2000))).toBe(true);
  });

  it('signs forms that post straight to the bucket, then registers the object', async () => {
    const bytes = fileBytes(120_000, 'mp4');
    const info = (await h.call('POST', '/file/v1/obs/signature/info', { token: teacher, body: { businessCode: '', fileMd5: md5(bytes), isDsidealFile: 1 } })).data;
    expect(info.action).toBe(`${s3.endpoint}/dscloud-files/`);
    expect(info.accessKey).toBe('S3RVER');
    expect(JSON.parse(Buffer.from(info.policy, 'base64').toString()).conditions).toContainEqual({ bucket: 'dscloud-files' });
    const form = new FormData();
    const key = info.keyPrefix + info.actuallyFileName;
    for (const [k, v] of objectStoreFormFields(info, 'video/mp4')) form.append(k, v);
    form.append('file', new Blob([bytes]), info.actuallyFileName);
    const posted = await fetch(info.action, { method: 'POST', body: form });
    expect(posted.status).toBeLessThan(300);
    const saved = await h.call('POST', '/file/v1/file/info/cloud/save', {
      token: teacher,
      body: { extension: 'mp4', fileMd5: md5(bytes), fileName: '桶.mp4', supportSourceFlag: 0, totalSize: bytes.length, objectKey: key },
    });
    expect(saved.data.fileMd5).toBe(md5(bytes));
    const client = new S3Client(s3);
    expect(await client.headObject(key)).toBeNull();
    expect(md5((await download(h, teacher, saved.data.fileInfoId)).bytes)).toBe(md5(bytes));
  });
});
