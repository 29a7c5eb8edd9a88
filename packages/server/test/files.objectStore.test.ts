/**
 * Object-store mode against the reference server's own form endpoint: signed policy checked
 * (signature, expiry, key, size range), then cloud/save verifies the object's MD5 and registers it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { startHarness, useHarness } from './harness.js';
import { download, fileBytes, md5 } from './filesKit.js';
import { objectStoreFormFields, type SignatureInfo } from '@dscloud/sdk/files';

let teacher: string;

const h = useHarness();
beforeAll(async () => {
  teacher = await h.token('teacher');
}, 180_000);

type Signed = SignatureInfo;

async function sign(token: string, bytes: Buffer): Promise<Signed> {
  const answer = await h.call<Signed>('POST', '/file/v1/obs/signature/info', { token, body: { businessCode: '600005', fileMd5: md5(bytes), isDsidealFile: 1 } });
  expect(answer.status).toBe(200);
  return answer.data;
}

/** The form exactly as the SDK engine posts it: no platform token, fields in this order. */
async function postForm(info: Signed, bytes: Buffer, override: Record<string, string> = {}): Promise<Response> {
  const fields: Record<string, string> = { ...Object.fromEntries(objectStoreFormFields(info, 'video/mp4')), ...override };
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([bytes]), info.actuallyFileName);
  // The address is relative to the API base unless PUBLIC_BASE_URL is configured (as the SDK resolves it).
  return fetch(new URL(info.action, h.base), { method: 'POST', body: form });
}

const save = (token: string, info: Signed, bytes: Buffer, extra: Record<string, unknown> = {}) =>
  h.call('POST', '/file/v1/file/info/cloud/save', {
    token,
    body: { extension: 'mp4', fileMd5: md5(bytes), fileName: '直传.mp4', supportSourceFlag: 0, totalSize: bytes.length, objectKey: info.keyPrefix + info.actuallyFileName, businessCode: '600005', ...extra },
  });

describe('object-store mode (reference endpoint)', () => {
  it('signs a form for a server-chosen key, accepts the post and registers the verified object', async () => {
    const bytes = fileBytes(300_000, 'mp4');
    const info = await sign(teacher, bytes);
    expect(info.keyPrefix).toMatch(/^incoming\/\d{4}\/\d{2}\/\d{2}\/$/);
    expect(info.actuallyFileName.startsWith(md5(bytes))).toBe(true);
    expect(info.action).toBe('/file/v1/obs/upload');
    expect(JSON.parse(Buffer.from(info.policy, 'base64').toString()).conditions).toContainEqual(['eq', '$key', info.keyPrefix + info.actuallyFileName]);
    expect((await postForm(info, bytes)).status).toBe(204);
    const saved = await save(teacher, info, bytes);
    expect(saved.data).toMatchObject({ fileMd5: md5(bytes), fileSize: bytes.length, fileName: '直传.mp4', businessCode: '600005' });
    expect(md5((await download(h, teacher, saved.data.fileInfoId)).bytes)).toBe(md5(bytes));
    // A repeated save (lost answer) returns the same file; a later post with the same form changes nothing.
    expect((await save(teacher, info, bytes)).data.fileInfoId).toBe(saved.data.fileInfoId);
    await postForm(info, fileBytes(300_000, 'mp4'));
    expect(md5((await download(h, teacher, saved.data.fileInfoId)).bytes)).toBe(md5(bytes));

    const legacy = await h.call('GET', `/dsideal_yy/uploadres/getSignatureInfo?fileMd5=${md5(bytes)}`, { token: teacher });
    expect(legacy.data.policy).toBeTruthy();
  });

  it('refuses a wrong signature, another key, an expired policy and a file beyond the size range', async () => {
    const bytes = fileBytes(1000, 'mp4');
    const info = await sign(teacher, bytes);
    const forged = await postForm(info, bytes, { signature: 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=' });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { message: string }).message).toContain('签名不正确');
    const otherKey = await postForm(info, bytes, { key: `${info.keyPrefix}${'0'.repeat(32)}-0000000000000000` });
    expect(otherKey.status).toBe(403);
    const tooBig = JSON.parse(Buffer.from(info.policy, 'base64').toString());
    tooBig.conditions = tooBig.conditions.map((c: unknown) => (Array.isArray(c) && c[0] === 'content-length-range' ? ['content-length-range', 1, 10] : c));
    const tampered = Buffer.from(JSON.stringify(tooBig)).toString('base64');
    expect((await postForm(info, bytes, { policy: tampered })).status).toBe(403);
    h.advance(2 * 3600_000);
    const expired = await postForm(info, bytes);
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as { message: string }).message).toContain('过期');
    teacher = await h.token('teacher');
  });

  it('refuses to save an object whose MD5 differs, or a key issued to someone else', async () => {
    const bytes = fileBytes(5000, 'mp4');
    const info = await sign(teacher, bytes);
    const other = fileBytes(5000, 'mp4');
    expect((await postForm(info, other)).status).toBe(204);
    const bad = await save(teacher, info, bytes);
    expect(bad.status).toBe(4220001);
    expect(bad.message).toContain(md5(other));
    const mine = await sign(teacher, bytes);
    await postForm(mine, bytes);
    const student = await h.token('student');
    const theft = await save(student, mine, bytes);
    expect(theft.http).toBe(404);
    const missing = await sign(teacher, bytes);
    expect((await save(teacher, missing, bytes)).message).toContain('未找到已上传的对象');
  });
});

describe('the upload address', () => {
  /** A signature request sent with a Host header of the caller's choosing (fetch would not let us). */
  function signWithHost(host: string, bytes: Buffer): Promise<Signed> {
    const url = new URL('/file/v1/obs/signature/info', h.base);
    const body = JSON.stringify({ fileMd5: md5(bytes) });
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { host, authorization: teacher, 'content-type': 'application/json', 'x-forwarded-host': host } },
        (res) => {
          let text = '';
          res.on('data', (part) => (text += part));
          res.on('end', () => resolve(JSON.parse(text).data));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  it('is built from configuration, never from a forged Host header', async () => {
    const info = await signWithHost('evil.example', fileBytes(1000, 'mp4'));
    expect(info.action).toBe('/file/v1/obs/upload');
    expect(JSON.stringify(info)).not.toContain('evil.example');

    const configured = await startHarness({ settings: { files: { publicBaseUrl: 'https://yunxiao.example.edu.cn' } } });
    try {
      const token = await configured.token('teacher');
      const answer = await configured.call<Signed>('POST', '/file/v1/obs/signature/info', { token, body: { fileMd5: md5(fileBytes(10, 'mp4')) }, headers: { 'x-forwarded-host': 'evil.example' } });
      expect(answer.data.action).toBe('https://yunxiao.example.edu.cn/file/v1/obs/upload');
    } finally {
      await configured.close();
    }
  }, 120_000);
});
