/**
 * A chunk request the browser abandons halfway (pause, cancel, reload) over real HTTP: the server
 * logs one warning naming the upload and the chunk (no error, no stack), acknowledges nothing of the
 * half chunk, and the same chunk sent again completes the upload with the right MD5.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useHarness } from './harness.js';
import { abandonChunk, download, fileBytes, md5, postChunk, sliceChunk } from './filesKit.js';

const CHUNK = 64 * 1024;
let teacher: string;

const h = useHarness();
beforeAll(async () => {
  teacher = await h.token('teacher');
}, 120_000);

/** Sends the first half of a chunk's multipart body, then drops the connection. */
const abandonHalfway = (whole: Buffer, index: number, fileInfoId: number) =>
  abandonChunk(h, teacher, { bytes: sliceChunk(whole, CHUNK, index), whole, fileName: '中断.png', chunkSize: CHUNK, chunk: index, fileInfoId }, CHUNK / 2);

const chunkMap = async (whole: Buffer) =>
  (await h.call<{ received: number[] }>('POST', '/file/v1/file/upload/status', { token: teacher, body: { fileMd5: md5(whole), fileName: '中断.png', totalSize: whole.length, chunkSize: CHUNK } })).data.received;

describe('a chunk request aborted by the client', () => {
  it('is logged as a warning naming the upload and chunk, keeps nothing of the half chunk, and the chunk sent again completes the upload', async () => {
    const warn = vi.spyOn(h.app.log, 'warn');
    const error = vi.spyOn(h.app.log, 'error');
    const whole = fileBytes(3 * CHUNK + 777, 'png');
    const post = (chunk: number, fileInfoId?: number) => postChunk(h, teacher, { bytes: sliceChunk(whole, CHUNK, chunk), whole, fileName: '中断.png', chunkSize: CHUNK, chunk, fileInfoId });
    const first = await post(0);
    expect(first.status).toBe(200);
    const id = first.data.fileInfoId as number;

    await abandonHalfway(whole, 1, id);
    await vi.waitFor(() => expect(warn).toHaveBeenCalled(), { timeout: 5000 });
    const [fields, message] = warn.mock.calls[0]!;
    expect(message).toContain(`upload ${id} chunk 1`);
    expect(fields).toMatchObject({ fileInfoId: String(id), chunk: '1' });
    expect(error).not.toHaveBeenCalled();
    expect(await chunkMap(whole)).toEqual([0]);

    expect((await post(1, id)).status).toBe(200);
    expect((await post(3, id)).status).toBe(200);
    const last = await post(2, id);
    expect(last.status).toBe(200);
    expect(last.data.fileInfo.fileMd5).toBe(md5(whole));
    const { bytes } = await download(h, teacher, id);
    expect(md5(bytes)).toBe(md5(whole));
    expect(error).not.toHaveBeenCalled();
  });
});
