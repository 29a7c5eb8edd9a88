import { describe, expect, it, vi } from 'vitest';
import { createFakeClock } from '../testing/fakeClock.js';
import type { UploadClock } from './clock.js';
import type { UploadStatus } from './stateMachine.js';
import type { Uploader } from './uploader.js';
import { CHUNK, createHarness, fileOf, randomFile, type Harness } from './testing/uploaderHarness.js';

// Loading the WebAssembly hash engine costs seconds on a busy CI machine.
vi.setConfig({ testTimeout: 30_000 });

const MINUTE = 60_000;
const serverError = { status: 500, body: { status: 500, message: '服务器内部错误' } };

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 5000 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 2));
  if (!condition()) throw new Error('condition never met');
}

/** A clock that moves only when the test says so, and remembers every sleep asked of it. */
function steppedClock() {
  const clock = createFakeClock();
  const sleeps: number[] = [];
  const seam: UploadClock = { now: clock.now, sleep: (ms) => (sleeps.push(ms), clock.sleep(ms)) };
  return { clock, sleeps, seam };
}

/** Pulls the cable the first time a request for `chunk` goes out (the browser notices unless told otherwise). */
function cutOnChunk(h: Harness, chunk: number, browserNotices = true) {
  let cut = false;
  h.service.holdForms((request) => {
    if (cut || request.body.chunk !== String(chunk)) return undefined;
    cut = true;
    h.network.drop({ browserNotices });
    throw new TypeError('Failed to fetch');
  });
}

/** Every status a file went through, each once per stretch. */
function statusesOf(uploader: Uploader): UploadStatus[] {
  const seen: UploadStatus[] = [];
  uploader.store.subscribe((state) => {
    const status = state.files[0]?.status;
    if (status && seen.at(-1) !== status) seen.push(status);
  });
  return seen;
}

