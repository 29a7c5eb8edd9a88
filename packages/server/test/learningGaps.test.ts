/**
 * Key points on a video's time line (who may set them, what is refused, that a refusal keeps what was
 * stored) and "delete all my notes of a lesson" (only the caller's, only that lesson's).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';
import { count, createLesson, publish } from './lessonHelpers.js';

const M = '/cloudSchool/v1/lessonResourceMark';
const N = '/cloudSchool/v1/lessonNote';
const h = useHarness();
let teacher: string;
let teacher2: string;
let student: string;
let parent: string;
let admin: string;
let lesson: any;
let other: any;

beforeAll(async () => {
  [teacher, teacher2, student, parent, admin] = (await Promise.all(['teacher', 'teacher2', 'student', 'parent', 'admin'].map((u) => h.token(u)))) as [
    string,
    string,
    string,
    string,
    string,
  ];
  lesson = await createLesson(h, teacher, {
    title: '要点测试课',
    resources: [
      { title: '第一段', url: '/static/seed/media/lesson-shuxue-tuxing.mp4', durationSeconds: 10 },
      { title: '第二段', url: '/static/seed/media/lesson-shuxue-tuxing.mp4', durationSeconds: 10 },
    ],
  });
  other = await createLesson(h, teacher, { title: '另一节课' });
  await publish(h, admin, [lesson.lessonId, other.lessonId]);
});

const save = (token: string | undefined, lessonResourceId: string, marks: unknown) =>
  h.call('POST', `${M}/batchSave`, { ...(token ? { token } : {}), body: { lessonResourceId, marks } });
const titles = async (lessonResourceId: string) =>
  (await h.call('GET', `${M}/getList?lessonResourceId=${lessonResourceId}`)).data.map((m: { title: string }) => m.title);

describe('lesson resource marks', () => {
  it('lets the lesson’s teacher and an administrator set the marks, nobody else', async () => {
    const [first, second] = lesson.resources.map((r: { resourceId: string }) => r.resourceId);
    expect((await save(teacher, first, [{ markTime: 6, title: '小结' }, { markTime: 1, title: ' 导入 ', content: '复习' }])).status).toBe(200);
    expect((await save(teacher, second, [{ markTime: 3, title: '第二段要点' }])).status).toBe(200);
    expect(await titles(first)).toEqual(['导入', '小结']);

    for (const [token, status] of [
      [undefined, 4010001],
      [student, 403],
      [parent, 403],
      [teacher2, 403],
    ] as const) {
      const refused = await save(token, first, []);
      expect(refused.status, `token ${token ?? 'none'}`).toBe(status);
    }
    expect(await titles(first)).toEqual(['导入', '小结']);

    const byAdmin = await save(admin, first, [{ markTime: 2, title: '管理员改过' }]);
    expect(byAdmin.data).toMatchObject([{ lessonResourceId: first, markTime: 2, title: '管理员改过', content: '' }]);
    // The other video of the lesson keeps its own marks.
    expect(await titles(second)).toEqual(['第二段要点']);
  });

  it('refuses bad marks with the catalogue code and the field, and keeps what was stored', async () => {
    const id = other.resources[0].resourceId;
    await save(teacher, id, [{ markTime: 4, title: '原有要点' }]);
    const cases: Array<[unknown, number, string, string | undefined]> = [
      [[{ markTime: 1, title: '   ' }], 4220401, '参数 marks[0].title 不能为空', 'marks[0].title'],
      [[{ markTime: 1, title: 'a' }, { markTime: 11, title: 'b' }], 4220402, '参数 marks[1].markTime 超出了视频长度（10 秒）', 'marks[1].markTime'],
      [[{ markTime: 5, title: 'a' }, { markTime: 5, title: 'b' }], 4220403, '参数 marks[1].markTime 与前面的要点同一时刻', 'marks[1].markTime'],
      [[{ markTime: -1, title: 'a' }], 400, '参数 marks[0].markTime 不能小于 0', undefined],
      [[{ markTime: 1, title: 'x'.repeat(101) }], 400, '参数 marks[0].title 长度不能超过 100', undefined],
      [[{ markTime: 1 }], 4200005, '缺少参数：', undefined],
      [Array.from({ length: 101 }, (_, i) => ({ markTime: i % 10, title: `${i}` })), 400, '参数 marks ', undefined],
      ['全部', 400, '参数 marks[0] 必须是', undefined],
    ];
    for (const [marks, status, message, field] of cases) {
      const answer = await save(teacher, id, marks);
      expect(`${answer.status} ${answer.message}`).toContain(`${status} ${message}`);
      if (field) expect(answer.data).toEqual({ field });
      if (Math.floor(status / 10_000) === 422) expect(answer.http).toBe(422);
    }
    expect((await save(teacher, 'rs-none', [])).status).toBe(404);
    expect(await titles(id)).toEqual(['原有要点']);
  });
});

describe('delete all my notes of a lesson', () => {
  const note = (token: string, lessonId: string, content: string) => h.call('POST', `${N}/save`, { token, body: { lessonId, content, videoTime: 1 } });

  it('deletes the caller’s notes of that lesson only', async () => {
    await note(student, lesson.lessonId, '第一条');
    await note(student, lesson.lessonId, '第二条');
    await note(student, other.lessonId, '别的课');
    await note(parent, lesson.lessonId, '家长的');

    const wiped = await h.call('DELETE', `${N}/deleteByLessonId?lessonId=${lesson.lessonId}`, { token: student });
    expect(wiped.data).toEqual({ lessonId: lesson.lessonId, deleted: 2 });
    const left = await h.query<{ content: string }>('SELECT content FROM lesson_notes WHERE content IN ($1, $2, $3, $4) ORDER BY content', [
      '第一条',
      '第二条',
      '别的课',
      '家长的',
    ]);
    expect(left.map((r) => r.content).sort()).toEqual(['别的课', '家长的'].sort());
    // Again: nothing left to delete, still a success.
    expect((await h.call('DELETE', `${N}/deleteByLessonId?lessonId=${lesson.lessonId}`, { token: student })).data.deleted).toBe(0);
  });

  it('refuses a visitor and bad input, deleting nothing', async () => {
    await note(parent, other.lessonId, '家长另一课');
    const before = await count(h, 'SELECT count(*) AS n FROM lesson_notes');
    expect((await h.call('DELETE', `${N}/deleteByLessonId?lessonId=${other.lessonId}`)).status).toBe(4010001);
    expect((await h.call('DELETE', `${N}/deleteByLessonId`, { token: parent })).message).toBe('缺少参数：lessonId');
    expect((await h.call('DELETE', `${N}/deleteByLessonId?lessonId=${encodeURIComponent("x' OR 1=1")}`, { token: parent })).status).toBe(400);
    // An administrator deleting "all notes" of a lesson deletes only their own (none here).
    expect((await h.call('DELETE', `${N}/deleteByLessonId?lessonId=${other.lessonId}`, { token: admin })).data.deleted).toBe(0);
    expect(await count(h, 'SELECT count(*) AS n FROM lesson_notes')).toBe(before);
  });
});
