import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { Codes } from '../errors/index.js';
import { fileSourceFromBytes } from './fileSource.js';
import { buildMp4 } from './testing/mp4Fixture.js';
import { CHUNK, createHarness, fileOf, randomFile } from './testing/uploaderHarness.js';
import type { UploadStatus } from './stateMachine.js';

// Loading the WebAssembly hash engine and mp4box costs seconds on a busy CI machine.
vi.setConfig({ testTimeout: 30_000 });

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

describe('uploader: a new file', () => {
  it('hashes, compares, sends every chunk with the spec fields, and ends at 100 % with the server file info', async () => {
    const { uploader, service } = createHarness({ businessCode: 600005 });
    const file = randomFile(5 * CHUNK + 123);
    const statuses: UploadStatus[] = [];
    uploader.store.subscribe((state) => {
      const status = state.files[0]?.status;
      if (status && statuses.at(-1) !== status) statuses.push(status);
    });
    const { accepted } = uploader.add([file]);
    await uploader.idle();

    const done = fileOf(uploader, accepted[0]!);
    expect(done.status).toBe('done');
    expect(done.percent).toBe(100);
    expect(done.fileMd5).toBe(md5(file.bytes));
    expect(done.fileInfo?.fileInfoId).toBe(done.fileInfoId);
    expect(statuses).toEqual(['added', 'validating', 'hashing', 'comparing', 'uploading', 'verifying', 'done']);
    expect(service.stored.get(md5(file.bytes))?.bytes).toEqual(file.bytes);

    const exist = service.seen.find((request) => request.kind === 'exist')!;
    expect(exist.url).toBe('https://yx.example.edu.cn/file/v1/file/exist');
    expect(exist.body).toEqual({ extension: 'zip', fileMd5: md5(file.bytes), fileName: '课件.zip', fileSize: file.size });
    expect(exist.headers.Authorization).toBe('token-teacher');

    const blocks = service.seen.filter((request) => request.kind === 'block');
    expect(blocks[0]!.url).toBe('https://yx.example.edu.cn/api/file/v1/file/block');
    expect(blocks[0]!.body).toEqual({
      chunkSize: String(CHUNK), extension: 'zip', fileMd5: md5(file.bytes), fileName: '课件.zip', filePath: '-1',
      totalSize: String(file.size), supportSourceFlag: '0', storageType: '4', businessCode: '600005',
      chunk: '0', chunks: '6', file: `<${CHUNK} bytes>`,
    });
    // The first chunk names the upload; every later one carries that name.
    expect(blocks.slice(1).every((request) => request.body.fileInfoId === String(done.fileInfoId))).toBe(true);
    expect(blocks.map((request) => Number(request.body.chunk)).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(blocks.at(-1)!.body.chunk).toBe('5');
    expect(uploader.store.getState().totals).toMatchObject({ count: 1, done: 1, percent: 100, uploadedBytes: file.size });
  });

  it('finishes at once without sending bytes when the same user uploads the same file again (秒传)', async () => {
    const first = createHarness();
    const file = randomFile(3 * CHUNK);
    first.uploader.add([file]);
    await first.uploader.idle();
    const second = createHarness({ service: first.service });
    const { accepted } = second.uploader.add([randomFileCopy(file.bytes, '另一个名字.zip')]);
    await second.uploader.idle();
    const done = fileOf(second.uploader, accepted[0]!);
    expect(done).toMatchObject({ status: 'done', instant: true, percent: 100 });
    expect(first.service.seen.filter((request) => request.kind === 'block')).toHaveLength(3);
  });

  it('sends a one-chunk file as a single request that returns the file info', async () => {
    const { uploader, service } = createHarness();
    const { accepted } = uploader.add([randomFile(1000)]);
    await uploader.idle();
    expect(fileOf(uploader, accepted[0]!).status).toBe('done');
    expect(service.chunksSent()).toEqual([0]);
  });

  it('drops rejected files with their notices and keeps the rest', async () => {
    const { uploader } = createHarness({ rules: { allowedExtensions: 'zip', maxCount: 1 } });
    const { accepted, notices } = uploader.add([randomFile(10, 'a.exe'), randomFile(0, 'b.zip'), randomFile(10, 'c.zip'), randomFile(10, 'd.zip')]);
    expect(accepted).toHaveLength(1);
    expect(notices.map((notice) => notice.messageZh)).toEqual(['已排除不符合上传格式的文件', '请上传大于0KB的文件', '已达到最大上传数量']);
    expect(uploader.store.getState().notices).toHaveLength(3);
    await uploader.idle();
  });

  it('removes the file with 查询文件信息失败，请重新选择 when the existence check keeps failing', async () => {
    const { uploader, service } = createHarness({ retryDelays: [10] });
    service.fail((request) => request.kind === 'exist', { status: 500, body: { status: 500, message: 'down' } }, 5);
    uploader.add([randomFile(2 * CHUNK)]);
    await uploader.idle();
    expect(uploader.store.getState().files).toHaveLength(0);
    expect(uploader.store.getState().notices.at(-1)).toMatchObject({ code: Codes.FILE_INFO_QUERY_FAILED, messageZh: '查询文件信息失败，请重新选择', fileName: '课件.zip' });
  });

  it('checks MP4s for H.264 and records the answer; refuses others when H.264 is required', async () => {
    const { uploader } = createHarness({ requireH264: true });
    const h264 = fileSourceFromBytes(buildMp4({ codec: 'avc1', mdatBytes: 3 * CHUNK }), { name: '微课.mp4', type: 'video/mp4' });
    const other = fileSourceFromBytes(buildMp4({ codec: 'mp4v', mdatBytes: 100 }), { name: '旧视频.mp4', type: 'video/mp4' });
    const { accepted } = uploader.add([h264, other]);
    await uploader.idle();
    const files = uploader.store.getState().files;
    expect(files.map((file) => file.id)).toEqual([accepted[0]]);
    expect(files[0]).toMatchObject({ status: 'done', isMp4H264: true });
    expect(uploader.store.getState().notices.at(-1)).toMatchObject({ code: Codes.VIDEO_NOT_H264, fileName: '旧视频.mp4' });
  });
});

function randomFileCopy(bytes: Uint8Array, name: string) {
  return fileSourceFromBytes(bytes, { name, type: 'application/zip', lastModified: 5 });
}
