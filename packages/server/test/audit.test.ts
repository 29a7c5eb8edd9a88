/**
 * The audit log and the reach of back-office users, over real calls: a successful write leaves one
 * entry per record with the changed fields, a refused one none; the log cannot be edited, not even by
 * SQL; a district administrator changes their district's lessons and is refused another district's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import { lessonBody } from './lessonHelpers.js';

let h: Harness;
let admin: string;
let district: string;

const CS = '/cloudSchool/v1';

async function publishedLessonOf(schoolId: string): Promise<{ id: string; title: string }> {
  const [row] = await h.query<{ id: string; title: string }>(
    `SELECT id, title FROM lessons WHERE school_id = $1 AND publish_status = 1 AND live_flag = 0 ORDER BY id LIMIT 1`,
    [schoolId],
  );
  expect(row, `a published seeded lesson of ${schoolId}`).toBeDefined();
  return row!;
}

async function entries(filter: Record<string, unknown>) {
  const answer = await h.call<{ rows: Array<Record<string, any>>; total: number }>('POST', `${CS}/auditLog/page`, { body: filter, token: admin });
  expect(answer.status).toBe(200);
  return answer.data;
}

beforeAll(async () => {
  h = await startHarness();
  admin = await h.token('admin');
  district = await h.token('districtadmin');
});
afterAll(async () => {
  await h?.close();
});

describe('audit log', () => {
  it('records who changed which lesson, from where, and the field before and after', async () => {
    const lesson = await publishedLessonOf('sc-01');
    const answer = await h.call('POST', `${CS}/cloudLesson/cancelPublishLesson`, { body: { lessonIds: [lesson.id] }, token: admin, ip: '10.9.8.7' });
    expect(answer.status).toBe(200);

    const page = await entries({ action: 'cloudLesson.cancelPublish', entityId: lesson.id });
    expect(page.total).toBe(1);
    const [entry] = page.rows;
    expect(entry).toMatchObject({
      actorName: '陈志强',
      entity: 'cloudLesson',
      entityId: lesson.id,
      changes: { publishStatus: { before: 1, after: 0 } },
    });
    expect(entry!.actorRoles).toContain('CITY_BUREAU_ADMIN');
    expect(entry!.ip).not.toBe('');
    expect(entry!.changes).not.toHaveProperty('title');

    await h.call('POST', `${CS}/cloudLesson/publishLesson`, { body: { lessonIds: [lesson.id] }, token: admin });
    const back = await entries({ action: 'cloudLesson.publish', entityId: lesson.id });
    expect(back.rows[0]?.changes).toEqual({ publishStatus: { before: 0, after: 1 } });
  });

  it('records nothing for a refused call', async () => {
    const before = (await entries({})).total;
    const unknown = await h.call('POST', `${CS}/cloudLesson/publishLesson`, { body: { lessonIds: ['ls-none'] }, token: admin });
    expect(unknown.status).toBe(404);
    const refused = await h.call('POST', `${CS}/cloudLesson/publishLesson`, { body: { lessonIds: ['ls-none'] }, token: await h.token('teacher') });
    expect(refused.http).toBe(403);
    expect((await entries({})).total).toBe(before);
  });

  it('cannot be edited or emptied, not even by SQL', async () => {
    expect((await entries({})).total).toBeGreaterThan(0);
    await expect(h.query(`UPDATE audit_log SET actor_name = 'x'`)).rejects.toThrow(/append-only/);
    await expect(h.query(`DELETE FROM audit_log`)).rejects.toThrow(/append-only/);
    await expect(h.query(`TRUNCATE audit_log`)).rejects.toThrow(/append-only/);
  });

  it('filters by person, action and date', async () => {
    const all = await entries({ keyword: '陈志' });
    expect(all.rows.every((r) => r.actorName === '陈志强')).toBe(true);
    expect((await entries({ keyword: '无此人' })).total).toBe(0);
    expect((await entries({ from: Date.now() + 86_400_000 })).total).toBe(0);
    const actions = await h.call<string[]>('GET', `${CS}/auditLog/actions`, { token: admin });
    expect(actions.data).toEqual(expect.arrayContaining(['cloudLesson.publish', 'cloudLesson.cancelPublish']));
  });
});

describe('reach of a district administrator', () => {
  it('changes a lesson of their district', async () => {
    const ours = await publishedLessonOf('sc-01'); // 南湖区
    const answer = await h.call('POST', `${CS}/cloudLesson/updateExcellentFlag`, { body: { lessonIds: [ours.id], excellentFlag: 1 }, token: district });
    expect(answer.status).toBe(200);
  });

  it('is refused a lesson of another district, also by its id, and nothing changes', async () => {
    const theirs = await publishedLessonOf('sc-07'); // 东湖区
    const answer = await h.call('POST', `${CS}/cloudLesson/cancelPublishLesson`, { body: { lessonIds: [theirs.id] }, token: district });
    expect(answer.http).toBe(403);
    expect(answer.message).toContain('不在您的管理范围内');
    const [row] = await h.query<{ publish_status: number }>(`SELECT publish_status FROM lessons WHERE id = $1`, [theirs.id]);
    expect(row?.publish_status).toBe(1);
  });
});

describe("an administrator's writes to another's lesson", () => {
  it("records the edit of the lesson and of its key points, field by field; the owner's own edits are not back-office writes", async () => {
    const teacher = await h.token('teacher');
    const body = await lessonBody(h, { title: '审计：教师自己的课' });
    const created = await h.call<{ lessonId: string; resources: Array<{ resourceId: string }> }>('POST', `${CS}/cloudLesson/save`, { token: teacher, body });
    expect(created.status, created.message).toBe(200);
    const lessonId = created.data.lessonId;
    const lessonResourceId = created.data.resources[0]!.resourceId;
    const resources = [{ ...(body.resources as object[])[0], resourceId: lessonResourceId }];

    // The owner edits their own lesson and its key points: nothing for the audit log.
    expect((await h.call('POST', `${CS}/cloudLesson/save`, { token: teacher, body: { ...body, resources, lessonId, title: '审计：教师改了标题' } })).status).toBe(200);
    expect((await h.call('POST', `${CS}/lessonResourceMark/batchSave`, { token: teacher, body: { lessonResourceId, marks: [{ markTime: 2, title: '导入' }] } })).status).toBe(200);
    expect((await entries({ entityId: lessonId })).total).toBe(0);

    // The city administrator edits the same lesson and its key points.
    const edited = await h.call('POST', `${CS}/cloudLesson/save`, { token: admin, body: { ...body, resources, lessonId, title: '审计：管理员改了标题' } });
    expect(edited.status, edited.message).toBe(200);
    const saved = await entries({ action: 'cloudLesson.save', entityId: lessonId });
    expect(saved.total).toBe(1);
    expect(saved.rows[0]).toMatchObject({ actorName: '陈志强', entity: 'cloudLesson', changes: { title: { before: '审计：教师改了标题', after: '审计：管理员改了标题' } } });
    expect(Object.keys(saved.rows[0]!.changes)).toEqual(['title']);

    const marks = await h.call('POST', `${CS}/lessonResourceMark/batchSave`, { token: admin, body: { lessonResourceId, marks: [{ markTime: 3, title: '管理员的要点' }] } });
    expect(marks.status, marks.message).toBe(200);
    const marked = await entries({ action: 'lessonResourceMark.batchSave', entityId: lessonId });
    expect(marked.total).toBe(1);
    expect(marked.rows[0]!.changes).toEqual({
      [`marks.${lessonResourceId}`]: { before: [{ markTime: 2, title: '导入', content: '' }], after: [{ markTime: 3, title: '管理员的要点', content: '' }] },
    });

    // A refused edit by the administrator records nothing.
    const refused = await h.call('POST', `${CS}/lessonResourceMark/batchSave`, { token: admin, body: { lessonResourceId, marks: [{ markTime: 3, title: 'a' }, { markTime: 3, title: 'b' }] } });
    expect(refused.status).not.toBe(200);
    expect((await entries({ entityId: lessonId })).total).toBe(2);
  });
});
