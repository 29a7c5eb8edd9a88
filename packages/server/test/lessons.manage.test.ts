/**
 * Writing lessons: a teacher saves, edits and deletes their own lessons; administrators publish, mark
 * excellent and see everything; students and parents manage nothing. Every refused call leaves the
 * stored lesson as it was.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';
import { count, createLesson, lessonBody, publish, VIDEO } from './lessonHelpers.js';

let teacher: string;
let auditor: string;
let student: string;
let parent: string;
let admin: string;
const L = '/cloudSchool/v1/cloudLesson';
const h = useHarness();
beforeAll(async () => {
  [teacher, auditor, student, parent, admin] = (await Promise.all(['teacher', 'auditor', 'student', 'parent', 'admin'].map((u) => h.token(u)))) as [string, string, string, string, string];
});

const stored = async (id: string) => (await h.query(`SELECT * FROM lessons WHERE id = $1`, [id]))[0];

describe('saving a lesson', () => {
  it('creates an unpublished lesson owned by the teacher, with curriculum names and videos', async () => {
    const lesson = await createLesson(h, teacher, { knowledgeNodeIds: ['kp-214-01-01'], lessonType: '新授课', description: '分数的初步认识' });
    expect(lesson).toMatchObject({
      title: '测试课程 认识分数',
      publishStatus: 0,
      liveFlag: 0,
      stage: 2,
      subjectName: '数学',
      gradeName: '三年级',
      bookId: 'bk-214-3a',
      editionId: 'ed-renjiao',
      editionName: '人教版',
      teacherName: '王晓明',
      teacherUserId: '100000000000000001',
      teacherInfoId: 'te-demo-teacher',
      schoolName: '东山市南湖区实验小学',
      createdBy: '100000000000000001',
      description: '分数的初步认识',
      durationSeconds: 10,
    });
    expect(lesson.knowledgeNodes).toEqual([{ nodeId: 'kp-214-01-01', name: expect.any(String) }]);
    expect(lesson.resources[0]).toMatchObject({ title: '第一段', url: VIDEO, playUrl: VIDEO, durationSeconds: 10 });
    // Hidden from others until published; the owner and administrators see it.
    expect((await h.call('GET', `${L}/getById?lessonId=${lesson.lessonId}`)).status).toBe(404);
    expect((await h.call('GET', `${L}/getById?lessonId=${lesson.lessonId}`, { token: student })).status).toBe(404);
    expect((await h.call('GET', `${L}/getById?lessonId=${lesson.lessonId}`, { token: auditor })).status).toBe(404);
    expect((await h.call('GET', `${L}/getById?lessonId=${lesson.lessonId}`, { token: teacher })).status).toBe(200);
    expect((await h.call('GET', `${L}/getById?lessonId=${lesson.lessonId}`, { token: admin })).status).toBe(200);
    const mine = await h.call('POST', `${L}/getOnDemandLessonPage`, { token: teacher, body: { onlyMine: true, pageSize: 100 } });
    expect(mine.data.rows.map((r: { lessonId: string }) => r.lessonId)).toContain(lesson.lessonId);
    const publicList = await h.call('POST', `${L}/getOnDemandLessonPage`, { body: { keyword: '测试课程 认识分数' } });
    expect(publicList.data.total).toBe(0);
    await publish(h, admin, [lesson.lessonId]);
    expect((await h.call('GET', `${L}/getById?lessonId=${lesson.lessonId}`, { token: student })).data.publishStatus).toBe(1);
    expect((await h.call('POST', `${L}/getOnDemandLessonPage`, { body: { keyword: '测试课程 认识分数' } })).data.total).toBe(1);
  });

  it('updates a lesson in place and keeps the ids of kept videos', async () => {
    const lesson = await createLesson(h, teacher, { title: '更新前' });
    const resourceId = lesson.resources[0].resourceId;
    const body = await lessonBody(h, {
      lessonId: lesson.lessonId,
      title: '  更新后  ',
      resources: [{ resourceId, title: '第一段（改）', url: VIDEO, durationSeconds: 10 }, { title: '第二段', url: VIDEO, durationSeconds: 20 }],
    });
    const answer = await h.call('POST', `${L}/save`, { token: teacher, body });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ lessonId: lesson.lessonId, title: '更新后', durationSeconds: 30 });
    expect(answer.data.resources.map((r: { resourceId: string }) => r.resourceId)[0]).toBe(resourceId);
    expect(answer.data.resources[1]).toMatchObject({ title: '第二段', fileInfoId: null, playUrl: VIDEO });
  });

  it('creates a live lesson with start and end, and refuses one without them', async () => {
    const start = Date.now() + 86_400_000;
    const live = await createLesson(h, teacher, { liveFlag: 1, liveStartTime: start, liveEndTime: start + 40 * 60_000, resources: [] });
    expect(live).toMatchObject({ liveFlag: 1, liveState: 'upcoming', liveStartTime: start, durationSeconds: 2400 });
    const missing = await h.call('POST', `${L}/save`, { token: teacher, body: await lessonBody(h, { liveFlag: 1, liveStartTime: start }) });
    expect(missing).toMatchObject({ status: 4200005, message: expect.stringContaining('liveEndTime') });
    const reversed = await h.call('POST', `${L}/save`, { token: teacher, body: await lessonBody(h, { liveFlag: 1, liveStartTime: start, liveEndTime: start - 1 }) });
    expect(reversed).toMatchObject({ http: 400, message: '参数 liveEndTime 必须晚于 liveStartTime' });
  });

  it('names every bad field and stores nothing', async () => {
    const before = await count(h, 'SELECT count(*) AS n FROM lessons');
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ title: undefined }, 4200005, '缺少参数：title'],
      [{ title: '   ' }, 400, '参数 title 不能为空'],
      [{ title: 'x'.repeat(101) }, 400, '参数 title 长度不能超过 100'],
      [{ stage: 'two' }, 400, '参数 stage 必须是整数'],
      [{ stage: 5 }, 400, '参数 stage 不是有效的学段'],
      [{ subjectCode: 999999 }, 400, '参数 subjectCode 不是有效的学科'],
      [{ subjectCode: 314 }, 400, '参数 subjectCode 的学科 314 不属于学段 2'],
      [{ grade: 8 }, 400, '参数 grade 的年级 8 不属于学段 2'],
      [{ bookId: 'bk-nope' }, 400, '参数 bookId 对应的教材不存在'],
      [{ bookId: 'bk-213-3a', chapterNodeId: null }, 400, '参数 bookId 的教材'],
      [{ chapterNodeId: 'bk-213-1a-01' }, 400, '参数 chapterNodeId 的章节不属于教材'],
      [{ chapterNodeId: 'kp-214-01' }, 400, '参数 chapterNodeId 对应的章节不存在'],
      [{ knowledgeNodeIds: ['kp-213-01'] }, 400, '参数 knowledgeNodeIds[0] 的知识点不属于学科 214'],
      [{ knowledgeNodeIds: ['nope'] }, 400, '参数 knowledgeNodeIds[0] 对应的知识点不存在'],
      [{ resources: [] }, 400, '参数 resources：点播课至少需要一个视频'],
      [{ resources: [{ title: '无地址' }] }, 400, '参数 resources[0] 需要视频地址 url 或文件 fileInfoId'],
      [{ resources: [{ title: 'x', url: 'javascript:alert(1)' }] }, 400, '参数 resources[0].url 格式不正确'],
      [{ resources: [{ title: 'x', url: VIDEO, durationSeconds: -1 }] }, 400, '参数 resources[0].durationSeconds 不能小于 0'],
      [{ teacherInfoId: 'te-none' }, 400, '参数 teacherInfoId 对应的教师信息不存在'],
      [{ lessonId: 'ls-nope' }, 404, '课程不存在'],
      [{ liveFlag: 2 }, 400, '参数 liveFlag 取值应为'],
    ];
    for (const [override, status, message] of cases) {
      const body = await lessonBody(h, override);
      for (const [k, v] of Object.entries(override)) if (v === undefined) delete body[k];
      const answer = await h.call('POST', `${L}/save`, { token: teacher, body });
      expect(`${JSON.stringify(override)} → ${answer.status} ${answer.message}`).toContain(`→ ${status} ${message}`);
    }
    expect(await count(h, 'SELECT count(*) AS n FROM lessons')).toBe(before);
  });

  it('sends the field at fault as data.field, so a form can mark it without reading the sentence', async () => {
    const cases: Array<[Record<string, unknown>, number, string | null]> = [
      [{ title: undefined }, 4200005, 'title'],
      [{ title: '   ' }, 400, 'title'],
      [{ stage: 'two' }, 400, 'stage'],
      [{ grade: 8 }, 400, 'grade'],
      [{ knowledgeNodeIds: ['nope'] }, 400, 'knowledgeNodeIds[0]'],
      [{ resources: [{ title: 'x', url: VIDEO }, { title: ' ', url: VIDEO }] }, 400, 'resources[1].title'],
      [{ resources: [{ title: 'x', url: 'javascript:alert(1)' }] }, 400, 'resources[0].url'],
      [{ lessonId: 'ls-nope' }, 404, null],
    ];
    for (const [override, status, field] of cases) {
      const body = await lessonBody(h, override);
      for (const [k, v] of Object.entries(override)) if (v === undefined) delete body[k];
      const answer = await h.call('POST', `${L}/save`, { token: teacher, body });
      expect({ override, status: answer.status, data: answer.data }).toEqual({ override, status, data: field === null ? null : { field } });
    }
  });
});

describe('who may manage what', () => {
  it('keeps students and parents out of lesson writing', async () => {
    for (const token of [student, parent]) {
      const answer = await h.call('POST', `${L}/save`, { token, body: await lessonBody(h) });
      expect(answer).toMatchObject({ http: 403, status: 403 });
    }
  });

  it('lets a teacher change only their own lessons', async () => {
    const lesson = await createLesson(h, teacher, { title: '王老师的课' });
    const update = await h.call('POST', `${L}/save`, { token: auditor, body: await lessonBody(h, { lessonId: lesson.lessonId, title: '改名' }) });
    expect(update.status).toBe(404); // unpublished: not even visible to another teacher
    await publish(h, admin, [lesson.lessonId]);
    const again = await h.call('POST', `${L}/save`, { token: auditor, body: await lessonBody(h, { lessonId: lesson.lessonId, title: '改名' }) });
    expect(again).toMatchObject({ status: 403, message: '只能修改自己的课程' });
    const del = await h.call('DELETE', `${L}/deleteLesson?lessonId=${lesson.lessonId}`, { token: auditor });
    expect(del.status).toBe(403);
    expect((await stored(lesson.lessonId))!.title).toBe('王老师的课');
    const other = await h.call('POST', `${L}/save`, { token: auditor, body: await lessonBody(h, { teacherUserId: '100000000000000001' }) });
    expect(other.status).toBe(403);
    const topic = await h.call('POST', `${L}/save`, { token: teacher, body: await lessonBody(h, { specialSubjectIds: ['ss-01'] }) });
    expect(topic).toMatchObject({ status: 403, message: expect.stringContaining('specialSubjectIds') });
  });

  it('refuses every management call to teachers and students with 403', async () => {
    const [lessonRow] = await h.query<{ id: string }>(`SELECT id FROM lessons LIMIT 1`);
    const id = lessonRow!.id;
    const calls: Array<[string, string, unknown]> = [
      ['POST', `${L}/getOnDemandLessonManagerViewPage`, {}],
      ['POST', `${L}/getLiveLessonManagerViewPage`, {}],
      ['POST', `${L}/getSpecialSubjectLessonManagerViewPage`, {}],
      ['POST', `${L}/publishLesson`, { lessonIds: [id] }],
      ['POST', `${L}/cancelPublishLesson`, { lessonIds: [id] }],
      ['POST', `${L}/updateExcellentFlag`, { lessonIds: [id], excellentFlag: 1 }],
      ['POST', '/cloudSchool/v1/specialSubject/add', { name: '新专题' }],
      ['POST', '/cloudSchool/v1/specialSubject/edit', { specialSubjectId: 'ss-01', name: 'x' }],
      ['POST', '/cloudSchool/v1/specialSubject/updateSort', { specialSubjectIds: ['ss-01'] }],
      ['DELETE', '/cloudSchool/v1/specialSubject/batchDelete?specialSubjectIds=ss-01', undefined],
      ['POST', '/cloudSchool/v1/teacherInfo/add', { name: '新老师' }],
      ['POST', '/cloudSchool/v1/teacherInfo/update', { teacherInfoId: 'te-01', name: 'x' }],
      ['POST', '/cloudSchool/v1/teacherInfo/batchAdd', { teachers: [{ name: 'x' }] }],
      ['POST', '/cloudSchool/v1/carouselImage/save', { title: 'x', imageUrl: '/x.jpg' }],
      ['POST', '/cloudSchool/v1/carouselImage/sort', { carouselImageIds: ['cs-01'] }],
      ['POST', '/cloudSchool/v1/carouselImage/batch/operation', { carouselImageIds: ['cs-01'], operation: 'delete' }],
    ];
    const snapshot = JSON.stringify(await h.query(`SELECT id, publish_status, excellent_flag FROM lessons ORDER BY id`));
    for (const token of [teacher, student]) {
      for (const [method, url, body] of calls) {
        const answer = await h.call(method, url, { token, body });
        expect(`${method} ${url} → ${answer.http} ${answer.status}`).toBe(`${method} ${url} → 403 403`);
      }
    }
    expect(JSON.stringify(await h.query(`SELECT id, publish_status, excellent_flag FROM lessons ORDER BY id`))).toBe(snapshot);
    expect(await count(h, `SELECT count(*) AS n FROM special_subjects`)).toBe(6);
    expect(await count(h, `SELECT count(*) AS n FROM carousel_images`)).toBe(7);
  });

  it('walks every protected cloud-school route: no token 4010001, bad token 4010005', async () => {
    const routes = h.app.routeList.filter(
      (r) => !r.public && r.method !== 'HEAD' && /^\/cloudSchool\/v1\/(cloudLesson|lessonNote|lessonOperation|lessonHistoryNode|lessonResourceMark|lessonCollection|teacherInfo|specialSubject|carouselImage)\//.test(r.url),
    );
    expect(routes.length).toBeGreaterThanOrEqual(30);
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, 'x1');
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      expect(`${route.method} ${url} → ${(await h.call(route.method, url, { body })).status}`).toBe(`${route.method} ${url} → 4010001`);
      expect(`${route.method} ${url} → ${(await h.call(route.method, url, { body, token: 'bad-token' })).status}`).toBe(`${route.method} ${url} → 4010005`);
    }
  });
});

describe('administration', () => {
  it('sees unpublished lessons in the manager views and filters by publish status', async () => {
    const all = await h.call('POST', `${L}/getOnDemandLessonManagerViewPage`, { token: admin, body: { pageSize: 5 } });
    expect(all.data.total).toBe(await count(h, 'SELECT count(*) AS n FROM lessons WHERE live_flag = 0'));
    const hidden = await h.call('POST', `${L}/getOnDemandLessonManagerViewPage`, { token: admin, body: { publishStatus: 0, pageSize: 100 } });
    expect(hidden.data.total).toBe(await count(h, 'SELECT count(*) AS n FROM lessons WHERE live_flag = 0 AND publish_status = 0'));
    for (const row of hidden.data.rows) expect(row.publishStatus).toBe(0);
    const live = await h.call('POST', `${L}/getLiveLessonManagerViewPage`, { token: admin, body: {} });
    expect(live.data.total).toBe(await count(h, 'SELECT count(*) AS n FROM lessons WHERE live_flag = 1'));
    const topics = await h.call('POST', `${L}/getSpecialSubjectLessonManagerViewPage`, { token: admin, body: { specialSubjectId: 'ss-01' } });
    expect(topics.data.total).toBe(await count(h, `SELECT count(*) AS n FROM special_subject_lessons WHERE special_subject_id = 'ss-01'`));
  });

  it('publishes, cancels and flags in batches, refusing the whole batch for an unknown id', async () => {
    const a = await createLesson(h, teacher, { title: '批量甲' });
    const b = await createLesson(h, teacher, { title: '批量乙' });
    const refused = await h.call('POST', `${L}/publishLesson`, { token: admin, body: { lessonIds: [a.lessonId, 'ls-ghost'] } });
    expect(refused).toMatchObject({ status: 404, message: '课程不存在：ls-ghost' });
    expect(Number((await stored(a.lessonId))!.publish_status)).toBe(0);
    expect((await h.call('POST', `${L}/publishLesson`, { token: admin, body: { lessonIds: [a.lessonId, b.lessonId] } })).data).toEqual({ changed: 2 });
    expect(Number((await stored(b.lessonId))!.publish_at)).toBeGreaterThan(0);
    expect((await h.call('POST', `${L}/updateExcellentFlag`, { token: admin, body: { lessonIds: [a.lessonId], excellentFlag: 1 } })).data).toEqual({ changed: 1 });
    expect((await h.call('GET', `${L}/getById?lessonId=${a.lessonId}`)).data.excellentFlag).toBe(1);
    expect((await h.call('POST', `${L}/cancelPublishLesson`, { token: admin, body: { lessonIds: [a.lessonId] } })).data).toEqual({ changed: 1 });
    expect((await h.call('GET', `${L}/getById?lessonId=${a.lessonId}`)).status).toBe(404);
    expect((await h.call('POST', `${L}/updateExcellentFlag`, { token: admin, body: { lessonIds: [a.lessonId], excellentFlag: 3 } })).http).toBe(400);
    expect((await h.call('POST', `${L}/publishLesson`, { token: admin, body: { lessonIds: [] } })).message).toContain('至少需要 1 项');
    const live = await createLesson(h, teacher, { liveFlag: 1, liveStartTime: Date.now() + 3600_000, liveEndTime: Date.now() + 7200_000, resources: [] });
    const emptyOnDemand = await h.call('POST', `${L}/save`, { token: admin, body: await lessonBody(h, { resources: [] }) });
    expect(emptyOnDemand.status).toBe(400);
    expect((await h.call('POST', `${L}/publishLesson`, { token: admin, body: { lessonIds: [live.lessonId] } })).status).toBe(200);
  });
});

describe('deleting a lesson', () => {
  it('deletes an unused lesson of the teacher', async () => {
    const lesson = await createLesson(h, teacher, { title: '将被删除' });
    const answer = await h.call('DELETE', `${L}/deleteLesson?lessonId=${lesson.lessonId}`, { token: teacher });
    expect(answer).toMatchObject({ status: 200, data: { lessonId: lesson.lessonId, deleted: true } });
    expect(await stored(lesson.lessonId)).toBeUndefined();
    expect((await h.call('DELETE', `${L}/deleteLesson?lessonId=${lesson.lessonId}`, { token: teacher })).status).toBe(404);
  });

  it('warns with 2810137 and keeps a lesson that has study records', async () => {
    const lesson = await createLesson(h, teacher, { title: '已有学习记录' });
    await publish(h, admin, [lesson.lessonId]);
    const learn = await h.call('POST', '/cloudSchool/v1/lessonOperation/addLearningDuration', {
      token: student,
      body: { lessonId: lesson.lessonId, resourceId: lesson.resources[0].resourceId, seconds: 5, position: 5 },
    });
    expect(learn.status).toBe(200);
    const answer = await h.call('DELETE', `${L}/deleteLesson?lessonId=${lesson.lessonId}`, { token: admin });
    expect(answer).toMatchObject({ http: 409, status: 2810137, data: null });
    expect(answer.message).toContain('学习记录');
    expect(await stored(lesson.lessonId)).toBeDefined();
  });

  it('warns with 2810137 and keeps a lesson used in a special topic', async () => {
    const lesson = await createLesson(h, admin, { title: '专题中的课', specialSubjectIds: ['ss-02'] });
    const answer = await h.call('DELETE', `${L}/deleteLesson?lessonId=${lesson.lessonId}`, { token: admin });
    expect(answer).toMatchObject({ status: 2810137, message: expect.stringContaining('科学探究') });
    expect(await stored(lesson.lessonId)).toBeDefined();
  });
});

describe('other lesson calls', () => {
  it('makes a new unpublished live lesson from a lesson', async () => {
    const source = await createLesson(h, teacher, { title: '源课程' });
    const start = Date.now() + 2 * 86_400_000;
    const answer = await h.call('POST', `${L}/updateToLiveLesson`, { token: teacher, body: { lessonId: source.lessonId, liveStartTime: start, liveEndTime: start + 2_400_000 } });
    expect(answer.data).toMatchObject({ title: '源课程', liveFlag: 1, publishStatus: 0, liveStartTime: start, bookId: 'bk-214-3a' });
    expect(answer.data.lessonId).not.toBe(source.lessonId);
    expect(answer.data.resources).toHaveLength(1);
    const bad = await h.call('POST', `${L}/updateToLiveLesson`, { token: teacher, body: { lessonId: source.lessonId, liveStartTime: start, liveEndTime: start } });
    expect(bad.message).toBe('参数 liveEndTime 必须晚于 liveStartTime');
    expect((await h.call('POST', `${L}/updateToLiveLesson`, { token: student, body: { lessonId: source.lessonId, liveStartTime: start, liveEndTime: start + 1 } })).status).toBe(403);
  });

  it('counts downloads of visible lessons for signed-in users', async () => {
    const [row] = await h.query<{ id: string; download_count: number }>(`SELECT id, download_count FROM lessons WHERE publish_status = 1 LIMIT 1`);
    const answer = await h.call('POST', `${L}/addDownloadCount`, { token: student, body: { lessonId: row!.id } });
    expect(answer.data.downloadCount).toBe(Number(row!.download_count) + 1);
    // Once a day per user: a loop does not move the lesson up 最热.
    const again = await Promise.all(Array.from({ length: 20 }, () => h.call('POST', `${L}/addDownloadCount`, { token: student, body: { lessonId: row!.id } })));
    expect(new Set(again.map((a) => a.data.downloadCount))).toEqual(new Set([Number(row!.download_count) + 1]));
    const [hidden] = await h.query<{ id: string }>(`SELECT id FROM lessons WHERE publish_status = 0 AND created_by IS NULL LIMIT 1`);
    expect((await h.call('POST', `${L}/addDownloadCount`, { token: student, body: { lessonId: hidden!.id } })).status).toBe(404);
    expect((await h.call('POST', `${L}/addDownloadCount`, { token: student, body: {} })).message).toBe('缺少参数：lessonId');
  });
});
