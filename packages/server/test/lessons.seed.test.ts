/**
 * The demo seed and reference data: enough content at first start, nothing duplicated later, a live
 * schedule that follows today, the curriculum trees, and the committed media served with Range.
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';
import { seedCloudLessons } from '../src/lessons/demoSeed.js';
import { DEMO_LESSON_ID_PATTERN } from '../src/lessons/demoLessonIds.js';
import { count } from './lessonHelpers.js';

const h = useHarness();

describe('demo seed', () => {
  it('fills the catalogue at first start', async () => {
    // 240 catalogue lessons, and the works review's high-quality work published as a lesson with its video.
    expect(await count(h, 'SELECT count(*) AS n FROM lessons')).toBe(241);
    expect(await count(h, 'SELECT count(*) AS n FROM lesson_resources')).toBe(241);
    expect(await count(h, 'SELECT count(*) AS n FROM lessons WHERE id IN (SELECT published_lesson_id FROM activity_works)')).toBe(1);
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
    expect(await count(h, 'SELECT count(*) AS n FROM lessons')).toBe(241);
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

  it('gives every demo lesson the video of its own title, with its captions and cover, all served', async () => {
    const rows = await h.query<{ title: string; teacher_name: string; cover_url: string; url: string; caption_url: string; duration_seconds: number }>(
      `SELECT l.title, l.teacher_name, l.cover_url, r.url, r.caption_url, r.duration_seconds FROM lessons l JOIN lesson_resources r ON r.lesson_id = l.id WHERE l.id ~ $1`,
      [DEMO_LESSON_ID_PATTERN],
    );
    expect(rows).toHaveLength(240);
    expect(new Set(rows.map((r) => r.url)).size).toBeGreaterThanOrEqual(40);
    for (const r of rows) expect(r.url, r.title).toMatch(/^\/static\/seed\/lesson-videos\/[a-z0-9-]+\.mp4$/);
    const spring = rows.filter((r) => r.title.includes('北京的春节'));
    expect(spring.length).toBeGreaterThan(0);
    for (const r of spring) {
      expect([r.url, r.caption_url, r.cover_url]).toEqual([
        '/static/seed/lesson-videos/yw6b-beijingdechunjie.mp4',
        '/static/seed/lesson-videos/yw6b-beijingdechunjie.zh.vtt',
        '/static/seed/lesson-videos/yw6b-beijingdechunjie.jpg',
      ]);
      // The title card names 王晓明: the demo teacher account teaches it.
      expect(r.teacher_name).toBe('王晓明');
      expect(Number(r.duration_seconds)).toBeGreaterThanOrEqual(20);
    }
    expect(rows.filter((r) => r.title.includes('北京的春节') || r.url.includes('dengguanquelou')).every((r) => r.title.includes('北京的春节') !== r.url.includes('dengguanquelou'))).toBe(true);
    const video = await fetch(`${h.base}${spring[0]!.url}`, { headers: { range: 'bytes=0-7' } });
    expect([video.status, video.headers.get('content-type')]).toEqual([206, 'video/mp4']);
    expect(await (await fetch(`${h.base}${spring[0]!.caption_url}`)).text()).toContain('同学们好！这节课我们学习《北京的春节》。');
    expect((await fetch(`${h.base}/static/seed/lesson-videos/yw6b-beijingdechunjie.webp`)).headers.get('content-type')).toBe('image/webp');
  });
});
