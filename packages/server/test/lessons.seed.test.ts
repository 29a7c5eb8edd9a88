/**
 * The demo seed and reference data: enough content at first start, nothing duplicated later, a live
 * schedule that follows today, the curriculum trees, and the committed media served with Range.
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';
import { seedCloudLessons } from '../src/lessons/demoSeed.js';
import { count } from './lessonHelpers.js';

const h = useHarness();

describe('demo seed', () => {
  it('fills the catalogue at first start', async () => {
    expect(await count(h, 'SELECT count(*) AS n FROM lessons')).toBe(240);
    expect(await count(h, 'SELECT count(*) AS n FROM lesson_resources')).toBe(240);
    expect(await count(h, 'SELECT count(*) AS n FROM teacher_infos')).toBe(32);
    expect(await count(h, 'SELECT count(*) AS n FROM special_subjects')).toBe(6);
    expect(await count(h, 'SELECT count(*) AS n FROM carousel_images')).toBe(7);
    expect(await count(h, `SELECT count(*) AS n FROM lesson_nodes WHERE kind = 'chapter'`)).toBe(814);
    expect(await count(h, `SELECT count(*) AS n FROM lesson_nodes WHERE kind = 'knowledge'`)).toBe(190);
    expect(await count(h, `SELECT count(*) AS n FROM lessons WHERE teacher_user_id = '100000000000000001' AND publish_status = 0`)).toBe(2);
    expect(await count(h, `SELECT count(*) AS n FROM lessons WHERE live_flag = 1 AND live_start_at <= $1 AND live_end_at > $1`, [Date.now()])).toBeGreaterThanOrEqual(1);
  });

  it('adds nothing on a later start and moves the live schedule along by whole days', async () => {
    const before = await h.query<{ id: string; live_start_at: string }>(`SELECT id, live_start_at FROM lessons WHERE live_flag = 1 ORDER BY id`);
    await seedCloudLessons(h.db.orm, { demo: true, now: Date.now() });
    expect(await count(h, 'SELECT count(*) AS n FROM lessons')).toBe(240);
    expect(await h.query(`SELECT id, live_start_at FROM lessons WHERE live_flag = 1 ORDER BY id`)).toEqual(before);
    await seedCloudLessons(h.db.orm, { demo: true, now: Date.now() + 3 * 86_400_000 });
    const after = await h.query<{ id: string; live_start_at: string }>(`SELECT id, live_start_at FROM lessons WHERE live_flag = 1 ORDER BY id`);
    expect(after.map((r, i) => Number(r.live_start_at) - Number(before[i]!.live_start_at))).toEqual(before.map(() => 3 * 86_400_000));
    expect(await count(h, 'SELECT count(*) AS n FROM teacher_infos')).toBe(32);
  });
});

describe('curriculum', () => {
  it('serves the chapter tree of a book and the knowledge tree of a subject', async () => {
    const tree = await h.call('POST', '/cloudSchool/v1/lessonNode/getChapterTree', { body: { bookId: 'bk-213-1a' } });
    expect(tree.data[0]).toMatchObject({ nodeId: 'bk-213-1a-01', name: '我上学了', parentId: null, parentIds: [], level: 1 });
    const child = tree.data[0].children[0];
    expect(child).toMatchObject({ parentId: 'bk-213-1a-01', parentIds: ['bk-213-1a-01'], level: 2 });
    const knowledge = await h.call('POST', '/cloudSchool/v1/lessonNode/getKnowledgeTree', { body: { subjectCode: 213 } });
    expect(knowledge.data[0]).toMatchObject({ nodeId: 'kp-213-01', name: '识字与写字' });
    expect((await h.call('POST', '/cloudSchool/v1/lessonNode/getChapterTree', { body: { bookId: 'bk-none' } })).status).toBe(404);
    expect((await h.call('POST', '/cloudSchool/v1/lessonNode/getChapterTree', { body: {} })).message).toBe('缺少参数：bookId');
  });

  it('lists subjects with editions and books by grade', async () => {
    const subjects = (await h.call('POST', '/cloudSchool/v1/lessonNode/getSubjectList', { body: { stage: 3 } })).data;
    expect(subjects.map((s: { subjectCode: number }) => s.subjectCode).sort()).toEqual([313, 314, 317, 341]);
    const books = (await h.call('POST', '/cloudSchool/v1/lessonNode/getBookList', { body: { subjectCode: 214, grade: 3 } })).data;
    expect(books.map((b: { bookId: string }) => b.bookId)).toEqual(['bk-214-3a', 'bk-214-3b']);
    expect(books[0]).toMatchObject({ editionName: '人教版', gradeName: '三年级', termName: '上册', subjectName: '数学' });
  });
});

describe('demo media', () => {
  it('serves seed videos with Range support and refuses anything outside the folders', async () => {
    const whole = await fetch(`${h.base}/static/seed/media/lesson-shuxue-tuxing.mp4`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect((await whole.arrayBuffer()).byteLength).toBe(199454);
    const part = await fetch(`${h.base}/static/seed/media/lesson-shuxue-tuxing.mp4`, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/199454');
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    const vtt = await fetch(`${h.base}/static/seed/media/lesson-shuxue-tuxing.zh.vtt`);
    expect(await vtt.text()).toMatch(/^WEBVTT/);
    expect((await fetch(`${h.base}/static/seed/banners/banner-01-live.jpg`)).headers.get('content-type')).toBe('image/jpeg');
    expect((await fetch(`${h.base}/static/seed/media/nothing.mp4`)).status).toBe(404);
    expect((await fetch(`${h.base}/static/seed/other/x.mp4`)).status).toBe(400);
    expect((await fetch(`${h.base}/static/seed/media/..%2Fcurriculum.json`)).status).toBe(400);
  });
});
