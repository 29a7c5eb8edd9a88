/**
 * Storage quotas and the configured chunk size, over real HTTP with real files on disk: a parent
 * storing past the quota is refused with the quota, what is used and what is left named; a refused
 * upload leaves nothing behind, and a refused, abandoned or cancelled one gives its room back at once;
 * a chunk larger than the configured size is refused.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { useHarness } from './harness.js';
import { abandonChunk, fileBytes, md5, postChunk, sliceChunk, uploadWhole } from './filesKit.js';
import { DEFAULT_QUOTAS, parseQuota, quotaSettingsFromEnv } from '../src/files/uploadQuota.js';

const KB = 1024;
const MB = 1024 * KB;
const CHUNK = 64 * KB;
const PARENT = { maxBytes: 1 * MB, maxFiles: 3 };

const h = useHarness({
  settings: { files: { quotas: { byClass: { ...DEFAULT_QUOTAS, parent: PARENT }, byUser: {} } } },
});

let parent: string;
let teacher: string;
beforeAll(async () => {
  parent = await h.token('parent');
  teacher = await h.token('teacher');
}, 180_000);

const quota = async (token: string) => (await h.call('GET', '/file/v1/file/quota', { token })).data;
const uploadFolders = () => {
  const dir = path.join(h.dataDir, 'files', 'uploads');
  return existsSync(dir) ? readdirSync(dir) : [];
};
const pendingUploads = async () => (await h.query<{ n: number }>(`SELECT count(*)::int AS n FROM uploads WHERE state <> 'complete'`))[0]!.n;

describe('quotas', () => {
  it('shows each caller its quota, used and left; parents get far less than teachers by default', async () => {
    expect(await quota(parent)).toMatchObject({ quotaClass: 'parent', quotaClassName: '家长', maxBytes: MB, maxFiles: 3, usedBytes: 0, usedFiles: 0, leftBytes: MB, leftFiles: 3 });
    const t = await quota(teacher);
    expect(t).toMatchObject({ quotaClass: 'teacher', quotaClassName: '教师', maxBytes: DEFAULT_QUOTAS.teacher.maxBytes });
    expect(DEFAULT_QUOTAS.parent.maxBytes * 10).toBeLessThanOrEqual(DEFAULT_QUOTAS.teacher.maxBytes);
    expect(DEFAULT_QUOTAS.student.maxBytes * 10).toBeLessThanOrEqual(DEFAULT_QUOTAS.teacher.maxBytes);
    expect((await quota(await h.token('admin'))).quotaClass).toBe('staff');
    expect((await h.call('GET', '/file/v1/file/quota')).status).toBe(4010001);
  });

  it('refuses a parent storing past the byte quota, naming it, and keeps nothing of the refused upload', async () => {
    const first = fileBytes(600 * KB, 'png');
    expect((await uploadWhole(h, parent, first, '作品一.png', CHUNK)).status).toBe(200);
    expect(await quota(parent)).toMatchObject({ usedBytes: first.length, usedFiles: 1, leftBytes: MB - first.length, leftFiles: 2 });

    const foldersBefore = uploadFolders();
    const second = fileBytes(500 * KB, 'png');
    const refused = await postChunk(h, parent, { bytes: sliceChunk(second, CHUNK, 0), whole: second, fileName: '作品二.png', chunkSize: CHUNK, chunk: 0 });
    expect(refused.http).toBe(403);
    expect(refused.status).toBe(2510109);
    expect(refused.message).toContain('存储配额不足：家长账号最多可存 1 MB、3 个文件');
    expect(refused.message).toContain('已用 600 KB（1 个文件），剩余 424 KB（2 个文件）');
    expect(refused.message).toContain('本文件 500 KB');
    expect(uploadFolders()).toEqual(foldersBefore);
    expect(await pendingUploads()).toBe(0);
    expect((await quota(parent)).usedBytes).toBe(first.length);

    // What still fits is accepted; a teacher is not held by the parent's quota.
    expect((await uploadWhole(h, parent, fileBytes(300 * KB, 'png'), '作品三.png', CHUNK)).status).toBe(200);
    expect((await uploadWhole(h, teacher, second, '课件.png', CHUNK)).status).toBe(200);
  });

  it('counts files too: another name for a stored file is a file, and the count limit refuses it', async () => {
    const before = await quota(parent);
    expect(before.usedFiles).toBe(2);
    const small = fileBytes(10 * KB, 'png');
    expect((await uploadWhole(h, parent, small, '小图.png', CHUNK)).status).toBe(200);
    const again = await h.call('POST', '/file/v1/file/info', { token: parent, body: { fileMd5: md5(small), fileName: '小图副本.png' } });
    expect(again.status).toBe(2510109);
    expect(again.message).toContain('剩余 ');
    expect(again.message).toContain('（0 个文件）');
  });

  it('re-checks the quota on every chunk: an upload that no longer fits is refused and its chunks removed', async () => {
    const quotas = h.app.ctx.files!.quotas.settings.byClass;
    quotas.parent = { maxBytes: 4 * MB, maxFiles: 10 };
    try {
      const whole = fileBytes(3 * CHUNK, 'png');
      const first = await postChunk(h, parent, { bytes: sliceChunk(whole, CHUNK, 0), whole, fileName: '长作品.png', chunkSize: CHUNK, chunk: 0 });
      expect(first.status).toBe(200);
      const id = first.data.fileInfoId;
      expect(uploadFolders()).toContain(String(id));
      expect((await quota(parent)).usedFiles).toBe(4);

      // The operator lowers the parents' quota (a restart with a new UPLOAD_QUOTA_PARENT).
      quotas.parent = { maxBytes: 1 * MB, maxFiles: 10 };
      const next = await postChunk(h, parent, { bytes: sliceChunk(whole, CHUNK, 1), whole, fileName: '长作品.png', chunkSize: CHUNK, chunk: 1, fileInfoId: id });
      expect(next.status).toBe(2510109);
      expect(next.message).toContain('家长账号最多可存 1 MB');
      expect(uploadFolders()).not.toContain(String(id));
      expect(await pendingUploads()).toBe(0);
      expect((await quota(parent)).usedFiles).toBe(3);
    } finally {
      quotas.parent = PARENT;
    }
  });
});

describe('room given back at once', () => {
  const reserved = async (token: string) => (await quota(token)).usedBytes as number;
  const statusOf = (token: string, whole: Buffer, fileName: string) =>
    h.call('POST', '/file/v1/file/upload/status', { token, body: { fileMd5: md5(whole), fileName, totalSize: whole.length, chunkSize: CHUNK } });

  it('by a refused or abandoned first chunk: content of another type, a chunk over its size, a page that went away mid-chunk', { timeout: 60_000 }, async () => {
    const used = await reserved(teacher);
    const foldersBefore = uploadFolders();
    // Waits for the state, since a folder may go a moment after the answer or the row.
    const checkNothingLeft = (what: string) =>
      vi.waitFor(
        async () => {
          expect(await reserved(teacher), what).toBe(used);
          expect(await pendingUploads(), what).toBe(0);
          expect(uploadFolders(), what).toEqual(foldersBefore);
        },
        { timeout: 20_000, interval: 100 },
      );

    const notPng = fileBytes(3 * CHUNK, 'pdf');
    const wrongType = await postChunk(h, teacher, { bytes: sliceChunk(notPng, CHUNK, 0), whole: notPng, fileName: '假图片.png', chunkSize: CHUNK, chunk: 0 });
    expect(wrongType.status).toBe(4150002);
    await checkNothingLeft('content of another type');

    const whole = fileBytes(3 * CHUNK, 'png');
    const tooLong = await postChunk(h, teacher, { bytes: whole.subarray(0, CHUNK + 100), whole, fileName: '超长分片.png', chunkSize: CHUNK, chunk: 0 });
    expect(tooLong.http).toBe(400);
    await checkNothingLeft('a chunk over its size');

    await abandonChunk(h, teacher, { bytes: sliceChunk(whole, CHUNK, 0), whole, fileName: '中断.png', chunkSize: CHUNK, chunk: 0 });
    // The server notices the cut socket, then drops the upload's row and its folder.
    await checkNothingLeft('a page that went away');

    // The same file sent properly afterwards is stored.
    expect((await uploadWhole(h, teacher, whole, '中断.png', CHUNK)).status).toBe(200);
  });

  it('by content of another type in the first chunk after later chunks were held: the file can never be stored', async () => {
    const used = await reserved(teacher);
    const notPng = fileBytes(3 * CHUNK, 'pdf');
    const later = await postChunk(h, teacher, { bytes: sliceChunk(notPng, CHUNK, 2), whole: notPng, fileName: '后发.png', chunkSize: CHUNK, chunk: 2 });
    expect(later.status).toBe(200);
    expect(await reserved(teacher)).toBe(used + notPng.length);
    const first = await postChunk(h, teacher, { bytes: sliceChunk(notPng, CHUNK, 0), whole: notPng, fileName: '后发.png', chunkSize: CHUNK, chunk: 0, fileInfoId: later.data.fileInfoId });
    expect(first.status).toBe(4150002);
    expect(await reserved(teacher)).toBe(used);
    expect(await pendingUploads()).toBe(0);
    expect(uploadFolders()).not.toContain(String(later.data.fileInfoId));
  });

  it('by a cancelled upload: its chunks and room go at once, a stored file is never touched', async () => {
    const used = await reserved(teacher);
    const whole = fileBytes(3 * CHUNK, 'png');
    const first = await postChunk(h, teacher, { bytes: sliceChunk(whole, CHUNK, 0), whole, fileName: '取消.png', chunkSize: CHUNK, chunk: 0 });
    expect(first.status).toBe(200);
    const id = first.data.fileInfoId;
    expect(await reserved(teacher)).toBe(used + whole.length);

    const cancelBody = { fileMd5: md5(whole), fileName: '取消.png', totalSize: whole.length };
    expect((await h.call('POST', '/file/v1/file/upload/cancel', { token: parent, body: cancelBody })).data).toEqual({ cancelled: false });
    const cancelled = await h.call('POST', '/file/v1/file/upload/cancel', { token: teacher, body: cancelBody });
    expect(cancelled.status, cancelled.message).toBe(200);
    expect(cancelled.data).toEqual({ cancelled: true });
    expect(await reserved(teacher)).toBe(used);
    expect(uploadFolders()).not.toContain(String(id));
    expect((await statusOf(teacher, whole, '取消.png')).data).toMatchObject({ fileInfoId: -1, received: [] });
    const late = await postChunk(h, teacher, { bytes: sliceChunk(whole, CHUNK, 1), whole, fileName: '取消.png', chunkSize: CHUNK, chunk: 1, fileInfoId: id });
    expect(late.http).toBe(404);

    const stored = fileBytes(CHUNK, 'png');
    expect((await uploadWhole(h, teacher, stored, '已存.png', CHUNK)).status).toBe(200);
    const again = await h.call('POST', '/file/v1/file/upload/cancel', { token: teacher, body: { fileMd5: md5(stored), fileName: '已存.png', totalSize: stored.length } });
    expect(again.data).toEqual({ cancelled: false });
    expect((await statusOf(teacher, stored, '已存.png')).data.fileInfo.fileMd5).toBe(md5(stored));
  });
});

describe('the SDK uploader', () => {
  it('reads the quota and refuses a file that cannot fit before sending anything, in the server\'s words', async () => {
    // Loaded by name at run time, as files.sdk.test.ts does (browser types outside this tsconfig).
    const sdkUpload: any = await import('@dscloud/sdk/' + 'upload');
    const sdkHttp: any = await import('@dscloud/sdk/' + 'http');
    const http = sdkHttp.createHttpClient({ apiBase: h.base });
    const quota = await sdkUpload.fetchUploadQuota(http, { public: true, headers: { Authorization: parent } });
    expect(quota).toMatchObject({ quotaClassName: '家长', maxBytes: MB });
    const tooBig = { name: '视频.mp4', size: quota.leftBytes + 1, type: 'video/mp4' };
    const fits = { name: '图.png', size: Math.min(quota.leftBytes, 10 * KB), type: 'image/png' };
    const rules = { allowedExtensions: 'png,mp4', quota };
    const selection = sdkUpload.validateSelection([fits, tooBig], rules);
    expect(selection.accepted).toEqual(quota.leftFiles > 0 ? [fits] : []);
    const refusal = selection.rejected.find((r: any) => r.file === tooBig).error;
    expect(refusal.code).toBe(2510109);

    // The server words the same refusal the same way.
    const bytes = fileBytes(tooBig.size, 'png');
    const server = await postChunk(h, parent, { bytes: sliceChunk(bytes, 10 * MB, 0), whole: bytes, fileName: '视频.png', chunkSize: 10 * MB, chunk: 0 });
    const sdkMessage = sdkUpload.validateSelection([{ ...tooBig, name: '视频.png', type: 'image/png' }], rules).rejected[0].error.messageZh;
    expect(server.message).toBe(sdkMessage);
  });
});

describe('chunk size', () => {
  it('refuses a 20 MB chunk when 10 MB is configured, and says so; the configured size is what the file config shows', async () => {
    const config = await h.call('GET', '/file/v1/file/config');
    expect(config.data.uploadChunkSize).toBe(10 * MB);
    const whole = fileBytes(20 * MB, 'mp4');
    const foldersBefore = uploadFolders();
    const big = await postChunk(h, teacher, { bytes: whole, whole, fileName: '大分片.mp4', chunkSize: 20 * MB, chunk: 0 });
    expect(big.http).toBe(400);
    expect(big.message).toBe('参数 chunkSize 不能大于服务器配置的分片大小 10485760 字节（10 MB），收到 20971520 字节');
    expect(big.data.field).toBe('chunkSize');
    expect(uploadFolders()).toEqual(foldersBefore);
    // The same file in 10 MB chunks goes through (the last may be smaller).
    const odd = fileBytes(10 * MB + 5, 'mp4');
    expect((await uploadWhole(h, teacher, odd, '正常.mp4', 10 * MB)).status).toBe(200);
  }, 60_000);
});

describe('configuration', () => {
  it('reads quotas and overrides from the environment and names a malformed one', () => {
    expect(parseQuota('x', '20GB/5000')).toEqual({ maxBytes: 20 * 1024 * MB, maxFiles: 5000 });
    expect(parseQuota('x', '0/0')).toEqual({ maxBytes: 0, maxFiles: 0 });
    const s = quotaSettingsFromEnv({ UPLOAD_QUOTA_PARENT: '200MB/50', UPLOAD_QUOTA_USERS: 'teacher2=100GB/20000' });
    expect(s.byClass.parent).toEqual({ maxBytes: 200 * MB, maxFiles: 50 });
    expect(s.byClass.teacher).toEqual(DEFAULT_QUOTAS.teacher);
    expect(s.byUser.teacher2).toEqual({ maxBytes: 100 * 1024 * MB, maxFiles: 20000 });
    expect(() => quotaSettingsFromEnv({ UPLOAD_QUOTA_STUDENT: 'lots' })).toThrow('环境变量 UPLOAD_QUOTA_STUDENT 格式不正确');
  });
});
