import { describe, expect, it, vi } from 'vitest';
import { Codes } from '../errors/index.js';
import { CHUNK, createHarness, fileOf, randomFile } from './testing/uploaderHarness.js';

// Loading the WebAssembly hash engine and mp4box costs seconds on a busy CI machine.
vi.setConfig({ testTimeout: 30_000 });

const serverError = { status: 500, body: { status: 500, message: '服务器内部错误' } };

describe('uploader: retries and restarts', () => {
  it('retries a failing chunk after each delay of retryDelays and then succeeds', async () => {
    const { uploader, service, clock } = createHarness({ retryDelays: [100, 300, 900] });
    service.fail((request) => request.kind === 'block' && request.body.chunk === '2', serverError, 2);
    const { accepted } = uploader.add([randomFile(4 * CHUNK)]);
    await uploader.idle();
    expect(fileOf(uploader, accepted[0]!)).toMatchObject({ status: 'done', restarts: 0 });
    expect(clock.sleeps).toEqual([100, 300]);
    expect(service.chunksSent().filter((chunk) => chunk === 2)).toHaveLength(3);
  });

  it('retries a dropped connection the same way', async () => {
    const { uploader, service, clock } = createHarness({ retryDelays: [100, 300, 900] });
    service.fail((request) => request.kind === 'block' && request.body.chunk === '1', 'network', 1);
    const { accepted } = uploader.add([randomFile(3 * CHUNK)]);
    await uploader.idle();
    expect(fileOf(uploader, accepted[0]!).status).toBe('done');
    expect(clock.sleeps).toEqual([100]);
  });

  it('does not retry a refusal (403) and does not restart: the file waits failed for the user', async () => {
    const { uploader, service, clock } = createHarness();
    service.fail((request) => request.kind === 'block' && request.body.chunk === '1', { status: 403, body: { status: 2510109, message: '没有上传权限' } }, 1);
    const { accepted } = uploader.add([randomFile(3 * CHUNK)]);
    await uploader.idle();
    const file = fileOf(uploader, accepted[0]!);
    expect(file.status).toBe('failed');
    expect(file.error).toMatchObject({ code: Codes.NO_UPLOAD_PERMISSION, messageZh: '没有上传权限' });
    expect(clock.sleeps).toEqual([]);
    expect(service.chunksSent().filter((chunk) => chunk === 1)).toHaveLength(1);
  });

  it('retries 408 and 429 but asks onShouldRetry first when given', async () => {
    const decisions: number[] = [];
    const { uploader, service, clock } = createHarness({
      retryDelays: [5, 5, 5],
      onShouldRetry: (error, attempt) => (decisions.push(attempt), error.httpStatus === 429),
    });
    service.fail((request) => request.kind === 'block' && request.body.chunk === '0', { status: 429, body: 'slow down' }, 1);
    const { accepted } = uploader.add([randomFile(2 * CHUNK)]);
    await uploader.idle();
    expect(fileOf(uploader, accepted[0]!).status).toBe('done');
    expect(decisions).toEqual([0]);
    expect(clock.sleeps).toEqual([5]);
  });

  it('after a chunk’s last retry marks the file failed, restarts it after 50 ms and sends only the chunks the server lacks', async () => {
    const { uploader, service, clock } = createHarness({ retryDelays: [10, 20, 30] });
    service.fail((request) => request.kind === 'block' && request.body.chunk === '3', serverError, 4);
    const statuses: string[] = [];
    uploader.store.subscribe((state) => {
      const status = state.files[0]?.status;
      if (status && statuses.at(-1) !== status) statuses.push(status);
    });
    const file = randomFile(8 * CHUNK);
    const { accepted } = uploader.add([file]);
    await uploader.idle();

    expect(fileOf(uploader, accepted[0]!)).toMatchObject({ status: 'done', restarts: 1, error: undefined });
    expect(clock.sleeps).toEqual([10, 20, 30, 50]);
    expect(statuses).toContain('failed');
    expect(statuses.slice(statuses.indexOf('failed'))).toEqual(['failed', 'uploading', 'verifying', 'done']);
    const statusAt = service.seen.findIndex((request) => request.kind === 'status');
    expect(service.seen[statusAt]!.body).toEqual({ fileMd5: fileOf(uploader, accepted[0]!).fileMd5, fileName: '课件.zip', totalSize: file.size, chunkSize: CHUNK });
    const held = service.statusAnswers[0]!;
    expect(held.length).toBeGreaterThan(0);
    const resent = service.seen.slice(statusAt).filter((request) => request.kind === 'block').map((request) => Number(request.body.chunk));
    expect(resent.filter((chunk) => held.includes(chunk))).toEqual([]);
    expect([...held, ...resent].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('stops restarting after maxAutoRestarts and lets the user retry from where the server stands', async () => {
    const { uploader, service, clock } = createHarness({ retryDelays: [1], maxAutoRestarts: 2 });
    service.fail((request) => request.kind === 'block' && request.body.chunk === '2', serverError, 6);
    const { accepted } = uploader.add([randomFile(4 * CHUNK)]);
    const id = accepted[0]!;
    await uploader.idle();
    expect(fileOf(uploader, id)).toMatchObject({ status: 'failed', restarts: 2, error: { code: Codes.UPLOAD_FAILED, messageZh: '文件上传失败，请稍后重试' } });
    expect(clock.sleeps).toEqual([1, 50, 1, 50, 1]);

    uploader.retry(id);
    await uploader.idle();
    expect(fileOf(uploader, id)).toMatchObject({ status: 'done', percent: 100 });
    // Chunks 0 and 1 were acknowledged before the failures and never went again.
    expect(service.chunksSent().filter((chunk) => chunk === 0)).toHaveLength(1);
  });
});
