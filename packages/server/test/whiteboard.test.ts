/**
 * Tool documents over real calls (docs/api.md "Whiteboard resources"): a teacher uploads a document
 * through the file service and saves it as a resource; only the owner changes or deletes it; an update
 * with a stale version is refused with 409 and the current resource; documents that are too large,
 * not JSON or of another tool are refused with their codes and nothing stored changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '@dscloud/sdk/errors';
import { startHarness, type Harness } from './harness.js';
import { download, uploadWhole } from './filesKit.js';

const W = '/business/v1/whiteboardResource';
const CHUNK = 10 * 1024 * 1024;

let h: Harness;
let teacher: string;
let teacher2: string;
let student: string;
let admin: string;

const doc = (tool: string, data: unknown) => Buffer.from(JSON.stringify({ tool, version: 1, data }));
const upload = async (token: string, bytes: Buffer, name = '思维导图.json') => {
  const answer = await uploadWhole(h, token, bytes, name, CHUNK);
  expect(answer.status, answer.message).toBe(200);
  return String(answer.data.fileInfoId);
};

beforeAll(async () => {
  h = await startHarness();
  teacher = await h.token('teacher');
  teacher2 = await h.token('teacher2');
  student = await h.token('student');
  admin = await h.token('admin');
});
afterAll(async () => {
  await h?.close();
});

async function firstNode(): Promise<{ nodeId: string; label: string; bookId: string; bookLabel: string; editionId: string }> {
  const editions = (await h.call('POST', '/business/v1/stage/children', { body: {} })).data as Array<{ id: string }>;
  for (const edition of editions) {
    const books = (await h.call('POST', '/business/v1/stage/children', { body: { parentLevel: 'edition', parentId: edition.id } })).data as Array<{ id: string; label: string }>;
    for (const book of books) {
      const nodes = (await h.call('POST', '/business/v1/stage/children', { body: { parentLevel: 'book', parentId: book.id } })).data as Array<{ id: string; label: string }>;
      if (nodes[0]) return { nodeId: nodes[0].id, label: nodes[0].label, bookId: book.id, bookLabel: book.label, editionId: edition.id };
    }
  }
  throw new Error('no curriculum node in the seed');
}

describe('whiteboard resources', () => {
  let id: string;
  let node: Awaited<ReturnType<typeof firstNode>>;

  it('saves a document with its node, reads it back and lists it for its owner only', async () => {
    node = await firstNode();
    const bytes = doc('mindMap', { nodeData: { id: 'root', topic: '分数的意义' } });
    const fileInfoId = await upload(teacher, bytes);
    const saved = await h.call('POST', W, { token: teacher, body: { tool: 'mindMap', title: '分数导图', fileInfoId, nodeId: node.nodeId, nodeLabel: '伪造的名称' } });
    expect(saved.status, saved.message).toBe(200);
    id = saved.data.businessWhiteboardResourceId;
    expect(saved.data).toMatchObject({
      dataType: 'FILE',
      resourceType: 'WHITE_BOARD',
      businessType: 'MIND_MAPPING',
      tool: 'mindMap',
      version: 1,
      dataUrl: `/file/v1/file/download/${fileInfoId}`,
      nodeId: node.nodeId,
      nodeLabel: node.label,
      businessBookId: node.bookId,
      businessBookLabel: node.bookLabel,
      businessEditionId: node.editionId,
    });
    // The dataUrl serves the very bytes uploaded; the document call the parsed document.
    expect((await download(h, teacher, fileInfoId)).bytes.equals(bytes)).toBe(true);
    expect(JSON.stringify((await h.call('GET', `${W}/${id}/document`, { token: teacher })).data)).toBe(bytes.toString());

    const mine = await h.call('POST', `${W}/page`, { token: teacher, body: { tool: 'mindMap', nodeId: node.nodeId } });
    expect(mine.data.rows.map((r: { businessWhiteboardResourceId: string }) => r.businessWhiteboardResourceId)).toContain(id);
    const theirs = await h.call('POST', `${W}/page`, { token: teacher2, body: {} });
    expect(theirs.data.rows.map((r: { businessWhiteboardResourceId: string }) => r.businessWhiteboardResourceId)).not.toContain(id);
    expect((await h.call('POST', `${W}/page`, { token: teacher, body: { tool: 'FUNCTION' } })).data.total).toBe(0);
  });

  it('lets only the owner read and write; administrators read', async () => {
    expect((await h.call('GET', `${W}/${id}`, { token: teacher2 })).http).toBe(404);
    expect((await h.call('GET', `${W}/${id}`)).status).toBe(Codes.TOKEN_NOT_FOUND);
    expect((await h.call('GET', `${W}/${id}`, { token: admin })).status).toBe(200);
    const other = await h.call('PUT', W, { token: teacher2, body: { businessWhiteboardResourceId: id, version: 1, title: '改名' } });
    expect(other.http).toBe(404);
    const byAdmin = await h.call('PUT', W, { token: admin, body: { businessWhiteboardResourceId: id, version: 1, title: '改名' } });
    expect(byAdmin.http).toBe(403);
    expect((await h.call('DELETE', `${W}/${id}`, { token: teacher2 })).http).toBe(404);
    const fileInfoId = await upload(student, doc('mindMap', {}), '学生.json');
    expect((await h.call('POST', W, { token: student, body: { tool: 'mindMap', title: '学生', fileInfoId } })).http).toBe(403);
    // Another teacher's upload cannot be named as one's own document.
    const foreign = await upload(teacher2, doc('mindMap', { by: 'teacher2' }), '别人的.json');
    const stolen = await h.call('POST', W, { token: teacher, body: { tool: 'mindMap', title: '拿来', fileInfoId: foreign } });
    expect(stolen.http).toBe(404);
    expect(stolen.data.field).toBe('fileInfoId');
    expect((await h.call('GET', `${W}/${id}`, { token: teacher })).data.title).toBe('分数导图');
  });

  it('refuses a stale version with 409 and the current resource, keeping the newer save', async () => {
    const second = await upload(teacher, doc('mindMap', { tab: 2 }), '第二个标签页.json');
    const first = await h.call('PUT', W, { token: teacher, body: { businessWhiteboardResourceId: id, version: 1, fileInfoId: second } });
    expect(first.status).toBe(200);
    expect(first.data.version).toBe(2);
    const third = await upload(teacher, doc('mindMap', { tab: 1 }), '第一个标签页.json');
    const stale = await h.call('PUT', W, { token: teacher, body: { businessWhiteboardResourceId: id, version: 1, fileInfoId: third } });
    expect(stale.http).toBe(409);
    expect(stale.status).toBe(Codes.TOOL_DOCUMENT_CONFLICT);
    expect(stale.message).toContain('其他页面修改');
    expect(stale.data.current).toMatchObject({ businessWhiteboardResourceId: id, version: 2, fileInfoId: second });
    expect((await h.call('GET', `${W}/${id}/document`, { token: teacher })).data).toEqual({ tool: 'mindMap', version: 1, data: { tab: 2 } });
  });

  it('refuses documents too large, not JSON or of another tool, with their codes and Chinese messages', async () => {
    const big = Buffer.from(JSON.stringify({ tool: 'mindMap', version: 1, data: 'x'.repeat(5 * 1024 * 1024) }));
    const tooLarge = await h.call('POST', W, { token: teacher, body: { tool: 'mindMap', title: '大', fileInfoId: await upload(teacher, big, '大.json') } });
    expect([tooLarge.http, tooLarge.status]).toEqual([413, Codes.TOOL_DOCUMENT_TOO_LARGE]);
    expect(tooLarge.message).toContain('5 MB');

    const notJson = await h.call('POST', W, { token: teacher, body: { tool: 'mindMap', title: '坏', fileInfoId: await upload(teacher, Buffer.from('{"tool": "mindMap",'), '坏.json') } });
    expect([notJson.http, notJson.status]).toEqual([422, Codes.TOOL_DOCUMENT_NOT_JSON]);
    expect(notJson.message).toContain('不是有效的 JSON');

    const wrongTool = await h.call('POST', W, { token: teacher, body: { tool: 'FUNCTION', title: '错', fileInfoId: await upload(teacher, doc('mindMap', {}), '错.json') } });
    expect([wrongTool.http, wrongTool.status]).toEqual([422, Codes.TOOL_DOCUMENT_WRONG_TOOL]);
    expect(wrongTool.message).toBe('工具文档属于“思维导图”，不能保存为“函数图像”');

    const shapeless = await h.call('PUT', W, { token: teacher, body: { businessWhiteboardResourceId: id, version: 2, fileInfoId: await upload(teacher, Buffer.from('[1,2]'), '数组.json') } });
    expect(shapeless.status).toBe(Codes.TOOL_DOCUMENT_WRONG_TOOL);
    // Nothing stored changed.
    const still = await h.call('GET', `${W}/${id}`, { token: teacher });
    expect(still.data.version).toBe(2);
    expect((await h.call('POST', `${W}/page`, { token: teacher, body: {} })).data.total).toBe(1);
  });

  it('gives the node picker the curriculum level by level, and a subtree with deep', async () => {
    const roots = (await h.call('POST', '/business/v1/stage/children', { body: { parentLevel: 'book', parentId: node.bookId, deep: true } })).data;
    expect(roots[0]).toMatchObject({ id: node.nodeId, level: 'node', businessBookId: node.bookId });
    expect(Array.isArray(roots[0].children)).toBe(true);
    const missing = await h.call('POST', '/business/v1/stage/children', { body: { parentLevel: 'book', parentId: 'bk-none' } });
    expect([missing.http, missing.data.field]).toEqual([404, 'parentId']);
  });

  it('deletes for the owner', async () => {
    expect((await h.call('DELETE', `${W}/${id}`, { token: teacher })).status).toBe(200);
    expect((await h.call('GET', `${W}/${id}`, { token: teacher })).http).toBe(404);
  });
});
