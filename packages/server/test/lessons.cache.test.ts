/**
 * The public lesson lists are answered from a cache of serialized pages. What a user must never
 * notice: a write through the server shows on the very next read, a signed-in caller's own lessons
 * never reach anyone else's answer, and a cached answer is the same JSON as a fresh one.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';
import { createLesson, publish } from './lessonHelpers.js';

let teacher: string;
let admin: string;
const L = '/cloudSchool/v1/cloudLesson';
const h = useHarness();
beforeAll(async () => {
  teacher = await h.token('teacher');
  admin = await h.token('admin');
});

// Grade 3 maths, newest first: the list a new lesson of lessonBody() lands at the top of.
const FILTER = { stage: 2, subjectCode: 214, grade: 3, pageNum: 1, pageSize: 5 };
const page = (body: Record<string, unknown> = FILTER, options: { token?: string; headers?: Record<string, string> } = {}) =>
  h.call('POST', `${L}/getOnDemandLessonPage`, { body, ...options });
const ids = (answer: { data: { rows: { lessonId: string }[] } }) => answer.data.rows.map((r) => r.lessonId);

describe('cached public lesson pages', () => {
  it('show a publish, an unpublish and a delete on the next read', async () => {
    const before = await page();
    expect((await page()).data).toEqual(before.data); // now answered from the cache

    const lesson = await createLesson(h, teacher, { title: `缓存测试 ${Date.now()}` });
    expect(ids(await page())).not.toContain(lesson.lessonId); // saved, not yet published
    await publish(h, admin, [lesson.lessonId]);
    const published = await page();
    expect(ids(published)[0]).toBe(lesson.lessonId);
    expect(published.data.total).toBe(before.data.total + 1);

    const renamed = await h.call('POST', `${L}/save`, { token: teacher, body: { ...(await lessonBodyOf(lesson.lessonId)), title: '缓存测试 改名' } });
    expect(renamed.status).toBe(200);
    expect((await page()).data.rows[0]).toMatchObject({ lessonId: lesson.lessonId, title: '缓存测试 改名' });

    expect((await h.call('POST', `${L}/cancelPublishLesson`, { token: admin, body: { lessonIds: [lesson.lessonId] } })).status).toBe(200);
    expect(ids(await page())).not.toContain(lesson.lessonId);
    await publish(h, admin, [lesson.lessonId]);
    expect(ids(await page())).toContain(lesson.lessonId);

    expect((await h.call('DELETE', `${L}/deleteLesson?lessonId=${lesson.lessonId}`, { token: admin })).status).toBe(200);
    const after = await page();
    expect(ids(after)).not.toContain(lesson.lessonId);
    expect(after.data.total).toBe(before.data.total);
  });

  it("never hands a teacher's own unpublished lessons to anyone else", async () => {
    const draft = await createLesson(h, teacher, { title: `草稿 ${Date.now()}` });
    const mine = await page({ ...FILTER, onlyMine: true }, { token: teacher });
    expect(ids(mine)).toContain(draft.lessonId);
    expect(mine.data.rows.find((r: { lessonId: string }) => r.lessonId === draft.lessonId)).toMatchObject({ publishStatus: 0 });

    // The same filter without onlyMine, signed in or not, is the one public page.
    const guest = await page({ ...FILTER, onlyMine: false });
    const signedIn = await page({ ...FILTER, onlyMine: false }, { token: teacher });
    expect(ids(guest)).not.toContain(draft.lessonId);
    expect(signedIn.data).toEqual(guest.data);
    expect(guest.data.rows.every((r: { publishStatus: number }) => r.publishStatus === 1)).toBe(true);
    // And asking for one's own lessons without a token is refused, not answered from a cache.
    expect((await page({ ...FILTER, onlyMine: true })).status).toBe(4010001);
  });

  it('answers a cached page as the same JSON envelope, in the caller’s language', async () => {
    const first = await page();
    const again = await page();
    expect(again.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(again).toMatchObject({ http: 200, status: 200, message: first.message });
    expect(again.data).toEqual(first.data);
    // Same filter in another order and with an empty keyword: the same page.
    const reordered = await page({ pageSize: 5, keyword: '  ', grade: 3, subjectCode: 214, stage: 2, pageNum: 1 });
    expect(reordered.data).toEqual(first.data);

    const english = await page(FILTER, { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(english.data).toEqual(first.data);
    expect(english.message).not.toBe(first.message);
    expect((await page()).message).toBe(first.message);
  });
});

/** The save body of an existing lesson, as the teacher would send it back after an edit. */
async function lessonBodyOf(lessonId: string): Promise<Record<string, unknown>> {
  const detail = (await h.call('GET', `${L}/getById?lessonId=${lessonId}`, { token: teacher })).data;
  return {
    lessonId,
    title: detail.title,
    stage: detail.stage,
    subjectCode: detail.subjectCode,
    grade: detail.grade,
    bookId: detail.bookId,
    chapterNodeId: detail.chapterNodeId,
    resources: detail.resources.map((r: { resourceId: string; title: string; url: string; durationSeconds: number }) => ({
      resourceId: r.resourceId,
      title: r.title,
      url: r.url,
      durationSeconds: r.durationSeconds,
    })),
  };
}
