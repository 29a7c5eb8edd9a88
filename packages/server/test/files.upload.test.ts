/**
 * Chunked upload over real HTTP against a real database and real files on disk: idempotent chunks,
 * conflicts, order, parallel posts, the whole-file MD5 check, each limit, other users' ids, resume
 * map, and the sweep of abandoned uploads.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { useHarness } from './harness.js';
import { download, fileBytes, md5, postChunk, sliceChunk, uploadWhole } from './filesKit.js';
import { sweep } from '../src/housekeeping.js';

const CHUNK = 64 * 1024;
let teacher: string;
let student: string;

const h = useHarness();
beforeAll(async () => {
  teacher = await h.token('teacher');
  student = await h.token('student');
}, 180_000);

const uploadDir = (id: number) => path.join(h.dataDir, 'files', 'uploads', String(id));
const status = (token: string, whole: Buffer, fileName: string, chunkSize = CHUNK) =>
  h.call('POST', '/file/v1/file/upload/status', { token, body: { fileMd5: md5(whole), fileName, totalSize: whole.length, chunkSize } });

describe('chunks', () => {
  it('uploads a file in chunks, verifies it and serves the same bytes back', async () => {
    const whole = fileBytes(3 * CHUNK + 1000, 'png');
    const answer = await uploadWhole(h, teacher, whole, '课堂照片.png', CHUNK);
    expect(answer.status).toBe(200);
    expect(answer.data.fileInfo).toMatchObject({ fileMd5: md5(whole), fileSize: whole.length, fileName: '课堂照片.png', extension: 'png', fileCategoryCode: 1 });
    const { res, bytes } = await download(h, teacher, answer.data.fileInfoId);
    expect(res.status).toBe(200);
    expect(md5(bytes)).toBe(md5(whole));
    expect(existsSync(uploadDir(answer.data.fileInfoId))).toBe(false);
  });

  it('treats the same chunk again as a no-op and refuses other bytes for a held index, keeping the first', async () => {
    const whole = fileBytes(2 * CHUNK + 10, 'png');
    const first = await postChunk(h, teacher, { bytes: sliceChunk(whole, CHUNK, 0), whole, fileName: 'a.png', chunkSize: CHUNK, chunk: 0 });
    expect(first.status).toBe(200);
    const id = first.data.fileInfoId;
    const again = await postChunk(h, teacher, { bytes: sliceChunk(whole, CHUNK, 0), whole, fileName: 'a.png', chunkSize: CHUNK, chunk: 0 });
    expect(again.data.fileInfoId).toBe(id);

    const other = Buffer.from(sliceChunk(whole, CHUNK, 1));
    other.writeUInt8(other[100]! ^ 0xff, 100);
    await postChunk(h, teacher, { bytes: sliceChunk(whole, CHUNK, 1), whole, fileName: 'a.png', chunkSize: CHUNK, chunk: 1, fileInfoId: id });
    const clash = await postChunk(h, teacher, { bytes: other, whole, fileName: 'a.png', chunkSize: CHUNK, chunk: 1, fileInfoId: id });
    expect(clash.http).toBe(409);
    expect(clash.status).toBe(4090006);
    expect(clash.message).toContain('分片 1');
    expect((await status(teacher, whole, 'a.png')).data.received).toEqual([0, 1]);

    const last = await postChunk(h, teacher, { bytes: sliceChunk(whole, CHUNK, 2), whole, fileName: 'a.png', chunkSize: CHUNK, chunk: 2, fileInfoId: id });
    expect(last.data.fileInfo.fileMd5).toBe(md5(whole));
    expect(md5((await download(h, teacher, id)).bytes)).toBe(md5(whole));
    // Completing twice (the last chunk re-sent) gives the same file.
    const repeat = await postChunk(h, teacher, { bytes: sliceChunk(whole, CHUNK, 2), whole, fileName: 'a.png', chunkSize: CHUNK, chunk: 2, fileInfoId: id });
    expect(repeat.data.fileInfo.fileInfoId).toBe(id);
  });

  it('takes two sends of one index at the same time with different bytes one after the other: one is kept whole, the other refused', async () => {
    const size = 1024 * 1024;
    const whole = fileBytes(2 * size + 5, 'png');
    const first = await postChunk(h, teacher, { bytes: sliceChunk(whole, size, 0), whole, fileName: 'race.png', chunkSize: size, chunk: 0 });
    const id = first.data.fileInfoId;
    const right = sliceChunk(whole, size, 1);
    const wrong = Buffer.from(right).fill(7, 0, size / 2);
    const send = (bytes: Buffer) => postChunk(h, teacher, { bytes, whole, fileName: 'race.png', chunkSize: size, chunk: 1, fileInfoId: id });
    const [a, b] = await Promise.all([send(right), send(wrong)]);
    expect([a.status, b.status].sort()).toEqual([200, 4090006]);
    const last = await postChunk(h, teacher, { bytes: sliceChunk(whole, size, 2), whole, fileName: 'race.png', chunkSize: size, chunk: 2, fileInfoId: id });
    // The kept bytes are the winner's, never a mix: the right bytes complete the file, the wrong ones fail its MD5.
    if (a.status === 200) expect(last.data.fileInfo.fileMd5).toBe(md5(whole));
    else expect(last.status).toBe(4220001);
  });

  it('accepts chunks out of order and in parallel', async () => {
    const whole = fileBytes(8 * CHUNK, 'mp4');
    const first = await postChunk(h, teacher, { bytes: sliceChunk(whole, CHUNK, 5), whole, fileName: 'v.mp4', chunkSize: CHUNK, chunk: 5 });
    const id = first.data.fileInfoId;
    const rest = [7, 0, 3, 1, 6, 2, 4, 3, 0];
    const answers = await Promise.all(rest.map((i) => postChunk(h, teacher, { bytes: sliceChunk(whole, CHUNK, i), whole, fileName: 'v.mp4', chunkSize: CHUNK, chunk: i, fileInfoId: id })));
    expect(answers.every((a) => a.status === 200 && a.data.fileInfoId === id)).toBe(true);
    const done = await status(teacher, whole, 'v.mp4');
    expect(done.data.fileInfo.fileMd5).toBe(md5(whole));
    const rows = await h.query<{ n: number }>('SELECT count(*)::int AS n FROM file_infos WHERE id = $1', [id]);
    expect(Number(rows[0]!.n)).toBe(1);
    expect(md5((await download(h, teacher, id)).bytes)).toBe(md5(whole));
  });

  it('refuses a file whose bytes do not match its MD5 and drops the partial upload so a fresh send works', async () => {
    const whole = fileBytes(2 * CHUNK, 'png');
    const claimed = md5(fileBytes(10, 'png'));
    const a = await postChunk(h, teacher, { bytes: sliceChunk(whole, CHUNK, 0), whole, fileMd5: claimed, fileName: 'b.png', chunkSize: CHUNK, chunk: 0 });
    const b = await postChunk(h, teacher, { bytes: sliceChunk(whole, CHUNK, 1), whole, fileMd5: claimed, fileName: 'b.png', chunkSize: CHUNK, chunk: 1, fileInfoId: a.data.fileInfoId });
    expect(b.http).toBe(422);
    expect(b.status).toBe(4220001);
    expect(b.message).toContain(claimed);
    expect(existsSync(uploadDir(a.data.fileInfoId))).toBe(false);
    const fresh = await h.call('POST', '/file/v1/file/upload/status', { token: teacher, body: { fileMd5: claimed, fileName: 'b.png', totalSize: whole.length, chunkSize: CHUNK } });
    expect(fresh.data).toMatchObject({ fileInfoId: -1, received: [] });
    expect((await uploadWhole(h, teacher, whole, 'b.png', CHUNK)).data.fileInfo.fileMd5).toBe(md5(whole));
  });

  it('reports the chunk map for resume with the server chunk size, and refuses a different chunk size', async () => {
    const whole = fileBytes(4 * CHUNK, 'png');
    const a = await postChunk(h, teacher, { bytes: sliceChunk(whole, CHUNK, 0), whole, fileName: 'r.png', chunkSize: CHUNK, chunk: 0 });
    await postChunk(h, teacher, { bytes: sliceChunk(whole, CHUNK, 2), whole, fileName: 'r.png', chunkSize: CHUNK, chunk: 2, fileInfoId: a.data.fileInfoId });
    const map = await status(teacher, whole, 'r.png', 2 * CHUNK);
    expect(map.data).toMatchObject({ fileInfoId: a.data.fileInfoId, chunkSize: CHUNK, chunks: 4, received: [0, 2] });
    const other = await postChunk(h, teacher, { bytes: whole.subarray(0, 2 * CHUNK), whole, fileName: 'r.png', chunkSize: 2 * CHUNK, chunk: 0 });
    expect(other.status).toBe(4090006);
    expect(other.message).toContain(String(CHUNK));
  });

  it('answers 404 for another user\'s upload and file, as if they did not exist', async () => {
    const whole = fileBytes(2 * CHUNK, 'png');
    const a = await postChunk(h, teacher, { bytes: sliceChunk(whole, CHUNK, 0), whole, fileName: 'mine.png', chunkSize: CHUNK, chunk: 0 });
    const theirs = await postChunk(h, student, { bytes: sliceChunk(whole, CHUNK, 1), whole, fileName: 'mine.png', chunkSize: CHUNK, chunk: 1, fileInfoId: a.data.fileInfoId });
    expect(theirs.http).toBe(404);
    expect(theirs.message).toContain(String(a.data.fileInfoId));
    const map = await status(student, whole, 'mine.png');
    expect(map.data.fileInfoId).toBe(-1);

    const done = await uploadWhole(h, teacher, fileBytes(1000, 'png'), 'done.png', CHUNK);
    const id = done.data.fileInfoId;
    expect((await download(h, student, id)).res.status).toBe(404);
    expect((await h.call('GET', `/file/v1/file/info/${id}`, { token: student })).status).toBe(404);
    expect((await h.call('GET', `/file/v1/file/info/${id}`, { token: teacher })).data.fileName).toBe('done.png');
  });
});

describe('limits', () => {
  const whole = fileBytes(3 * CHUNK, 'png');
  const base = { whole, fileName: 'x.png', chunkSize: CHUNK };

  it('refuses extensions outside the allow-list, and an extension field that contradicts the name', async () => {
    const exe = await postChunk(h, teacher, { ...base, bytes: sliceChunk(whole, CHUNK, 0), fileName: 'setup.exe', chunk: 0 });
    expect(exe.status).toBe(4150001);
    expect(exe.message).toContain('exe');
    const html = await postChunk(h, teacher, { ...base, bytes: sliceChunk(whole, CHUNK, 0), fileName: 'page.html', chunk: 0 });
    expect(html.http).toBe(415);
    const mixed = await postChunk(h, teacher, { ...base, bytes: sliceChunk(whole, CHUNK, 0), extension: 'jpg', chunk: 0 });
    expect(mixed.status).toBe(4150002);
  });

  it('refuses files over the maximum size and empty files', async () => {
    const big = await postChunk(h, teacher, { ...base, bytes: sliceChunk(whole, CHUNK, 0), chunk: 0, totalSize: 2049 * 1024 * 1024, chunkSize: 64 * 1024 * 1024, chunks: 33 });
    expect(big.status).toBe(4130001);
    expect(big.http).toBe(413);
    expect(big.message).toContain('2048MB');
    const empty = await postChunk(h, teacher, { ...base, bytes: Buffer.alloc(0), chunk: 0, totalSize: 0, chunks: 1 });
    expect(empty.status).toBe(5000002);
  });

  it('refuses a chunk whose size differs from chunkSize (except the last), a bad index and a wrong chunk count', async () => {
    const short = await postChunk(h, teacher, { ...base, bytes: sliceChunk(whole, CHUNK, 0).subarray(0, 1000), chunk: 0 });
    expect(short.http).toBe(400);
    expect(short.message).toContain(`应为 ${CHUNK} 字节`);
    const long = await postChunk(h, teacher, { ...base, bytes: Buffer.concat([sliceChunk(whole, CHUNK, 1), Buffer.alloc(10)]), chunk: 1 });
    expect(long.http).toBe(400);
    const index = await postChunk(h, teacher, { ...base, bytes: sliceChunk(whole, CHUNK, 0), chunk: 3 });
    expect(index.status).toBe(400);
    expect(index.message).toContain('0 到 2');
    const count = await postChunk(h, teacher, { ...base, bytes: sliceChunk(whole, CHUNK, 0), chunk: 0, chunks: 5 });
    expect(count.message).toContain('应分为 3 片');
    const tiny = await postChunk(h, teacher, { ...base, bytes: whole.subarray(0, 1024), chunk: 0, chunkSize: 1024 });
    expect(tiny.message).toContain('chunkSize 不能小于');
    expect((await status(teacher, whole, 'x.png')).data.received).toEqual([]);
  });

  it('sniffs the first chunk: a program renamed to .png is refused', async () => {
    const fake = Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00]), fileBytes(CHUNK - 4, 'none')]);
    const answer = await postChunk(h, teacher, { bytes: fake, fileName: '照片.png', chunkSize: CHUNK, chunk: 0 });
    expect(answer.message).toContain('.png');
    expect(answer.http).toBe(415);
    expect(answer.status).toBe(4150002);
    expect(answer.message).toContain('.png');
    const pdfAsZip = await postChunk(h, teacher, { bytes: fileBytes(2000, 'pdf'), fileName: 'a.zip', chunkSize: CHUNK, chunk: 0 });
    expect(pdfAsZip.status).toBe(4150002);
  });

  it('refuses names over 200 characters and a missing file part', async () => {
    const long = await postChunk(h, teacher, { bytes: fileBytes(100, 'png'), fileName: `${'课'.repeat(201)}.png`, chunkSize: CHUNK, chunk: 0 });
    expect(long.status).toBe(4220002);
    const form = new FormData();
    form.append('fileMd5', md5(Buffer.from('x')));
    const res = await fetch(`${h.base}/api/file/v1/file/block`, { method: 'POST', headers: { authorization: teacher }, body: form });
    const json = (await res.json()) as { status: number; message: string };
    expect(json.status).toBe(4200005);
    expect(json.message).toContain('file');
    const jsonBody = await h.call('POST', '/api/file/v1/file/block', { token: teacher, body: {} });
    expect(jsonBody.http).toBe(415);
    expect(jsonBody.message).toContain('multipart/form-data');
  });
});

describe('sweep', () => {
  it('removes uploads left untouched for longer than UPLOAD_TTL_HOURS, and keeps completed files', async () => {
    const whole = fileBytes(2 * CHUNK, 'png');
    const a = await postChunk(h, teacher, { bytes: sliceChunk(whole, CHUNK, 0), whole, fileName: 'left.png', chunkSize: CHUNK, chunk: 0 });
    const id = a.data.fileInfoId;
    const kept = await uploadWhole(h, teacher, fileBytes(5000, 'png'), 'kept.png', CHUNK);
    expect(readdirSync(uploadDir(id)).length).toBe(1);
    await sweep(h.app.ctx);
    expect((await status(teacher, whole, 'left.png')).data.received).toEqual([0]);
    h.advance(25 * 3600_000);
    await sweep(h.app.ctx);
    teacher = await h.token('teacher');
    expect(existsSync(uploadDir(id))).toBe(false);
    expect((await status(teacher, whole, 'left.png')).data.fileInfoId).toBe(-1);
    expect((await download(h, teacher, kept.data.fileInfoId)).res.status).toBe(200);
  });
});
