/**
 * Read-only links to a tool document: the owner makes or revokes one; anyone with the link (a visitor,
 * another teacher) reads the document and nothing more — writes stay the owner's; the token is random
 * and only its hash is stored; a new link or a revocation ends the old one at once.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '@dscloud/sdk/errors';
import { startHarness, type Harness } from './harness.js';
import { uploadWhole } from './filesKit.js';

const W = '/business/v1/whiteboardResource';
const S = '/business/v1/whiteboardShare';

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

const bytes = Buffer.from(JSON.stringify({ tool: 'mindMap', version: 1, data: { nodeData: { id: 'root', topic: '分享的导图' } } }));

async function newDocument(): Promise<{ id: string; fileInfoId: string }> {
  const up = await uploadWhole(h, teacher, bytes, '分享.json', 10 * 1024 * 1024);
  expect(up.status, up.message).toBe(200);
  const saved = await h.call('POST', W, { token: teacher, body: { tool: 'mindMap', title: '分享的导图', fileInfoId: String(up.data.fileInfoId) } });
  expect(saved.status, saved.message).toBe(200);
  return { id: saved.data.businessWhiteboardResourceId, fileInfoId: String(up.data.fileInfoId) };
}
async function share(id: string): Promise<string> {
  const made = await h.call('POST', `${W}/${id}/share`, { token: teacher });
  expect(made.status, made.message).toBe(200);
  return made.data.shareToken as string;
}

describe('read-only links to a tool document', () => {
  it('opens the document for a visitor without an account, read only, without the file address', async () => {
    const { id } = await newDocument();
    const token = await share(id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const resource = await h.call('GET', `${S}/${token}`);
    expect(resource.status, resource.message).toBe(200);
    expect(resource.data).toMatchObject({ businessWhiteboardResourceId: id, tool: 'mindMap', title: '分享的导图', readOnly: true });
    expect(resource.data.dataUrl).toBeUndefined();
    expect(resource.data.fileInfoId).toBeUndefined();
    const document = await h.call('GET', `${S}/${token}/document`);
    expect(JSON.stringify(document.data)).toBe(bytes.toString());
    expect((await h.call('GET', `${W}/${id}/share`, { token: teacher })).data.shared).toBe(true);
  });

  it('stores only the hash of a random token', async () => {
    const { id } = await newDocument();
    const one = await share(id);
    const rows = await h.query<{ resource_id: string; token_sha256: string }>('SELECT resource_id, token_sha256 FROM whiteboard_shares WHERE resource_id = $1', [id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_sha256).toBe(createHash('sha256').update(one).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(one);
  });

  it('lets nobody but the owner write, with or without the link', async () => {
    const { id } = await newDocument();
    const token = await share(id);
    const other = await uploadWhole(h, teacher2, Buffer.from(JSON.stringify({ tool: 'mindMap', version: 1, data: { nodeData: { id: 'root', topic: '改写' } } })), '改写.json', 10 * 1024 * 1024);
    const put = await h.call('PUT', W, { token: teacher2, body: { businessWhiteboardResourceId: id, version: 1, title: '被改了', fileInfoId: String(other.data.fileInfoId) } });
    expect([put.http, put.status]).toEqual([404, Codes.NOT_FOUND]);
    const del = await h.call('DELETE', `${W}/${id}`, { token: teacher2 });
    expect([del.http, del.status]).toEqual([404, Codes.NOT_FOUND]);
    const anonymous = await h.call('DELETE', `${W}/${id}`);
    expect(anonymous.http).toBe(401);
    // Neither may they make or end the document's link.
    expect((await h.call('POST', `${W}/${id}/share`, { token: teacher2 })).status).toBe(Codes.NOT_FOUND);
    expect((await h.call('DELETE', `${W}/${id}/share`, { token: teacher2 })).status).toBe(Codes.NOT_FOUND);
    const still = await h.call('GET', `${S}/${token}`);
    expect(still.data).toMatchObject({ title: '分享的导图', version: 1 });
    expect(JSON.stringify((await h.call('GET', `${S}/${token}/document`)).data)).toBe(bytes.toString());
  });

  it('ends a link at once when revoked, when replaced by a new one, or when the document goes', async () => {
    const { id } = await newDocument();
    const first = await share(id);
    const second = await share(id);
    expect(second).not.toBe(first);
    const gone = await h.call('GET', `${S}/${first}`);
    expect([gone.http, gone.status, gone.message]).toEqual([404, Codes.NOT_FOUND, '分享链接无效或已被撤销']);
    expect((await h.call('GET', `${S}/${second}`)).status).toBe(200);
    expect((await h.call('DELETE', `${W}/${id}/share`, { token: teacher })).status).toBe(200);
    expect((await h.call('GET', `${S}/${second}/document`)).http).toBe(404);
    expect((await h.call('GET', `${W}/${id}/share`, { token: teacher })).data).toEqual({ shared: false, createTime: null });

    const third = await share(id);
    expect((await h.call('DELETE', `${W}/${id}`, { token: teacher })).status).toBe(200);
    expect((await h.call('GET', `${S}/${third}`)).http).toBe(404);
  });

  it('refuses a made-up or malformed token', async () => {
    expect((await h.call('GET', `${S}/${'A'.repeat(43)}`)).http).toBe(404);
    expect((await h.call('GET', `${S}/short`)).http).toBe(400);
  });
});
