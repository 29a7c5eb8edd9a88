/**
 * Deleting a tool document gives its stored file back (files/fileRelease.ts) — but only what nothing
 * else names: a file another document, an avatar or another user's 秒传 copy still uses survives and
 * downloads; an unshared one is gone from the database and from disk.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import { download, uploadWhole } from './filesKit.js';

const W = '/business/v1/whiteboardResource';
const CHUNK = 10 * 1024 * 1024;

let h: Harness;
let teacher: string;
let teacher2: string;

beforeAll(async () => {
  h = await startHarness();
  teacher = await h.token('teacher');
  teacher2 = await h.token('teacher2');
});
afterAll(async () => {
  await h?.close();
});

const doc = (text: string) => Buffer.from(JSON.stringify({ tool: 'mindMap', version: 1, data: { nodeData: { id: 'root', topic: text } } }));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function upload(token: string, bytes: Buffer): Promise<string> {
  const answer = await uploadWhole(h, token, bytes, '导图.json', CHUNK);
  expect(answer.status, answer.message).toBe(200);
  return String(answer.data.fileInfoId);
}
async function save(token: string, fileInfoId: string): Promise<string> {
  const saved = await h.call('POST', W, { token, body: { tool: 'mindMap', title: '导图', fileInfoId } });
  expect(saved.status, saved.message).toBe(200);
  return saved.data.businessWhiteboardResourceId as string;
}
async function remove(token: string, id: string): Promise<void> {
  const answer = await h.call('DELETE', `${W}/${id}`, { token });
  expect(answer.status, answer.message).toBe(200);
}

/** Whether the content's bytes are on disk anywhere under the server's data folder. */
function onDisk(bytes: Buffer): boolean {
  const name = sha256(bytes);
  const walk = (dir: string): boolean =>
    readdirSync(dir, { withFileTypes: true }).some((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.name === name));
  return walk(h.dataDir);
}
const fileRows = async (id: string) => (await h.query('SELECT id FROM file_infos WHERE id = $1', [Number(id)])).length;
const contentRows = async (bytes: Buffer) => (await h.query('SELECT sha256 FROM file_contents WHERE sha256 = $1', [sha256(bytes)])).length;

describe('deleting a tool document and its file', () => {
  it('removes an unshared file from the database and from disk', async () => {
    const bytes = doc('只属于这一份文档');
    const fileInfoId = await upload(teacher, bytes);
    const id = await save(teacher, fileInfoId);
    expect(onDisk(bytes)).toBe(true);
    await remove(teacher, id);
    expect([await fileRows(fileInfoId), await contentRows(bytes), onDisk(bytes)]).toEqual([0, 0, false]);
    expect((await download(h, teacher, fileInfoId)).res.status).toBe(404);
  });

  it('keeps a file another document of the owner names (秒传 gave both the same file) until the last one goes', async () => {
    const bytes = doc('两份文档同一个文件');
    const first = await upload(teacher, bytes);
    const second = await upload(teacher, bytes);
    expect(second).toBe(first);
    const a = await save(teacher, first);
    const b = await save(teacher, second);
    await remove(teacher, a);
    expect((await h.call('GET', `${W}/${b}/document`, { token: teacher })).status).toBe(200);
    expect(onDisk(bytes)).toBe(true);
    await remove(teacher, b);
    expect([await fileRows(first), onDisk(bytes)]).toEqual([0, false]);
  });

  it('keeps the bytes another user uploaded too, and that user still downloads them', async () => {
    const bytes = doc('两位老师上传了同样的内容');
    const mine = await upload(teacher, bytes);
    const theirs = await upload(teacher2, bytes);
    expect(theirs).not.toBe(mine);
    const id = await save(teacher, mine);
    await remove(teacher, id);
    expect(await fileRows(mine)).toBe(0);
    expect([await contentRows(bytes), onDisk(bytes)]).toEqual([1, true]);
    const got = await download(h, teacher2, theirs);
    expect(got.res.status).toBe(200);
    expect(got.bytes.equals(bytes)).toBe(true);
  });

  it('keeps a file something else names (here an avatar)', async () => {
    const bytes = doc('也被别处引用的文件');
    const fileInfoId = await upload(teacher, bytes);
    const id = await save(teacher, fileInfoId);
    await h.query("UPDATE users SET avatar_file_id = $1 WHERE username = 'teacher'", [fileInfoId]);
    try {
      await remove(teacher, id);
      expect([await fileRows(fileInfoId), onDisk(bytes)]).toEqual([1, true]);
      expect((await download(h, teacher, fileInfoId)).bytes.equals(bytes)).toBe(true);
    } finally {
      await h.query("UPDATE users SET avatar_file_id = NULL WHERE username = 'teacher'");
    }
  });

  it('keeps a file a lesson cover names by its download URL', async () => {
    const bytes = doc('封面地址引用的文件');
    const fileInfoId = await upload(teacher, bytes);
    const id = await save(teacher, fileInfoId);
    const [lesson] = await h.query<{ id: string; cover_url: string }>('SELECT id, cover_url FROM lessons ORDER BY id LIMIT 1');
    await h.query('UPDATE lessons SET cover_url = $1 WHERE id = $2', [`/file/v1/file/download/${fileInfoId}`, lesson!.id]);
    try {
      await remove(teacher, id);
      expect([await fileRows(fileInfoId), onDisk(bytes)]).toEqual([1, true]);
    } finally {
      await h.query('UPDATE lessons SET cover_url = $1 WHERE id = $2', [lesson!.cover_url, lesson!.id]);
    }
  });
});

describe('saving a new version of a tool document', () => {
  async function saveVersion(token: string, id: string, version: number, fileInfoId: string) {
    const answer = await h.call('PUT', W, { token, body: { businessWhiteboardResourceId: id, version, fileInfoId } });
    expect(answer.status, answer.message).toBe(200);
    return answer.data as { version: number };
  }

  it('gives the replaced file back, and the document opens with the new one', async () => {
    const first = doc('第一版');
    const second = doc('第二版');
    const oldFile = await upload(teacher, first);
    const id = await save(teacher, oldFile);
    const newFile = await upload(teacher, second);
    expect((await saveVersion(teacher, id, 1, newFile)).version).toBe(2);
    expect([await fileRows(oldFile), onDisk(first)]).toEqual([0, false]);
    const opened = await h.call('GET', `${W}/${id}/document`, { token: teacher });
    expect(opened.status).toBe(200);
    expect([await fileRows(newFile), onDisk(second)]).toEqual([1, true]);
  });

  it('keeps the replaced file when another document still names it', async () => {
    const shared = doc('两份文档共用的旧版');
    const oldFile = await upload(teacher, shared);
    const a = await save(teacher, oldFile);
    await save(teacher, oldFile);
    const newFile = await upload(teacher, doc('只改了其中一份'));
    await saveVersion(teacher, a, 1, newFile);
    expect([await fileRows(oldFile), onDisk(shared)]).toEqual([1, true]);
  });

  it('keeps the file when a stale save is refused', async () => {
    const bytes = doc('过期保存不删文件');
    const oldFile = await upload(teacher, bytes);
    const id = await save(teacher, oldFile);
    const newFile = await upload(teacher, doc('新的一版'));
    await saveVersion(teacher, id, 1, newFile);
    const stale = await h.call('PUT', W, { token: teacher, body: { businessWhiteboardResourceId: id, version: 1, fileInfoId: oldFile } });
    expect(stale.status).not.toBe(200);
    expect(await fileRows(newFile)).toBe(1);
  });
});
