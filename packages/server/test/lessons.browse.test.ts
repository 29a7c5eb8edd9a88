/**
 * Browsing cloud lessons without a token, over the seeded demo catalogue: every filter narrows the
 * list to exactly the lessons the database holds for it, paging adds up, sorting is as asked.
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';
import { count } from './lessonHelpers.js';

const L = '/cloudSchool/v1/cloudLesson';
const h = useHarness();

const onDemand = (body: Record<string, unknown> = {}) => h.call('POST', `${L}/getOnDemandLessonPage`, { body });
const PUBLISHED_ON_DEMAND = 'SELECT count(*) AS n FROM lessons l WHERE l.live_flag = 0 AND l.publish_status = 1';

describe('on-demand lesson page', () => {
  it('lists published lessons newest first with the page shape', async () => {
    const answer = await onDemand({ pageNum: 1, pageSize: 10 });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ pageNum: 1, pageSize: 10 });
    expect(answer.data.total).toBe(await count(h, PUBLISHED_ON_DEMAND));
    expect(answer.data.total).toBeGreaterThan(50);
    const rows = answer.data.rows;
    expect(rows).toHaveLength(10);
    for (const row of rows) expect(row).toMatchObject({ publishStatus: 1, liveFlag: 0, liveState: null });
    const times = rows.map((r: { createTime: number }) => r.createTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(rows[0]).toMatchObject({
      lessonId: expect.any(String),
      title: expect.any(String),
      stageName: expect.any(String),
      subjectName: expect.any(String),
      gradeName: expect.any(String),
      editionName: expect.any(String),
      bookName: expect.any(String),
      teacherName: expect.any(String),
      schoolName: expect.any(String),
      // A catalogue lesson's cover, or the activity's for a high-quality work published as a lesson.
      coverUrl: expect.stringMatching(/^\/static\/seed\/(lesson-videos|banners)\/.+\.jpg$/),
    });
  });

  it('pages without overlap and the pages add up to the total', async () => {
    const first = await onDemand({ pageNum: 1, pageSize: 7, stage: 2 });
    const second = await onDemand({ pageNum: 2, pageSize: 7, stage: 2 });
    expect(second.data.total).toBe(first.data.total);
    const ids = new Set([...first.data.rows, ...second.data.rows].map((r: { lessonId: string }) => r.lessonId));
    expect(ids.size).toBe(14);
    const lastPage = Math.ceil(first.data.total / 7);
    const last = await onDemand({ pageNum: lastPage, pageSize: 7, stage: 2 });
    expect(last.data.rows.length).toBe(first.data.total - (lastPage - 1) * 7);
    const beyond = await onDemand({ pageNum: lastPage + 1, pageSize: 7, stage: 2 });
    expect(beyond.data).toMatchObject({ rows: [], total: first.data.total });
  });

  it('narrows by stage, subject, grade, edition and book exactly as stored', async () => {
    const cases: Array<[Record<string, unknown>, string, unknown[]]> = [
      [{ stage: 3 }, 'l.stage = $1', [3]],
      [{ subjectCode: 214 }, 'l.subject_code = $1', [214]],
      [{ subjectCode: 213, grade: 2 }, 'l.subject_code = $1 AND l.grade = $2', [213, 2]],
      [{ stage: 2, subjectCode: 214, grade: 3 }, 'l.stage = $1 AND l.subject_code = $2 AND l.grade = $3', [2, 214, 3]],
      [{ editionId: 'ed-tongbian' }, 'l.edition_id = $1', ['ed-tongbian']],
      [{ bookId: 'bk-214-1a' }, 'l.book_id = $1', ['bk-214-1a']],
      [{ teacherInfoId: 'te-01' }, 'l.teacher_info_id = $1', ['te-01']],
      [{ excellentFlag: 1 }, 'l.excellent_flag = $1', [1]],
    ];
    for (const [filter, where, params] of cases) {
      const answer = await onDemand({ ...filter, pageSize: 100 });
      const expected = await count(h, `${PUBLISHED_ON_DEMAND} AND ${where}`, params);
      expect(`${JSON.stringify(filter)} → ${answer.data.total}`).toBe(`${JSON.stringify(filter)} → ${expected}`);
      expect(expected).toBeGreaterThan(0);
      for (const row of answer.data.rows) expect(row).toMatchObject(filter);
    }
  });

  it('finds lessons under a chapter node including its descendants', async () => {
    const [unit] = await h.query<{ id: string; path: string; n: string }>(
      `SELECT u.id, u.path, count(*) AS n FROM lesson_nodes u JOIN lesson_nodes c ON c.path LIKE u.path || '%'
       JOIN lessons l ON l.chapter_node_id = c.id AND l.publish_status = 1 AND l.live_flag = 0
       WHERE u.kind = 'chapter' AND u.level = 1 AND c.id <> u.id GROUP BY u.id, u.path ORDER BY count(*) DESC LIMIT 1`,
    );
    const answer = await onDemand({ nodeId: unit!.id, pageSize: 100 });
    expect(answer.data.total).toBe(await count(h, `${PUBLISHED_ON_DEMAND} AND l.chapter_node_id IN (SELECT id FROM lesson_nodes WHERE path LIKE $1)`, [`${unit!.path}%`]));
    expect(answer.data.total).toBeGreaterThanOrEqual(Number(unit!.n));
    const inside = new Set((await h.query<{ id: string }>(`SELECT id FROM lesson_nodes WHERE path LIKE $1`, [`${unit!.path}%`])).map((r) => r.id));
    for (const row of answer.data.rows) expect(inside.has(row.chapterNodeId)).toBe(true);
  });

  it('finds lessons under a knowledge point including narrower points', async () => {
    const [root] = await h.query<{ id: string; path: string }>(
      `SELECT r.id, r.path FROM lesson_nodes r JOIN lesson_nodes c ON c.path LIKE r.path || '%' JOIN lesson_knowledge_nodes k ON k.node_id = c.id
       JOIN lessons l ON l.id = k.lesson_id AND l.publish_status = 1 AND l.live_flag = 0
       WHERE r.kind = 'knowledge' AND r.level = 1 GROUP BY r.id, r.path ORDER BY count(*) DESC LIMIT 1`,
    );
    const answer = await onDemand({ nodeId: root!.id, pageSize: 100 });
    const expected = await count(
      h,
      `${PUBLISHED_ON_DEMAND} AND EXISTS (SELECT 1 FROM lesson_knowledge_nodes k JOIN lesson_nodes n ON n.id = k.node_id WHERE k.lesson_id = l.id AND n.path LIKE $1)`,
      [`${root!.path}%`],
    );
    expect(answer.data.total).toBe(expected);
    expect(expected).toBeGreaterThan(0);
  });

  it('searches the title and the teacher name, taking % literally', async () => {
    const byTeacher = await onDemand({ keyword: '王雅琴', pageSize: 100 });
    expect(byTeacher.data.total).toBe(await count(h, `${PUBLISHED_ON_DEMAND} AND l.teacher_name = '王雅琴'`));
    for (const row of byTeacher.data.rows) expect(row.teacherName).toBe('王雅琴');
    const byTitle = await onDemand({ keyword: '复习', pageSize: 100 });
    expect(byTitle.data.total).toBeGreaterThan(0);
    expect(byTitle.data.total).toBe(await count(h, `${PUBLISHED_ON_DEMAND} AND l.title LIKE '%复习%'`));
    for (const row of byTitle.data.rows) expect(row.title).toContain('复习');
    expect((await onDemand({ keyword: '%' })).data.total).toBe(0);
  });

  it('narrows by creation time range', async () => {
    const [mid] = await h.query<{ t: string }>(`SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY created_at) AS t FROM lessons WHERE live_flag = 0 AND publish_status = 1`);
    const t = Number(mid!.t);
    const after = await onDemand({ startTime: t, pageSize: 100 });
    const before = await onDemand({ endTime: t - 1, pageSize: 100 });
    expect(after.data.total + before.data.total).toBe(await count(h, PUBLISHED_ON_DEMAND));
    for (const row of after.data.rows) expect(row.createTime).toBeGreaterThanOrEqual(t);
    const reversed = await onDemand({ startTime: t, endTime: t - 1 });
    expect(reversed.http).toBe(400);
    expect(reversed.message).toContain('startTime');
  });

  it('sorts by popularity and puts excellent lessons first', async () => {
    const hot = (await onDemand({ orderBy: 'hottest', pageSize: 30 })).data.rows;
    const scores = hot.map((r: { downloadCount: number; learningCount: number }) => r.downloadCount + r.learningCount);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const excellent = (await onDemand({ orderBy: 'excellent', pageSize: 100 })).data;
    const flags = excellent.rows.map((r: { excellentFlag: number }) => r.excellentFlag);
    expect(flags).toEqual([...flags].sort((a, b) => b - a));
    expect(flags[0]).toBe(1);
  });

  it('names a bad filter in Chinese', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ pageNum: 0 }, '参数 pageNum 不能小于 1'],
      [{ pageSize: 1000 }, '参数 pageSize 不能大于 100'],
      [{ pageNum: 'abc' }, '参数 pageNum 必须是整数'],
      [{ stage: 'x' }, '参数 stage 必须是整数'],
      [{ orderBy: 'random' }, '参数 orderBy 取值应为'],
      [{ nodeId: 'no-such-node' }, '参数 nodeId 对应的章节或知识点不存在'],
      [{ bookId: 'bad id!' }, '参数 bookId 格式不正确'],
      [{ keyword: 'x'.repeat(51) }, '参数 keyword 长度不能超过 50'],
    ];
    for (const [body, message] of cases) {
      const answer = await onDemand(body);
      expect(answer.http).toBe(400);
      expect(answer.status).toBe(400);
      expect(answer.message).toContain(message);
    }
    expect((await onDemand({ onlyMine: true })).status).toBe(4010001);
  });
});

describe('live lessons', () => {
  it('tells upcoming, on-air and ended lessons apart and filters by state', async () => {
    const all = await h.call('POST', `${L}/getLiveLessonPage`, { body: { pageSize: 100 } });
    expect(all.data.total).toBe(await count(h, 'SELECT count(*) AS n FROM lessons WHERE live_flag = 1 AND publish_status = 1'));
    let sum = 0;
    for (const state of ['upcoming', 'living', 'ended']) {
      const answer = await h.call('POST', `${L}/getLiveLessonPage`, { body: { liveState: state, pageSize: 100 } });
      sum += answer.data.total;
      for (const row of answer.data.rows) expect(row).toMatchObject({ liveFlag: 1, liveState: state });
    }
    expect(sum).toBe(all.data.total);
  });

  it('lists subjects and grades with counts that add up', async () => {
    const total = (await h.call('POST', `${L}/getLiveLessonPage`, { body: {} })).data.total;
    const subjects = (await h.call('POST', `${L}/getLiveLessonSubjectList`, { body: {} })).data;
    expect(subjects.reduce((s: number, r: { count: number }) => s + r.count, 0)).toBe(total);
    expect(subjects.find((s: { subjectCode: number }) => s.subjectCode === 214)).toMatchObject({ subjectName: '数学', stage: 2 });
    const grades = (await h.call('POST', `${L}/getLiveLessonGradeList`, { body: { stage: 2 } })).data;
    const stageTotal = (await h.call('POST', `${L}/getLiveLessonPage`, { body: { stage: 2 } })).data.total;
    expect(grades.reduce((s: number, r: { count: number }) => s + r.count, 0)).toBe(stageTotal);
    expect(grades[0]).toMatchObject({ stage: 2, grade: expect.any(Number), gradeName: expect.stringContaining('年级') });
  });

  it('builds a day-by-day schedule around today in China time with the lesson on air now on the day it started', async () => {
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const plus = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const answer = await h.call('POST', `${L}/getLiveLessonSchedule`, { body: { startDate: plus(today, -3), endDate: plus(today, 7) } });
    expect(answer.status).toBe(200);
    expect(answer.data).toHaveLength(11);
    const day = answer.data.find((d: { date: string }) => d.date === today);
    expect(day.weekday).toBeGreaterThanOrEqual(1);
    // The lesson on air started 15 minutes ago: on the day it started, which is yesterday in the first
    // quarter hour after midnight in China (the loop below checks each lesson is on its start's day).
    const days = answer.data as { lessons: { liveState: string }[] }[];
    expect(days.some((d) => d.lessons.some((l) => l.liveState === 'living'))).toBe(true);
    for (const d of answer.data) {
      const starts = d.lessons.map((l: { liveStartTime: number }) => l.liveStartTime);
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      for (const l of d.lessons) expect(new Date(l.liveStartTime + 8 * 3600_000).toISOString().slice(0, 10)).toBe(d.date);
    }
    const bad = await h.call('POST', `${L}/getLiveLessonSchedule`, { body: { startDate: '2026-02-30', endDate: '2026-03-01' } });
    expect(bad.message).toContain('startDate');
    const tooLong = await h.call('POST', `${L}/getLiveLessonSchedule`, { body: { startDate: '2026-01-01', endDate: '2026-06-01' } });
    expect(tooLong.http).toBe(400);
    expect((await h.call('POST', `${L}/getLiveLessonSchedule`, { body: { startDate: '2026-01-01' } })).message).toBe('缺少参数：endDate');
  });

  it('counts lessons about to start, on air and over', async () => {
    const answer = await h.call('GET', `${L}/getAdventOrExpireLiveCount?hours=48`);
    expect(answer.data.livingCount).toBeGreaterThanOrEqual(1);
    const live = (await h.call('POST', `${L}/getLiveLessonPage`, { body: {} })).data.total;
    expect(answer.data.upcomingCount + answer.data.livingCount + answer.data.expireCount).toBe(live);
    expect(answer.data.adventCount).toBeLessThanOrEqual(answer.data.upcomingCount);
  });
});

describe('lesson detail and related lessons', () => {
  it('shows a published lesson with its videos, chapter path and knowledge points to a guest', async () => {
    const [row] = await h.query<{ id: string }>(`SELECT l.id FROM lessons l JOIN lesson_knowledge_nodes k ON k.lesson_id = l.id WHERE l.publish_status = 1 AND l.live_flag = 0 LIMIT 1`);
    const answer = await h.call('GET', `${L}/getById?lessonId=${row!.id}`);
    expect(answer.status).toBe(200);
    expect(answer.data.chapterPath.length).toBeGreaterThanOrEqual(1);
    expect(answer.data.knowledgeNodes[0]).toMatchObject({ nodeId: expect.any(String), name: expect.any(String) });
    expect(answer.data.resources[0]).toMatchObject({
      playUrl: expect.stringMatching(/^\/static\/seed\/lesson-videos\/.+\.mp4$/),
      captionUrl: expect.stringMatching(/\.(zh|en)\.vtt$/),
      durationSeconds: expect.any(Number),
    });
    expect(answer.data).toMatchObject({ collected: false, myLearning: null, scoreCount: 0 });
    const videos = await h.call('GET', `${L}/getResourceVideo?lessonId=${row!.id}`);
    expect(videos.data).toEqual(answer.data.resources);
    expect((await h.call('GET', `${L}/getById?lessonId=no-such-lesson`)).status).toBe(404);
    expect((await h.call('GET', `${L}/getById`)).message).toBe('缺少参数：lessonId');
  });

  it('hides unpublished lessons from guests as if they did not exist', async () => {
    const [row] = await h.query<{ id: string }>(`SELECT id FROM lessons WHERE publish_status = 0 LIMIT 1`);
    const answer = await h.call('GET', `${L}/getById?lessonId=${row!.id}`);
    expect(answer.status).toBe(404);
    expect(answer.message).toContain('课程不存在');
  });

  it('relates lessons of the same subject, same chapter first, never the lesson itself', async () => {
    const [row] = await h.query<{ id: string; chapter_node_id: string; subject_code: number }>(
      `SELECT l.id, l.chapter_node_id, l.subject_code FROM lessons l WHERE l.publish_status = 1 AND EXISTS
       (SELECT 1 FROM lessons o WHERE o.chapter_node_id = l.chapter_node_id AND o.id <> l.id AND o.publish_status = 1) LIMIT 1`,
    );
    const answer = await h.call('POST', `${L}/getRelatedLessonPage`, { body: { lessonId: row!.id, pageSize: 20 } });
    expect(answer.data.total).toBe(await count(h, 'SELECT count(*) AS n FROM lessons WHERE publish_status = 1 AND subject_code = $1 AND id <> $2', [row!.subject_code, row!.id]));
    expect(answer.data.rows.map((r: { lessonId: string }) => r.lessonId)).not.toContain(row!.id);
    expect(answer.data.rows[0].chapterNodeId).toBe(row!.chapter_node_id);
  });

  it('recommends watchable lessons, excellent ones first', async () => {
    const answer = await h.call('GET', `${L}/getRecommendLesson?limit=6`);
    expect(answer.data).toHaveLength(6);
    expect(answer.data[0].excellentFlag).toBe(1);
    for (const l of answer.data) expect(l.liveState === 'upcoming').toBe(false);
    expect((await h.call('GET', `${L}/getRecommendLesson?limit=500`)).http).toBe(400);
  });

  it('counts on-demand and live lessons under the same filters', async () => {
    const answer = await h.call('POST', `${L}/count`, { body: { stage: 2 } });
    expect(answer.data.onDemandCount).toBe(await count(h, `${PUBLISHED_ON_DEMAND} AND l.stage = 2`));
    expect(answer.data.liveCount).toBe(await count(h, 'SELECT count(*) AS n FROM lessons WHERE live_flag = 1 AND publish_status = 1 AND stage = 2'));
    expect(answer.data.total).toBe(answer.data.onDemandCount + answer.data.liveCount);
  });
});

describe('special topics', () => {
  it('lists topics and pages their lessons by grade', async () => {
    const topics = (await h.call('POST', '/cloudSchool/v1/specialSubject/list')).data;
    expect(topics.map((t: { name: string }) => t.name)).toEqual(['传统文化', '科学探究', '安全教育', '心理健康', '劳动教育', '红色经典']);
    const topic = topics.find((t: { lessonCount: number }) => t.lessonCount > 0);
    const page = await h.call('POST', `${L}/getSpecialSubjectLessonPage`, { body: { specialSubjectId: topic.specialSubjectId, pageSize: 100 } });
    expect(page.data.total).toBe(topic.lessonCount);
    for (const row of page.data.rows) expect(row.specialSubjectIds).toContain(topic.specialSubjectId);
    const grades = (await h.call('GET', `${L}/getSpecialSubjectLessonGradeList?specialSubjectId=${topic.specialSubjectId}`)).data;
    expect(grades.reduce((s: number, g: { count: number }) => s + g.count, 0)).toBe(topic.lessonCount);
    const graded = await h.call('POST', `${L}/getSpecialSubjectLessonPage`, { body: { specialSubjectId: topic.specialSubjectId, grade: grades[0].grade } });
    expect(graded.data.total).toBe(grades[0].count);
    expect((await h.call('POST', `${L}/getSpecialSubjectLessonPage`, { body: { specialSubjectId: 'ss-none' } })).status).toBe(404);
  });
});
