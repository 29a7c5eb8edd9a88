/**
 * The back-office lesson tables (直播课管理, 点播课管理) and what administrators do to single lessons:
 * every list answers the caller's organisation subtree only, every action on a lesson outside it is
 * refused by id (and changes nothing), bad input names the field at fault.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import { count, createLesson } from './lessonHelpers.js';

const L = '/cloudSchool/v1/cloudLesson';
const NANHU = ['330102000000', '330102001001', '330102001001301', 'sc-01', 'sc-05', 'sc-06'];

let h: Harness;
let admin: string;
let district: string;
let school: string;
let researcher: string;
let teacher: string;

beforeAll(async () => {
  h = await startHarness();
  [admin, district, school, researcher, teacher] = (await Promise.all(['admin', 'districtadmin', 'schooladmin', 'researcher', 'teacher'].map((u) => h.token(u)))) as [
    string, string, string, string, string,
  ];
});
afterAll(async () => {
  await h?.close();
});

type Row = { lessonId: string; schoolId: string; publishStatus: number; teacherName: string; liveFlag: number };

async function page(view: 'getOnDemandLessonManagerViewPage' | 'getLiveLessonManagerViewPage', token: string, body: Record<string, unknown> = {}) {
  const answer = await h.call<{ rows: Row[]; total: number }>('POST', `${L}/${view}`, { token, body: { pageSize: 100, ...body } });
  expect(answer.status, answer.message).toBe(200);
  return answer.data;
}

async function lessonOf(schoolId: string, liveFlag = 0): Promise<{ id: string; title: string }> {
  const [row] = await h.query<{ id: string; title: string }>(
    `SELECT id, title FROM lessons WHERE school_id = $1 AND live_flag = $2 ORDER BY id LIMIT 1`,
    [schoolId, liveFlag],
  );
  expect(row, `a seeded lesson of ${schoolId}`).toBeDefined();
  return row!;
}

describe('manager views', () => {
  it('show a district administrator their district’s lessons only, published or not', async () => {
    const all = await page('getOnDemandLessonManagerViewPage', admin);
    const mine = await page('getOnDemandLessonManagerViewPage', district);
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.total).toBeLessThan(all.total);
    expect(mine.rows.every((r) => NANHU.includes(r.schoolId))).toBe(true);
    expect(mine.total).toBe(await count(h, `SELECT count(*) AS n FROM lessons WHERE live_flag = 0 AND school_id = ANY($1)`, [NANHU]));
    // The demo teacher's unpublished uploads are among them, waiting to be published.
    expect(mine.rows.some((r) => r.publishStatus === 0)).toBe(true);
    const live = await page('getLiveLessonManagerViewPage', district);
    expect(live.rows.every((r) => NANHU.includes(r.schoolId) && r.liveFlag === 1)).toBe(true);
  });

  it('show a school administrator their school’s lessons only; researchers may read', async () => {
    const ours = await page('getOnDemandLessonManagerViewPage', school);
    expect(ours.total).toBeGreaterThan(0);
    expect(ours.rows.every((r) => r.schoolId === '330102001001')).toBe(true);
    expect((await page('getLiveLessonManagerViewPage', researcher)).total).toBeGreaterThan(0);
  });

  it('filter by publish status and part of the teacher’s name', async () => {
    const unpublished = await page('getOnDemandLessonManagerViewPage', admin, { publishStatus: 0, teacherName: '晓明' });
    expect(unpublished.total).toBeGreaterThan(0);
    expect(unpublished.rows.every((r) => r.publishStatus === 0 && r.teacherName.includes('晓明'))).toBe(true);
    expect((await page('getOnDemandLessonManagerViewPage', admin, { teacherName: '没有这个人' })).total).toBe(0);
  });

  it('refuse bad input and name the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ pageSize: 0 }, 'pageSize'],
      [{ pageNum: 'x' }, 'pageNum'],
      [{ publishStatus: 2 }, 'publishStatus'],
      [{ teacherName: 'x'.repeat(51) }, 'teacherName'],
      [{ orderBy: 'price' }, 'orderBy'],
      [{ startTime: 2, endTime: 1 }, 'startTime'],
    ];
    for (const view of ['getOnDemandLessonManagerViewPage', 'getLiveLessonManagerViewPage']) {
      for (const [body, field] of cases) {
        const answer = await h.call('POST', `${L}/${view}`, { token: admin, body });
        expect(answer.http, `${view} ${JSON.stringify(body)}`).toBe(400);
        expect(answer.message).toContain(field);
      }
    }
  });
});

describe('a district administrator and another district’s lesson, by id', () => {
  it('cannot publish it, and it stays unpublished', async () => {
    const theirs = await lessonOf('sc-07');
    await h.query(`UPDATE lessons SET publish_status = 0 WHERE id = $1`, [theirs.id]);
    const answer = await h.call('POST', `${L}/publishLesson`, { token: district, body: { lessonIds: [theirs.id] } });
    expect(answer.http).toBe(403);
    expect(answer.message).toContain('不在您的管理范围内');
    expect(await count(h, `SELECT count(*) AS n FROM lessons WHERE id = $1 AND publish_status = 0`, [theirs.id])).toBe(1);
    // Mixed with one of their own: nothing of the batch changes.
    const ours = await lessonOf('sc-01');
    await h.query(`UPDATE lessons SET publish_status = 0 WHERE id = $1`, [ours.id]);
    expect((await h.call('POST', `${L}/publishLesson`, { token: district, body: { lessonIds: [ours.id, theirs.id] } })).http).toBe(403);
    expect(await count(h, `SELECT count(*) AS n FROM lessons WHERE id = ANY($1) AND publish_status = 0`, [[ours.id, theirs.id]])).toBe(2);
    expect((await h.call('POST', `${L}/publishLesson`, { token: district, body: { lessonIds: [ours.id] } })).status).toBe(200);
  });

  it('cannot delete it, convert it to a live lesson or edit it', async () => {
    const theirs = await lessonOf('sc-07');
    const lessonsBefore = await count(h, `SELECT count(*) AS n FROM lessons`);
    const removed = await h.call('DELETE', `${L}/deleteLesson?lessonId=${theirs.id}`, { token: district });
    expect(removed.http).toBe(403);
    expect(removed.message).toContain('不在您的管理范围内');
    const now = Date.now();
    const live = await h.call('POST', `${L}/updateToLiveLesson`, { token: district, body: { lessonId: theirs.id, liveStartTime: now + 3_600_000, liveEndTime: now + 7_200_000 } });
    expect(live.http).toBe(403);
    const detail = await h.call('GET', `${L}/getById?lessonId=${theirs.id}`, { token: admin });
    const saved = await h.call('POST', `${L}/save`, {
      token: district,
      body: { lessonId: theirs.id, title: '改名', stage: detail.data.stage, subjectCode: detail.data.subjectCode, grade: detail.data.grade, resources: [{ title: 'v', url: '/static/seed/media/lesson-shuxue-tuxing.mp4' }] },
    });
    expect(saved.http).toBe(403);
    expect(await count(h, `SELECT count(*) AS n FROM lessons`)).toBe(lessonsBefore);
    expect(await count(h, `SELECT count(*) AS n FROM lessons WHERE id = $1 AND title = $2`, [theirs.id, theirs.title])).toBe(1);
  });

  it('deletes and converts a lesson of their own district, and the audit log records both', async () => {
    const lesson = await createLesson(h, teacher, { title: '区管理员删除的课' });
    const source = await createLesson(h, teacher, { title: '区管理员转直播的课' });
    const now = Date.now();
    const live = await h.call('POST', `${L}/updateToLiveLesson`, { token: district, body: { lessonId: source.lessonId, liveStartTime: now + 3_600_000, liveEndTime: now + 7_200_000 } });
    expect(live.status, live.message).toBe(200);
    expect(live.data).toMatchObject({ liveFlag: 1, publishStatus: 0, schoolId: '330102001001' });
    expect((await h.call('DELETE', `${L}/deleteLesson?lessonId=${lesson.lessonId}`, { token: district })).status).toBe(200);
    const log = await h.query<{ action: string; entity_id: string }>(`SELECT action, entity_id FROM audit_log WHERE entity_id = ANY($1)`, [[lesson.lessonId, live.data.lessonId]]);
    expect(log).toEqual(
      expect.arrayContaining([
        { action: 'cloudLesson.delete', entity_id: lesson.lessonId },
        { action: 'cloudLesson.updateToLiveLesson', entity_id: live.data.lessonId },
      ]),
    );
  });

  it('files a new lesson without a teacher under their own organisation, where their table finds it', async () => {
    const now = Date.now();
    const saved = await h.call('POST', `${L}/save`, {
      token: district,
      body: { title: '区级直播课', liveFlag: 1, liveStartTime: now + 3_600_000, liveEndTime: now + 7_200_000, stage: 2, subjectCode: 214, grade: 3 },
    });
    expect(saved.status, saved.message).toBe(200);
    expect(saved.data.schoolId).toBe('330102000000');
    const live = await page('getLiveLessonManagerViewPage', district, { keyword: '区级直播课' });
    expect(live.rows.map((r) => r.lessonId)).toEqual([saved.data.lessonId]);
  });

  it('cannot file a lesson under a teacher of another district; names the field', async () => {
    const [other] = await h.query<{ id: string }>(`SELECT id FROM teacher_infos WHERE school_id = 'sc-07' ORDER BY id LIMIT 1`);
    const before = await count(h, `SELECT count(*) AS n FROM lessons`);
    const now = Date.now();
    const saved = await h.call('POST', `${L}/save`, {
      token: district,
      body: { title: '别区教师的课', teacherInfoId: other!.id, liveFlag: 1, liveStartTime: now + 3_600_000, liveEndTime: now + 7_200_000, stage: 2, subjectCode: 214, grade: 3 },
    });
    expect(saved.http).toBe(403);
    expect(saved.data).toMatchObject({ field: 'teacherInfoId' });
    expect(await count(h, `SELECT count(*) AS n FROM lessons`)).toBe(before);
  });
});

