/**
 * A full disk during an upload: the chunk is refused with "存储空间不足" (5070001, HTTP 507), the
 * system's own error is logged, the descriptor is closed once, and the upload resumes where it
 * stopped once there is room again. The full disk is the kernel's own: the upload's data file is
 * pointed at /dev/full, where every write fails with ENOSPC.
 */
import { copyFileSync, existsSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { LocalChunkStore, unwritten } from '../src/files/localChunkStore.js';
import { useHarness } from './harness.js';
import { download, fileBytes, md5, postChunk, sliceChunk } from './filesKit.js';

const CHUNK = 64 * 1024;
const hasDevFull = existsSync('/dev/full');

let teacher: string;
const h = useHarness();
beforeAll(async () => {
  teacher = await h.token('teacher');
});

describe('the chunk writer', () => {
  it('reports the source’s own failure, not a second close of its file', async () => {
    const store = new LocalChunkStore(path.join(h.dataDir, 'unit'));
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024));
        this.destroy(Object.assign(new Error('网络中断'), { code: 'ECONNRESET' }));
      },
    });
    await expect(store.putChunk('1', 0, failing, CHUNK)).rejects.toMatchObject({ code: 'ECONNRESET' });
  });

  it('stores a chunk that arrives in many small pieces byte for byte at its offset, beside the chunk before it', async () => {
    const store = new LocalChunkStore(path.join(h.dataDir, 'unit'));
    const first = Buffer.alloc(3000, 1);
    // 2 000 pieces of 1 to 97 bytes: more pieces than one gathered write takes.
    const pieces = Array.from({ length: 2000 }, (_, i) => Buffer.alloc((i % 97) + 1, i % 251));
    const second = Buffer.concat(pieces);
    await store.putChunk('3', 0, Readable.from([first]), first.length);
    const stored = await store.putChunk('3', first.length, Readable.from(pieces), second.length);
    expect(stored.size).toBe(second.length);
    expect(readFileSync(store.dataPath('3')).equals(Buffer.concat([first, second]))).toBe(true);
  });

  it('after a short write, sends again exactly the bytes that were not written', () => {
    const pieces = [Buffer.from('abc'), Buffer.from('defg'), Buffer.from('h')];
    expect(unwritten(pieces, 0).map(String)).toEqual(['abc', 'defg', 'h']);
    expect(unwritten(pieces, 3).map(String)).toEqual(['defg', 'h']);
    expect(unwritten(pieces, 5).map(String)).toEqual(['fg', 'h']);
    expect(unwritten(pieces, 8)).toEqual([]);
  });

  it.runIf(hasDevFull)('reports ENOSPC when the disk is full, not EBADF', async () => {
    const store = new LocalChunkStore(path.join(h.dataDir, 'unit'));
    await store.putChunk('2', 0, Readable.from([Buffer.alloc(10)]), CHUNK);
    const data = store.dataPath('2');
    rmSync(data);
    symlinkSync('/dev/full', data);
    await expect(store.putChunk('2', 0, Readable.from([Buffer.alloc(CHUNK)]), CHUNK)).rejects.toMatchObject({ code: 'ENOSPC' });
  });
});

describe.runIf(hasDevFull)('an upload while the disk is full', () => {
  it('answers 存储空间不足, keeps what was acknowledged and resumes once there is room', async () => {
    const whole = fileBytes(3 * CHUNK, 'png');
    const post = (chunk: number, fileInfoId?: number) =>
      postChunk(h, teacher, { bytes: sliceChunk(whole, CHUNK, chunk), whole, fileName: '满盘.png', chunkSize: CHUNK, chunk, fileInfoId });
    // Chunk 1 first (out of order is fine): the whole-file MD5 waits for chunk 0, so nothing reads
    // the data file while it points at /dev/full.
    const first = await post(1);
    expect(first.status).toBe(200);
    const id = first.data.fileInfoId as number;

    const data = path.join(h.dataDir, 'files', 'uploads', String(id), 'data');
    const kept = `${data}.kept`;
    renameSync(data, kept);
    symlinkSync('/dev/full', data);
    const full = await post(0, id);
    expect(`${full.http} ${full.status}`).toBe('507 5070001');
    expect(full.message).toContain('存储空间不足');
    expect(full.message).toContain('分片 0');

    // Room again: the acknowledged chunk is still there, the refused one is sent again.
    rmSync(data);
    copyFileSync(kept, data);
    const status = await h.call('POST', '/file/v1/file/upload/status', { token: teacher, body: { fileMd5: md5(whole), fileName: '满盘.png', totalSize: whole.length, chunkSize: CHUNK } });
    expect(status.data.received).toEqual([1]);
    expect((await post(0, id)).status).toBe(200);
    const last = await post(2, id);
    expect(last.status).toBe(200);
    expect(last.data.fileInfo).toBeTruthy();
    const { bytes } = await download(h, teacher, id);
    expect(md5(bytes)).toBe(md5(whole));
  });
});
