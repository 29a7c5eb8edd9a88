/**
 * The notes page and the study record are answered from memory per user (learning/learnerPageCache.ts):
 * a change made behind the API's back stays unseen while the answer is kept, and yet the user's own
 * writes, and lesson writes, show on the very next read — on this server and, once it has heard them
 * (`bus.barrier()`), on another server over the same database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';
import { startSecondInstance, type Instance } from './instances.js';
import { createLesson, lessonBody, publish } from './lessonHelpers.js';

const SECRET = 'one-secret-for-the-cluster';
const N = '/cloudSchool/v1/lessonNote';
const O = '/cloudSchool/v1/lessonOperation';
const h = useHarness({ settings: { deploySecret: SECRET } });
let b: Instance;
let teacher: string;
let student: string;
let parent: string;
let admin: string;
let lesson: any;
beforeAll(async () => {
  b = await startSecondInstance(h, SECRET);
  [teacher, student, parent, admin] = (await Promise.all(['teacher', 'student', 'parent', 'admin'].map((u) => h.token(u)))) as [string, string, string, string];
  lesson = await createLesson(h, teacher, { title: '缓存的笔记课' });
  await publish(h, admin, [lesson.lessonId]);
});
afterAll(async () => {
  await b?.close();
});

const notes = (token: string, on: { call: typeof h.call } = h) => on.call('POST', `${N}/getNotesPage`, { token, body: { pageNum: 1, pageSize: 10 } });
const contents = (answer: { data: { rows: { content: string }[] } }) => answer.data.rows.map((r) => r.content);
const study = (token: string, on: { call: typeof h.call } = h) => on.call('POST', `${O}/getPage`, { token, body: { pageNum: 1, pageSize: 10 } });
/** A change no API call made: only a fresh read of the database shows it. */
const behindTheApi = (noteId: string, content: string) => h.query('UPDATE lesson_notes SET content = $2 WHERE id = $1', [noteId, content]);
const save = (token: string, content: string, extra: Record<string, unknown> = {}) =>
  h.call('POST', `${N}/save`, { token, body: { lessonId: lesson.lessonId, content, videoTime: 1, ...extra } });

describe('cached notes page', () => {
  it('is answered from memory, and shows the user’s own save, edit and delete on the next read', async () => {
    const first = await save(student, '第一条');
    expect(contents(await notes(student))).toEqual(['第一条']);
    await behindTheApi(first.data.lessonNoteId, '库里改的');
    expect(contents(await notes(student))).toEqual(['第一条']); // kept: no query made

    await save(student, '第二条');
    expect(contents(await notes(student))).toEqual(['第二条', '库里改的']);
    await save(student, '改过的第二条', { lessonNoteId: (await notes(student)).data.rows[0].lessonNoteId });
    expect(contents(await notes(student))).toEqual(['改过的第二条', '库里改的']);
    expect((await h.call('DELETE', `${N}/deleteByNoteId?lessonNoteId=${first.data.lessonNoteId}`, { token: student })).status).toBe(200);
    expect(contents(await notes(student))).toEqual(['改过的第二条']);
    expect((await h.call('DELETE', `${N}/deleteByLessonId?lessonId=${lesson.lessonId}`, { token: student })).status).toBe(200);
    expect((await notes(student)).data.total).toBe(0);
  });

  it('keeps one user’s pages when another user writes, and drops every page on a lesson write', async () => {
    const mine = await save(parent, '家长的笔记');
    expect(contents(await notes(parent))).toEqual(['家长的笔记']);
    await behindTheApi(mine.data.lessonNoteId, '库里改的');
    await save(student, '学生的笔记');
    expect(contents(await notes(parent))).toEqual(['家长的笔记']); // another user's write leaves it

    const renamed = await h.call('POST', '/cloudSchool/v1/cloudLesson/save', { token: teacher, body: await lessonBody(h, { lessonId: lesson.lessonId, title: '改名的笔记课', resources: lesson.resources }) });
    expect(renamed.status).toBe(200);
    const after = await notes(parent);
    expect(after.data.rows[0]).toMatchObject({ content: '库里改的', lessonTitle: '改名的笔记课' });
  });

  it('shows a note saved through another server once that server has heard it', async () => {
    const before = contents(await notes(student, b));
    expect(contents(await notes(student, b))).toEqual(before);
    await save(student, '在 A 上写的');
    await b.app.ctx.bus.barrier();
    expect(contents(await notes(student, b))).toEqual(['在 A 上写的', ...before]);
  });
});

describe('cached study record', () => {
  it('shows watch time and a score on the next read, here and on another server', async () => {
    const resourceId = lesson.resources[0].resourceId;
    expect((await study(student)).data.total).toBe(0);
    expect((await study(student, b)).data.total).toBe(0);
    const reported = await h.call('POST', `${O}/addLearningDuration`, { token: student, body: { lessonId: lesson.lessonId, resourceId, seconds: 3, position: 3 } });
    expect(reported.status).toBe(200);
    expect((await study(student)).data.rows[0]).toMatchObject({ lessonId: lesson.lessonId, totalSeconds: 3, myScore: null });
    await h.query('UPDATE lesson_learning SET total_seconds = 99 WHERE lesson_id = $1', [lesson.lessonId]);
    expect((await study(student)).data.rows[0]).toMatchObject({ totalSeconds: 3 }); // kept: no query made

    expect((await h.call('POST', `${O}/score`, { token: student, body: { lessonId: lesson.lessonId, score: 5 } })).status).toBe(200);
    expect((await study(student)).data.rows[0]).toMatchObject({ totalSeconds: 99, myScore: 5 });
    await b.app.ctx.bus.barrier();
    expect((await study(student, b)).data.rows[0]).toMatchObject({ totalSeconds: 99, myScore: 5 });
  });
});
