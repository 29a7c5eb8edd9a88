/**
 * The help centre's articles over real calls: everyone reads the seeded help by topic and keyword;
 * the city bureau writes (the body cleaned before it is stored, every change audited); anyone else is
 * refused and nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '@dscloud/sdk/errors';
import type { HelpArticle, HelpArticleSummary } from '@dscloud/sdk/help';
import { startHarness, type Harness } from './harness.js';

const A = '/cloudSchool/v1/help/articles';
let h: Harness;
let admin: string;

const articles = async (query = '') => (await h.call<{ topics: string[]; rows: HelpArticleSummary[] }>('GET', `${A}${query}`)).data;

beforeAll(async () => {
  h = await startHarness();
  admin = await h.token('admin');
});
afterAll(async () => {
  await h?.close();
});

describe('help articles', () => {
  it('serves the seeded help to visitors: login, upload, lessons and activities, in order', async () => {
    const all = await articles();
    expect(all.topics).toEqual(['登录', '上传', '课程', '活动']);
    expect(all.rows.map((r) => r.topic)).toEqual([...all.rows.map((r) => r.topic)].sort((a, b) => all.topics.indexOf(a) - all.topics.indexOf(b)));
    expect(all.rows.filter((r) => r.topic === '上传').map((r) => r.title)).toEqual(['上传大文件：分片上传与断点续传', '支持哪些文件格式和大小', '提示存储空间不足或已达到最大上传数量']);
    const upload = await h.call<HelpArticle>('GET', `${A}/help-upload-1`);
    expect(upload.data.body).toContain('断点续传');
    expect((upload.data as unknown as Record<string, unknown>).updatedBy).toBeUndefined();
  });

  it('seeds an operation video with its poster for each topic and for the widget’s 微信端 and TV端, all playable', async () => {
    const videos = (await articles()).rows.filter((r) => r.videoUrl);
    expect(videos.map((r) => [r.topic, r.videoUrl, r.posterUrl])).toEqual([
      ['登录', '/static/seed/help/login.mp4', '/static/seed/help/login.jpg'],
      ['上传', '/static/seed/help/upload.mp4', '/static/seed/help/upload.jpg'],
      ['课程', '/static/seed/help/lesson.mp4', '/static/seed/help/lesson.jpg'],
      ['活动', '/static/seed/help/activity.mp4', '/static/seed/help/activity.jpg'],
    ]);
    for (const row of videos) {
      const clip = await fetch(`${h.base}${row.videoUrl}`, { headers: { range: 'bytes=0-99' } });
      expect([clip.status, clip.headers.get('content-type')]).toEqual([206, 'video/mp4']);
      expect((await clip.arrayBuffer()).byteLength).toBe(100);
      const poster = await fetch(`${h.base}${row.posterUrl}`);
      expect([poster.status, poster.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    }
    for (const item of ['wechat', 'tv']) {
      const sent = await fetch(`${h.base}/static/help/${item}Video`, { redirect: 'manual' });
      expect([sent.status, sent.headers.get('location')]).toEqual([302, `/static/seed/help/${item}.mp4`]);
      expect((await fetch(`${h.base}/static/seed/help/${item}.mp4`, { method: 'HEAD' })).headers.get('content-type')).toBe('video/mp4');
    }
  });

  it('filters by topic and searches titles, summaries and bodies', async () => {
    expect((await articles(`?topic=${encodeURIComponent('活动')}`)).rows).toHaveLength(3);
    const found = await articles(`?keyword=${encodeURIComponent('滑块')}`);
    expect(found.rows.map((r) => r.id)).toEqual(['help-login-2']);
    expect(found.topics).toHaveLength(4);
    expect((await articles(`?keyword=${encodeURIComponent('H.264')}`)).rows.map((r) => r.id)).toEqual(expect.arrayContaining(['help-upload-2', 'help-activity-2']));
    const missing = await h.call('GET', `${A}/help-nope`);
    expect([missing.http, missing.status]).toEqual([404, Codes.HELP_ARTICLE_NOT_FOUND]);
  });

  it('lets the city bureau create, edit and delete an article, cleaning the body', async () => {
    const created = await h.call<HelpArticle>('POST', `${A}/save`, {
      token: admin,
      body: { topic: '家长', title: '家长如何查看孩子的学习', body: '<p onclick="x()">在个人中心查看。</p><script>alert(1)</script>', videoUrl: 'https://video.example.org/parent.mp4', sort: 1 },
    });
    expect(created.status).toBe(200);
    expect(created.data.body).toBe('<p>在个人中心查看。</p>');
    expect(created.data.updatedBy).toBe('陈志强');
    expect((await articles()).topics.at(-1)).toBe('家长');
    const edited = await h.call<HelpArticle>('POST', `${A}/save`, { token: admin, body: { id: created.data.id, topic: '家长', title: '家长查看学习记录', body: '<p>新的说明</p>', videoUrl: null } });
    expect(edited.data).toMatchObject({ title: '家长查看学习记录', sort: 1 });
    expect(edited.data.videoUrl).toBeUndefined();
    const removed = await h.call('POST', `${A}/delete`, { token: admin, body: { ids: [created.data.id] } });
    expect(removed.data).toEqual({ deleted: 1 });
    const actions = await h.query<{ action: string }>("SELECT action FROM audit_log WHERE entity = 'helpArticle' ORDER BY at, action");
    expect(actions.map((r) => r.action)).toEqual(['helpArticle.save', 'helpArticle.save', 'helpArticle.delete']);
  });

  it('refuses bad input naming the field, and other roles, with nothing changed', async () => {
    const before = await h.query('SELECT id, title, body FROM help_articles ORDER BY id');
    const cases: Array<[unknown, string]> = [
      [{ topic: '登录', title: '', body: '<p>x</p>' }, 'title'],
      [{ topic: '登录', title: 't'.repeat(61), body: '<p>x</p>' }, 'title'],
      [{ topic: '登录', title: '标题', body: '<script>only()</script>' }, 'body'],
      [{ topic: '登录', title: '标题', body: '<p>x</p>', videoUrl: 'javascript:alert(1)' }, 'videoUrl'],
    ];
    for (const [body, field] of cases) {
      const answer = await h.call('POST', `${A}/save`, { token: admin, body });
      expect(`${answer.status} ${JSON.stringify(answer.data)}`).toBe(`${Codes.HELP_ARTICLE_INVALID} ${JSON.stringify({ field })}`);
      expect(answer.message).toContain(field);
    }
    const unknown = await h.call('POST', `${A}/save`, { token: admin, body: { id: 'help-nope', topic: '登录', title: '标题', body: '<p>x</p>' } });
    expect([unknown.status, unknown.data]).toEqual([Codes.HELP_ARTICLE_NOT_FOUND, { field: 'id' }]);
    const district = await h.call('POST', `${A}/delete`, { token: await h.token('districtadmin'), body: { ids: ['help-login-1'] } });
    expect(district.http).toBe(403);
    const partly = await h.call('POST', `${A}/delete`, { token: admin, body: { ids: ['help-login-1', 'help-nope'] } });
    expect([partly.status, partly.data]).toEqual([Codes.HELP_ARTICLE_NOT_FOUND, { field: 'ids' }]);
    expect(await h.query('SELECT id, title, body FROM help_articles ORDER BY id')).toEqual(before);
  });
});
