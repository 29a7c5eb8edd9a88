/**
 * Instant upload with proof of possession, registration, and downloads (Range, RFC 6266 names,
 * inline vs attachment) over real HTTP.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';
import { download, fileBytes, md5, uploadWhole } from './filesKit.js';

const CHUNK = 64 * 1024;
let teacher: string;
let student: string;
const whole = fileBytes(200_000, 'mp4');
let teacherFileId: number;

const h = useHarness();
beforeAll(async () => {
  teacher = await h.token('teacher');
  student = await h.token('student');
  teacherFileId = (await uploadWhole(h, teacher, whole, '第一课 导入.mp4', CHUNK)).data.fileInfoId;
}, 180_000);

const exist = (token: string, extra: Record<string, unknown> = {}) =>
  h.call('POST', '/file/v1/file/exist', { token, body: { extension: 'mp4', fileMd5: md5(whole), fileName: '我的.mp4', fileSize: whole.length, ...extra } });

describe('proof of possession', () => {
  it('tells the owner at once that the file exists', async () => {
    const answer = await exist(teacher);
    expect(answer.data).toMatchObject({ existsFlag: 1, fileInfoId: teacherFileId });
    expect(answer.data.fileInfo.fileMd5).toBe(md5(whole));
  });

  it('gives someone who only knows the MD5 nothing but a challenge, and a wrong proof nothing at all', async () => {
    const first = await exist(student);
    expect(first.data.existsFlag).toBe(0);
    expect(first.data.fileInfoId).toBe(-1);
    expect(first.data.fileInfo).toBeUndefined();
    const { challengeId, offset, length } = first.data.challenge;
    expect(length).toBeGreaterThan(0);
    expect(offset + length).toBeLessThanOrEqual(whole.length);
    const wrong = await exist(student, { challengeId, proof: md5(whole) });
    expect(wrong.data).toMatchObject({ existsFlag: 0, fileInfoId: -1 });
    expect(wrong.data.challenge).toBeUndefined();
    // Single use: even the right answer to a spent challenge links nothing.
    const late = await exist(student, { challengeId, proof: md5(whole.subarray(offset, offset + length)) });
    expect(late.data.existsFlag).toBe(0);
    const denied = await download(h, student, teacherFileId);
    expect(denied.res.status).toBe(404);
  });

  it('answers content nobody stored exactly as content someone did: a challenge, which nothing passes', async () => {
    const unknown = Buffer.from('content that no one has uploaded '.repeat(4000));
    const ask = (extra: Record<string, unknown> = {}) =>
      h.call('POST', '/file/v1/file/exist', { token: student, body: { extension: 'mp4', fileMd5: md5(unknown), fileName: '猜的.mp4', fileSize: unknown.length, ...extra } });
    const known = await exist(student);
    const decoy = await ask();
    expect(Object.keys(decoy.data).sort()).toEqual(Object.keys(known.data).sort());
    expect(Object.keys(decoy.data.challenge).sort()).toEqual(Object.keys(known.data.challenge).sort());
    expect(decoy.data).toMatchObject({ existsFlag: 0, fileInfoId: -1 });
    const { challengeId, offset, length } = decoy.data.challenge;
    expect(length).toBe(Math.min(unknown.length, 64 * 1024));
    expect(offset + length).toBeLessThanOrEqual(unknown.length);
    // Even the true MD5 of the claimed bytes links nothing: no content stands behind a decoy.
    const proved = await ask({ challengeId, proof: md5(unknown.subarray(offset, offset + length)) });
    expect(proved.data).toMatchObject({ existsFlag: 0, fileInfoId: -1 });
    expect(proved.data.challenge).toBeUndefined();
  });

  it('refuses a challenge answered by another user or after it expired', async () => {
    const issued = (await exist(student)).data.challenge;
    const proof = md5(whole.subarray(issued.offset, issued.offset + issued.length));
    const parent = await h.token('parent');
    expect((await exist(parent, { challengeId: issued.challengeId, proof })).data.existsFlag).toBe(0);
    const again = (await exist(student)).data.challenge;
    h.advance(6 * 60_000);
    const fresh = await h.token('student');
    const expired = await exist(fresh, { challengeId: again.challengeId, proof: md5(whole.subarray(again.offset, again.offset + again.length)) });
    expect(expired.data.existsFlag).toBe(0);
  });

  it('links a new file for the caller when the proof is right, without a second copy on disk', async () => {
    const first = await exist(student);
    const { challengeId, offset, length } = first.data.challenge;
    const proved = await exist(student, { challengeId, proof: md5(whole.subarray(offset, offset + length)) });
    expect(proved.data.existsFlag).toBe(1);
    expect(proved.data.fileInfoId).not.toBe(teacherFileId);
    expect(proved.data.fileInfo.fileName).toBe('我的.mp4');
    const got = await download(h, student, proved.data.fileInfoId);
    expect(md5(got.bytes)).toBe(md5(whole));
    const contents = await h.query<{ n: number }>('SELECT count(*)::int AS n FROM file_contents WHERE md5 = $1', [md5(whole)]);
    expect(Number(contents[0]!.n)).toBe(1);
  });

  it('registers another name for a file the caller has, never from an MD5 alone', async () => {
    const parent = await h.token('parent');
    const refused = await h.call('POST', '/file/v1/file/info', { token: parent, body: { extension: 'mp4', fileMd5: md5(whole), fileName: 'x.mp4', supportSourceFlag: 0 } });
    expect(refused.http).toBe(404);
    const named = await h.call('POST', '/file/v1/file/info', { token: teacher, body: { extension: 'mp4', fileMd5: md5(whole), fileName: '副本.mp4', supportSourceFlag: 1 } });
    expect(named.data).toMatchObject({ fileName: '副本.mp4', supportSourceFlag: 1, fileMd5: md5(whole) });
  });

  it('checks the request: bad MD5, unsupported type', async () => {
    expect((await exist(teacher, { fileMd5: 'not-an-md5' })).message).toContain('fileMd5');
    expect((await exist(teacher, { fileName: 'a.exe', extension: 'exe' })).status).toBe(4150001);
  });

  it('refuses a name with direction overrides or C1 controls, naming the field', async () => {
    // "课件\u202Egpj.mp4" shows as "课件4pm.jpg": a video posing as a picture.
    for (const fileName of ['课件\u202Egpj.mp4', 'a\u2066b.mp4', 'a\u200fb.mp4', 'a\u0085b.mp4']) {
      const answer = await exist(teacher, { fileName });
      expect([answer.http, answer.data?.field], JSON.stringify(fileName)).toEqual([400, 'fileName']);
      expect(answer.message).toContain('fileName');
    }
    expect((await exist(teacher, { fileName: '阿拉伯文 مرحبا.mp4' })).http).toBe(200);
  });
});

describe('download', () => {
  it('serves byte ranges with 206, refuses impossible ones with 416', async () => {
    const part = await download(h, teacher, teacherFileId, { range: 'bytes=100-199' });
    expect(part.res.status).toBe(206);
    expect(part.res.headers.get('content-range')).toBe(`bytes 100-199/${whole.length}`);
    expect(part.bytes.equals(whole.subarray(100, 200))).toBe(true);
    const tail = await download(h, teacher, teacherFileId, { range: 'bytes=-10' });
    expect(tail.bytes.equals(whole.subarray(whole.length - 10))).toBe(true);
    const open = await download(h, teacher, teacherFileId, { range: `bytes=${whole.length - 5}-` });
    expect(open.bytes.length).toBe(5);
    const beyond = await download(h, teacher, teacherFileId, { range: `bytes=${whole.length}-` });
    expect(beyond.res.status).toBe(416);
    expect(beyond.res.headers.get('content-range')).toBe(`bytes */${whole.length}`);
    const stale = await download(h, teacher, teacherFileId, { range: 'bytes=0-9', 'if-range': '"other"' });
    expect(stale.res.status).toBe(200);
    expect(stale.bytes.length).toBe(whole.length);
  });

  it('names the file per RFC 6266 (Chinese names intact), nosniff, inline for video', async () => {
    const { res } = await download(h, teacher, teacherFileId);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    const disposition = res.headers.get('content-disposition')!;
    expect(disposition.startsWith('inline;')).toBe(true);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('第一课 导入.mp4')}`);
    expect(disposition).toMatch(/filename="[\x20-\x7e]+"/);
    const forced = await download(h, teacher, teacherFileId, {});
    expect(forced.res.status).toBe(200);
    const attach = await fetch(`${h.base}/file/v1/file/download/${teacherFileId}?download=1`, { headers: { authorization: teacher } });
    expect(attach.headers.get('content-disposition')!.startsWith('attachment;')).toBe(true);
  });

  it('serves active types (svg, html) as attachments with a neutral type, whatever their name says', async () => {
    // An operator may allow svg/html later; simulate such stored files on the existing content.
    const [content] = await h.query<{ content_sha256: string; user_id: string }>('SELECT content_sha256, user_id FROM file_infos WHERE id = $1', [teacherFileId]);
    for (const [id, ext, name] of [[900001, 'svg', 'a.svg'], [900002, 'html', 'x"\r\nSet-Cookie: a=b.html']] as const) {
      await h.query(
        `INSERT INTO file_infos (id, user_id, content_sha256, file_name, extension, category_code, created_at) VALUES ($1, $2, $3, $4, $5, 9, 0)`,
        [id, content!.user_id, content!.content_sha256, name, ext],
      );
      const { res } = await download(h, teacher, id);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')!.startsWith('attachment;')).toBe(true);
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(res.headers.get('content-security-policy')).toBe('sandbox');
    }
  });

  it('needs a token', async () => {
    const res = await fetch(`${h.base}/file/v1/file/download/${teacherFileId}`);
    expect(res.status).toBe(401);
  });
});
