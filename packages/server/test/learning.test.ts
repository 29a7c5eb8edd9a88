/**
 * What a learner does with a lesson: notes (private to their author), honest watch time, study
 * records, scores, the remembered curriculum position, previews, video marks and collections.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { freshIp, useHarness } from './harness.js';
import { count, createLesson, publish } from './lessonHelpers.js';

let teacher: string;
let student: string;
let parent: string;
let admin: string;
let lesson: any;
let hidden: any;
const N = '/cloudSchool/v1/lessonNote';
const O = '/cloudSchool/v1/lessonOperation';
const h = useHarness();
beforeAll(async () => {
  [teacher, student, parent, admin] = (await Promise.all(['teacher', 'student', 'parent', 'admin'].map((u) => h.token(u)))) as [string, string, string, string];
  lesson = await createLesson(h, teacher, { title: '学习测试课' });
  await publish(h, admin, [lesson.lessonId]);
  hidden = await createLesson(h, teacher, { title: '未发布的课' });
});

describe('notes', () => {
  it('saves, edits, lists and deletes the caller’s own notes only', async () => {
    const resourceId = lesson.resources[0].resourceId;
    const first = await h.call('POST', `${N}/save`, { token: student, body: { lessonId: lesson.lessonId, content: ' 分子在上 ', videoTime: 7, resourceId } });
    expect(first.data).toMatchObject({ lessonId: lesson.lessonId, content: '分子在上', videoTime: 7, resourceId, lessonTitle: '学习测试课' });
    await h.call('POST', `${N}/save`, { token: student, body: { lessonId: lesson.lessonId, content: '分母在下', videoTime: 3 } });
    const other = await h.call('POST', `${N}/save`, { token: parent, body: { lessonId: lesson.lessonId, content: '家长的笔记', videoTime: 1 } });

    const page = await h.call('POST', `${N}/getNotesPage`, { token: student, body: { lessonId: lesson.lessonId } });
    expect(page.data.total).toBe(2);
    expect(page.data.rows.map((n: { videoTime: number }) => n.videoTime)).toEqual([3, 7]);
    expect((await h.call('POST', `${N}/getNotesPage`, { token: student, body: { keyword: '分母' } })).data.total).toBe(1);

    const edited = await h.call('POST', `${N}/save`, { token: student, body: { lessonNoteId: first.data.lessonNoteId, lessonId: lesson.lessonId, content: '改过', videoTime: 8 } });
    expect(edited.data).toMatchObject({ lessonNoteId: first.data.lessonNoteId, content: '改过', videoTime: 8 });

    // Someone else's note is unknown to the student: not editable, not deletable.
    const steal = await h.call('POST', `${N}/save`, { token: student, body: { lessonNoteId: other.data.lessonNoteId, lessonId: lesson.lessonId, content: 'x', videoTime: 1 } });
    expect(steal.status).toBe(404);
    const del = await h.call('DELETE', `${N}/deleteByNoteId?lessonNoteId=${other.data.lessonNoteId}`, { token: student });
    expect(del).toMatchObject({ http: 404, status: 404 });
    expect((await h.call('DELETE', `${N}/deleteByNoteId?lessonNoteId=${other.data.lessonNoteId}`, { token: admin })).status).toBe(404);
    expect(await count(h, 'SELECT count(*) AS n FROM lesson_notes WHERE id = $1 AND content = $2', [other.data.lessonNoteId, '家长的笔记'])).toBe(1);

    expect((await h.call('DELETE', `${N}/deleteByNoteId?lessonNoteId=${first.data.lessonNoteId}`, { token: student })).data.deleted).toBe(1);
    const wiped = await h.call('DELETE', `${N}/deleteByLessonId?lessonId=${lesson.lessonId}`, { token: student });
    expect(wiped.data.deleted).toBe(1);
    expect((await h.call('POST', `${N}/getNotesPage`, { token: parent })).data.total).toBe(1);
  });

  it('refuses bad notes with the field named', async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ content: 'x', videoTime: 1 }, 4200005, '缺少参数：lessonId'],
      [{ lessonId: lesson.lessonId, videoTime: 1 }, 4200005, '缺少参数：content'],
      [{ lessonId: lesson.lessonId, content: '   ', videoTime: 1 }, 400, '参数 content 不能为空'],
      [{ lessonId: lesson.lessonId, content: 'x'.repeat(2001), videoTime: 1 }, 400, '参数 content 长度不能超过 2000'],
      [{ lessonId: lesson.lessonId, content: 'x', videoTime: -1 }, 400, '参数 videoTime 不能小于 0'],
      [{ lessonId: lesson.lessonId, content: 'x', videoTime: 'soon' }, 400, '参数 videoTime 必须是整数'],
      [{ lessonId: lesson.lessonId, content: 'x', videoTime: 1, resourceId: 'rs-other' }, 400, '参数 resourceId 不是这节课的视频'],
      [{ lessonId: 'ls-none', content: 'x', videoTime: 1 }, 404, '课程不存在'],
      [{ lessonId: hidden.lessonId, content: 'x', videoTime: 1 }, 404, '课程不存在'],
    ];
    for (const [body, status, message] of cases) {
      const answer = await h.call('POST', `${N}/save`, { token: student, body });
      expect(`${answer.status} ${answer.message}`).toContain(`${status} ${message}`);
    }
    expect(await count(h, 'SELECT count(*) AS n FROM lesson_notes WHERE user_id = $1', ['100000000000000002'])).toBe(0);
  });
});

describe('watch time', () => {
  const report = (token: string, body: Record<string, unknown>) => h.call('POST', `${O}/addLearningDuration`, { token, body });

  it('accumulates per video, keeps the last position and counts the learner once', async () => {
    const fresh = await createLesson(h, teacher, {
      title: '计时课',
      resources: [{ title: '甲', url: '/static/seed/media/a.mp4', durationSeconds: 600 }, { title: '乙', url: '/static/seed/media/b.mp4', durationSeconds: 600 }],
    });
    await publish(h, admin, [fresh.lessonId]);
    const [a, b] = fresh.resources.map((r: { resourceId: string }) => r.resourceId);
    const one = await report(student, { lessonId: fresh.lessonId, resourceId: a, seconds: 30, position: 30 });
    expect(one.data).toMatchObject({ totalSeconds: 30, lastPosition: 30, lessonTotalSeconds: 30 });
    h.advance(60_000);
    const two = await report(student, { lessonId: fresh.lessonId, resourceId: a, seconds: 60, position: 90 });
    expect(two.data).toMatchObject({ totalSeconds: 90, lastPosition: 90 });
    h.advance(1000);
    const three = await report(student, { lessonId: fresh.lessonId, resourceId: b, seconds: 10, position: 10 });
    expect(three.data).toMatchObject({ totalSeconds: 10, lessonTotalSeconds: 100 });
    const detail = await h.call('GET', `/cloudSchool/v1/cloudLesson/getById?lessonId=${fresh.lessonId}`, { token: student });
    expect(detail.data.learningCount).toBe(1);
    expect(detail.data.myLearning).toMatchObject({ totalSeconds: 100, lastPosition: 10, lastResourceId: b });

    // A batch cannot claim more than the time that passed since the previous one (plus 10 s).
    h.advance(5000);
    const greedy = await report(student, { lessonId: fresh.lessonId, resourceId: a, seconds: 200, position: 100 });
    expect(greedy).toMatchObject({ http: 400, message: expect.stringContaining('参数 seconds') });
    const totals = await h.call('GET', `${O}/getLearningCountAndDuration?lessonId=${fresh.lessonId}`, { token: student });
    expect(totals.data).toMatchObject({ learnerCount: 1, totalDuration: 100, lessonTotalDuration: 100 });
  });

  it('refuses out-of-range and foreign reports and changes nothing', async () => {
    const resourceId = lesson.resources[0].resourceId;
    const before = await count(h, 'SELECT COALESCE(sum(total_seconds), 0) AS n FROM lesson_learning');
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ lessonId: lesson.lessonId, resourceId, seconds: 0, position: 1 }, 400, '参数 seconds 不能小于 1'],
      [{ lessonId: lesson.lessonId, resourceId, seconds: 301, position: 1 }, 400, '参数 seconds 不能大于 300'],
      [{ lessonId: lesson.lessonId, resourceId, seconds: 1.5, position: 1 }, 400, '参数 seconds 必须是整数'],
      [{ lessonId: lesson.lessonId, resourceId, seconds: 'ten', position: 1 }, 400, '参数 seconds 必须是整数'],
      [{ lessonId: lesson.lessonId, resourceId, seconds: 5 }, 4200005, '缺少参数：position'],
      [{ lessonId: lesson.lessonId, resourceId, seconds: 5, position: 99 }, 400, '参数 position 超出了视频长度'],
      [{ lessonId: lesson.lessonId, resourceId: 'rs-none', seconds: 5, position: 1 }, 400, '参数 resourceId 不是这节课的视频'],
      [{ lessonId: 'ls-none', resourceId, seconds: 5, position: 1 }, 404, '课程不存在'],
      [{ lessonId: hidden.lessonId, resourceId: hidden.resources[0].resourceId, seconds: 5, position: 1 }, 404, '课程不存在'],
    ];
    for (const [body, status, message] of cases) {
      const answer = await report(student, body);
      expect(`${answer.status} ${answer.message}`).toContain(`${status} ${message}`);
    }
    expect(await count(h, 'SELECT COALESCE(sum(total_seconds), 0) AS n FROM lesson_learning')).toBe(before);
  });

  it('lists the caller’s study records, newest first, with scores', async () => {
    const resourceId = lesson.resources[0].resourceId;
    h.advance(2000);
    await report(parent, { lessonId: lesson.lessonId, resourceId, seconds: 4, position: 4 });
    await h.call('POST', `${O}/score`, { token: parent, body: { lessonId: lesson.lessonId, score: 4 } });
    const scored = await h.call('POST', `${O}/score`, { token: student, body: { lessonId: lesson.lessonId, score: 5 } });
    expect(scored.data).toMatchObject({ score: 5, scoreAvg: 4.5, scoreCount: 2 });
    expect((await h.call('POST', `${O}/score`, { token: student, body: { lessonId: lesson.lessonId, score: 6 } })).message).toBe('参数 score 不能大于 5');
    const records = await h.call('POST', `${O}/getPage`, { token: parent, body: { pageNum: 1, pageSize: 10 } });
    expect(records.data.total).toBe(1);
    expect(records.data.rows[0]).toMatchObject({ lessonId: lesson.lessonId, title: '学习测试课', totalSeconds: 4, lastPosition: 4, lastResourceId: resourceId, myScore: 4 });
    const mine = await h.call('POST', `${O}/getPage`, { token: student, body: {} });
    expect(mine.data.rows.map((r: { lessonId: string }) => r.lessonId)).not.toContain(lesson.lessonId);
    const totals = await h.call('GET', `${O}/getLearningCountAndDuration`, { token: parent });
    expect(totals.data).toMatchObject({ learningCount: 1, totalDuration: 4 });
  });
});

describe('history nodes, previews and marks', () => {
  it('remembers the last curriculum position per screen', async () => {
    const H = '/cloudSchool/v1/lessonHistoryNode';
    expect((await h.call('GET', `${H}/getByBusinessType?businessType=learn`, { token: student })).data).toBeNull();
    const node = { businessType: 'learn', stage: 2, subjectCode: 214, businessEditionId: 'ed-renjiao', businessBookId: 'bk-214-3a', businessBookLabel: '数学 三年级上册', nodeId: 'bk-214-3a-01', nodeLabel: '时、分、秒' };
    expect((await h.call('POST', `${H}/save`, { token: student, body: { ...node, junk: 1 } })).status).toBe(200);
    const back = await h.call('GET', `${H}/getByBusinessType?businessType=learn`, { token: student });
    expect(back.data).toMatchObject(node);
    expect(back.data.junk).toBeUndefined();
    expect((await h.call('GET', `${H}/getByBusinessType?businessType=learn`, { token: parent })).data).toBeNull();
    expect((await h.call('POST', `${H}/save`, { token: student, body: { businessType: 'bad type!' } })).message).toBe('参数 businessType 格式不正确');
  });

  it('counts previews by guests and users of visible lessons', async () => {
    const P = '/cloudSchool/v1/lessonPreview/add';
    const first = await h.call('POST', P, { body: { lessonId: lesson.lessonId } });
    const second = await h.call('POST', P, { token: student, body: { lessonId: lesson.lessonId } });
    expect(second.data.viewCount).toBe(first.data.viewCount + 1);
    expect((await h.call('POST', P, { body: { lessonId: hidden.lessonId } })).status).toBe(404);
  });

  it('counts a viewer once an hour, however often a script calls', async () => {
    const P = '/cloudSchool/v1/lessonPreview/add';
    const ip = freshIp();
    const start = (await h.call('POST', P, { body: { lessonId: lesson.lessonId }, ip })).data.viewCount;
    const burst = await Promise.all(Array.from({ length: 30 }, () => h.call('POST', P, { body: { lessonId: lesson.lessonId }, ip })));
    expect(new Set(burst.map((a) => a.data.viewCount))).toEqual(new Set([start]));
    // Another visitor counts; the same one counts again an hour later.
    expect((await h.call('POST', P, { body: { lessonId: lesson.lessonId }, ip: freshIp() })).data.viewCount).toBe(start + 1);
    h.advance(60 * 60_000);
    expect((await h.call('POST', P, { body: { lessonId: lesson.lessonId }, ip })).data.viewCount).toBe(start + 2);
  });

  it('lets the lesson’s teacher mark the video and everyone read the marks', async () => {
    const M = '/cloudSchool/v1/lessonResourceMark';
    const lessonResourceId = lesson.resources[0].resourceId;
    const saved = await h.call('POST', `${M}/batchSave`, { token: teacher, body: { lessonResourceId, marks: [{ markTime: 8, title: '小结' }, { markTime: 2, title: '导入', content: '复习旧知' }] } });
    expect(saved.data.map((m: { title: string }) => m.title)).toEqual(['导入', '小结']);
    const read = await h.call('GET', `${M}/getList?lessonResourceId=${lessonResourceId}`);
    expect(read.data).toHaveLength(2);
    expect((await h.call('POST', `${M}/batchSave`, { token: student, body: { lessonResourceId, marks: [] } })).status).toBe(403);
    const late = await h.call('POST', `${M}/batchSave`, { token: teacher, body: { lessonResourceId, marks: [{ markTime: 99, title: '越界' }] } });
    expect(late.message).toContain('参数 marks[0].markTime 超出了视频长度');
    expect((await h.call('GET', `${M}/getList?lessonResourceId=${lessonResourceId}`)).data).toHaveLength(2);
    expect((await h.call('GET', `${M}/getList?lessonResourceId=${hidden.resources[0].resourceId}`)).status).toBe(404);
    expect((await h.call('GET', `${M}/getList?lessonResourceId=rs-none`)).status).toBe(404);
  });
});

describe('collections', () => {
  const C = '/cloudSchool/v1/lessonCollection';
  it('adds, lists, checks and removes collected lessons idempotently', async () => {
    const [other] = await h.query<{ id: string }>(`SELECT id FROM lessons WHERE publish_status = 1 AND live_flag = 1 LIMIT 1`);
    expect((await h.call('POST', `${C}/add`, { token: student, body: { lessonId: lesson.lessonId } })).data).toEqual({ lessonId: lesson.lessonId, collected: true });
    h.advance(1000);
    await h.call('POST', `${C}/add`, { token: student, body: { lessonId: other!.id } });
    await h.call('POST', `${C}/add`, { token: student, body: { lessonId: other!.id } });
    const page = await h.call('POST', `${C}/page`, { token: student, body: { pageNum: 1, pageSize: 10 } });
    expect(page.data.total).toBe(2);
    expect(page.data.rows[0]).toMatchObject({ lessonId: other!.id, collectTime: expect.any(Number) });
    expect((await h.call('POST', `${C}/page`, { token: student, body: { liveFlag: 0 } })).data.rows.map((r: { lessonId: string }) => r.lessonId)).toEqual([lesson.lessonId]);
    expect((await h.call('GET', `${C}/isCollected?lessonId=${lesson.lessonId}`, { token: student })).data.collected).toBe(true);
    expect((await h.call('GET', `${C}/isCollected?lessonId=${lesson.lessonId}`, { token: parent })).data.collected).toBe(false);
    expect((await h.call('GET', `/cloudSchool/v1/cloudLesson/getById?lessonId=${lesson.lessonId}`, { token: student })).data.collected).toBe(true);
    await h.call('POST', `${C}/remove`, { token: student, body: { lessonId: lesson.lessonId } });
    expect((await h.call('POST', `${C}/remove`, { token: student, body: { lessonId: lesson.lessonId } })).status).toBe(200);
    expect((await h.call('POST', `${C}/page`, { token: student, body: {} })).data.total).toBe(1);
    expect((await h.call('POST', `${C}/add`, { token: student, body: { lessonId: hidden.lessonId } })).status).toBe(404);
    expect((await h.call('POST', `${C}/add`, { token: student, body: { lessonId: { id: 7 } } })).message).toBe('参数 lessonId 必须是字符串');
    expect((await h.call('POST', `${C}/add`, { token: student, body: {} })).message).toBe('缺少参数：lessonId');
  });
});