describe('uploader: a line that drops', () => {
  it('waits out 10 minutes offline without failing or spending retries, resumes on `online` and sends only the missing chunks', async () => {
    const { clock, sleeps, seam } = steppedClock();
    const h = createHarness({ clock: seam, parallelChunks: 2 });
    const statuses = statusesOf(h.uploader);
    // The cable is pulled while chunk 4 is on its way.
    cutOnChunk(h, 4);
    const file = randomFile(10 * CHUNK);
    const id = h.uploader.add([file]).accepted[0]!;
    await until(() => fileOf(h.uploader, id).status === 'waitingForNetwork');
    await clock.advance(10 * MINUTE);
    expect(fileOf(h.uploader, id)).toMatchObject({ status: 'waitingForNetwork', restarts: 0, error: undefined, speed: 0 });
    expect(h.uploader.store.getState().totals.failed).toBe(0);
    // Checked every 5–10 s with a cheap chunk-map query; nothing else went out.
    const probes = h.network.lost.filter((kind) => kind === 'status').length;
    expect(probes).toBeGreaterThanOrEqual(60);
    expect(probes).toBeLessThanOrEqual(120);
    expect(new Set(h.network.lost)).toEqual(new Set(['status']));
    expect(sleeps.every((ms) => ms >= 5000 && ms <= 10_000)).toBe(true);
    const sentBefore = h.service.seen.length;

    h.network.restore();
    await h.uploader.idle();
    expect(fileOf(h.uploader, id)).toMatchObject({ status: 'done', percent: 100, restarts: 0 });
    expect(statuses).not.toContain('failed');
    expect(statuses.slice(statuses.indexOf('waitingForNetwork'))).toEqual(['waitingForNetwork', 'uploading', 'verifying', 'done']);
    const after = h.service.seen.slice(sentBefore);
    expect(after[0]!.kind).toBe('status');
    const held = h.service.statusAnswers.at(-1)!;
    const resent = after.filter((request) => request.kind === 'block').map((request) => Number(request.body.chunk));
    expect(held).toContain(0);
    expect(resent).toContain(4);
    expect(resent.filter((chunk) => held.includes(chunk))).toEqual([]);
    expect([...held, ...resent].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(h.service.stored.get(fileOf(h.uploader, id).fileMd5!)?.bytes).toEqual(file.bytes);
  });

  it('finds the line back by probing when the browser never says `online`, after its retries, without counting a restart', async () => {
    const { clock, sleeps, seam } = steppedClock();
    const h = createHarness({ clock: seam, parallelChunks: 1, retryDelays: [1000, 3000, 5000] });
    // A line that dies behind a router: navigator.onLine stays true.
    cutOnChunk(h, 2, false);
    const id = h.uploader.add([randomFile(5 * CHUNK)]).accepted[0]!;
    await until(() => sleeps.length > 0);
    await clock.advance(MINUTE);
    expect(fileOf(h.uploader, id)).toMatchObject({ status: 'waitingForNetwork', restarts: 0 });
    // The three retries of the chunk went unanswered; from then on only probes.
    expect(sleeps.slice(0, 3)).toEqual([1000, 3000, 5000]);
    expect(h.network.lost.slice(0, 3)).toEqual(['block', 'block', 'block']);

    h.network.restore({ announce: false });
    await clock.advance(10_000);
    await h.uploader.idle();
    expect(fileOf(h.uploader, id)).toMatchObject({ status: 'done', restarts: 0 });
  });

  it('waits in the 秒传 check too, instead of dropping the file with 查询文件信息失败', async () => {
    const { clock, seam } = steppedClock();
    const h = createHarness({ clock: seam });
    h.network.drop();
    const statuses = statusesOf(h.uploader);
    const id = h.uploader.add([randomFile(3 * CHUNK)]).accepted[0]!;
    await until(() => fileOf(h.uploader, id)?.status === 'waitingForNetwork');
    await clock.advance(2 * MINUTE);
    expect(h.uploader.store.getState().notices).toEqual([]);
    expect(h.network.lost[0]).toBe('exist');

    h.network.restore();
    await h.uploader.idle();
    expect(fileOf(h.uploader, id).status).toBe('done');
    expect(statuses).toEqual(['added', 'validating', 'hashing', 'comparing', 'waitingForNetwork', 'comparing', 'uploading', 'verifying', 'done']);
    expect(h.service.seen.filter((request) => request.kind === 'exist')).toHaveLength(1);
  });

  it('pauses and cancels while waiting; a paused file stops probing and resumes when asked', async () => {
    const { clock, seam } = steppedClock();
    const h = createHarness({ clock: seam, parallelFiles: 2 });
    h.network.drop();
    const [paused, cancelled] = h.uploader.add([randomFile(2 * CHUNK, '一.zip'), randomFile(2 * CHUNK, '二.zip')]).accepted as [string, string];
    await until(() => h.uploader.store.getState().files.every((file) => file.status === 'waitingForNetwork'));
    h.uploader.pause(paused);
    h.uploader.cancel(cancelled);
    expect(fileOf(h.uploader, paused).status).toBe('paused');
    expect(fileOf(h.uploader, cancelled).status).toBe('cancelled');
    const lost = h.network.lost.length;
    await clock.advance(5 * MINUTE);
    await h.uploader.idle();
    expect(h.network.lost.length).toBe(lost);

    h.network.restore();
    expect(fileOf(h.uploader, paused).status).toBe('paused');
    h.uploader.resume(paused);
    await h.uploader.idle();
    expect(fileOf(h.uploader, paused).status).toBe('done');
    expect(fileOf(h.uploader, cancelled).status).toBe('cancelled');
  });

  it('still fails after the retries and restarts when the server answers 5xx while the line is up', async () => {
    const h = createHarness();
    const statuses = statusesOf(h.uploader);
    h.service.fail((request) => request.kind === 'block' && request.body.chunk === '1', serverError, 100);
    const id = h.uploader.add([randomFile(3 * CHUNK)]).accepted[0]!;
    await h.uploader.idle();
    expect(fileOf(h.uploader, id)).toMatchObject({ status: 'failed', restarts: 3, error: { messageZh: '文件上传失败，请稍后重试' } });
    expect(h.clock.sleeps).toEqual([1000, 3000, 5000, 50, 1000, 3000, 5000, 50, 1000, 3000, 5000, 50, 1000, 3000, 5000]);
    expect(statuses).not.toContain('waitingForNetwork');
  });
});
