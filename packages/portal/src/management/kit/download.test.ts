import { DsError } from '@dscloud/sdk/errors';
import { describe, expect, it } from 'vitest';
import { downloadTransition, formatBytes, idleDownload, percentOf, refusalText, saveName, type DownloadEvent, type DownloadState } from './download';

const run = (events: DownloadEvent[], from: DownloadState = idleDownload) => events.reduce(downloadTransition, from);

describe('download state machine', () => {
  it('counts bytes against Content-Length and ends with the file', () => {
    const during = run([{ type: 'start' }, { type: 'progress', loaded: 256, total: 1024 }]);
    expect(during).toEqual({ status: 'downloading', loaded: 256, total: 1024 });
    expect(percentOf(during)).toBe(25);
    expect(run([{ type: 'done', fileName: 'a.xlsx', size: 1024 }], during)).toEqual({ status: 'done', fileName: 'a.xlsx', size: 1024 });
  });

  it('is indeterminate without a Content-Length (streamed export)', () => {
    const state = run([{ type: 'start' }, { type: 'progress', loaded: 4096 }]);
    expect(state).toEqual({ status: 'downloading', loaded: 4096, total: null });
    expect(percentOf(state)).toBeNull();
    expect(percentOf(run([{ type: 'start' }, { type: 'progress', loaded: 10, total: 0 }]))).toBeNull();
  });

  it('never goes backwards nor past 100 %', () => {
    const state = run([{ type: 'start' }, { type: 'progress', loaded: 900, total: 1000 }, { type: 'progress', loaded: 100, total: 1000 }]);
    expect(state).toMatchObject({ loaded: 900 });
    expect(percentOf(run([{ type: 'start' }, { type: 'progress', loaded: 2000, total: 1000 }]))).toBe(100);
  });

  it('ignores late events once finished, failed or cancelled', () => {
    const failed = run([{ type: 'start' }, { type: 'fail', message: '无权导出' }, { type: 'progress', loaded: 5 }, { type: 'done', fileName: 'x', size: 1 }]);
    expect(failed).toEqual({ status: 'failed', message: '无权导出' });
    const cancelled = run([{ type: 'start' }, { type: 'cancel' }, { type: 'fail', message: 'aborted' }]);
    expect(cancelled).toEqual({ status: 'cancelled' });
    expect(run([{ type: 'progress', loaded: 5 }])).toBe(idleDownload);
  });

  it('starts again from a failure, and a second start while running is the same download', () => {
    const again = run([{ type: 'start' }, { type: 'fail', message: 'x' }, { type: 'start' }]);
    expect(again).toEqual({ status: 'downloading', loaded: 0, total: null });
    const running = run([{ type: 'start' }, { type: 'progress', loaded: 7, total: 10 }]);
    expect(downloadTransition(running, { type: 'start' })).toBe(running);
  });
});

describe('download words', () => {
  it('formats byte counts', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(12 * 1024 * 1024)).toBe('12 MB');
  });

  it("says the server's reason with its code when an export is refused", () => {
    expect(refusalText(new DsError(4030001, { message: '您不是该活动的组织者' }))).toBe('您不是该活动的组织者（4030001）');
    expect(refusalText(new Error('Network Error'))).toBe('Network Error');
  });

  it("saves under the server's name, else the screen's", () => {
    expect(saveName({ fileName: '报名统计.xlsx' }, 'x.xlsx')).toBe('报名统计.xlsx');
    expect(saveName({ fileName: null }, '作品统计.xlsx')).toBe('作品统计.xlsx');
    expect(saveName({ fileName: '  ' }, '作品统计.xlsx')).toBe('作品统计.xlsx');
  });
});
