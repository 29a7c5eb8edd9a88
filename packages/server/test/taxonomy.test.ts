/**
 * Lesson tags and special-topic types over real calls: names are unique and bounded with errors that
 * name the field, order follows updateSort, an entry in use cannot be deleted (the count is named and
 * nothing changes), only the city bureau's administrators write, lessons carry tags and the public
 * list filters by them, topics carry a type and the public topic list filters by it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import { count, createLesson, publish } from './lessonHelpers.js';

let h: Harness;
let admin: string;
let teacher: string;

const CS = '/cloudSchool/v1';
const TAG = `${CS}/lessonTag`;
const TYPE = `${CS}/specialSubjectType`;

beforeAll(async () => {
  h = await startHarness();
  admin = await h.token('admin');
  teacher = await h.token('teacher');
});
afterAll(async () => {
  await h?.close();
});

const families = [
  { name: 'lesson tags', P: TAG, id: 'tagId', ids: 'tagIds', table: 'lesson_tags', label: '课程标签' },
  { name: 'special-topic types', P: TYPE, id: 'typeId', ids: 'typeIds', table: 'special_subject_types', label: '专题类型' },
] as const;

describe.each(families)('$name', ({ P, id, ids, table, label }) => {
  const add = (name: unknown, token = admin) => h.call('POST', `${P}/add`, { token, body: { name } });
  const names = async () => (await h.call('POST', `${P}/list`)).data.map((r: { name: string }) => r.name);

  it('adds with a unique, trimmed, bounded name; bad names are refused naming the field and nothing is stored', async () => {
    const first = await add('  科学探究 ');
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ name: '科学探究', useCount: 0 });
    expect(first.data[id]).toMatch(/^[a-z]+-/);
    const before = await count(h, `SELECT count(*) AS n FROM ${table}`);

    const taken = await add('科学探究');
    expect(taken).toMatchObject({ status: 4090003, http: 409, data: { field: 'name' } });
    expect(taken.message).toBe(`${label}名称已存在：科学探究`);
    const blank = await add('   ');
    expect(blank).toMatchObject({ status: 400, data: { field: 'name' } });
    expect(blank.message).toContain('参数 name');
    const long = await add('长'.repeat(21));
    expect(long).toMatchObject({ status: 400, message: '参数 name 长度不能超过 20 个字符', data: { field: 'name' } });
    const missing = await h.call('POST', `${P}/add`, { token: admin, body: {} });
    expect(missing).toMatchObject({ status: 4200005, message: '缺少参数：name' });
    expect(await count(h, `SELECT count(*) AS n FROM ${table}`)).toBe(before);
  });

  it('renames; an unknown id or a taken name is refused and the name stays', async () => {
    const a = (await add('甲')).data[id];
    await add('乙');
    const renamed = await h.call('POST', `${P}/edit`, { token: admin, body: { [id]: a, name: '丙' } });
    expect(renamed.data).toMatchObject({ [id]: a, name: '丙' });
    const clash = await h.call('POST', `${P}/edit`, { token: admin, body: { [id]: a, name: '乙' } });
    expect(clash).toMatchObject({ status: 4090003, data: { field: 'name' } });
    const unknown = await h.call('POST', `${P}/edit`, { token: admin, body: { [id]: 'x-none', name: '丁' } });
    expect(unknown).toMatchObject({ status: 404, data: { field: id } });
    expect(await names()).toContain('丙');
    expect(await names()).not.toContain('丁');
  });

  it('orders by updateSort: the named first, the rest after in their order; an unknown id changes nothing', async () => {
    const list = (await h.call('POST', `${P}/list`)).data as Array<Record<string, string>>;
    expect(list.length).toBeGreaterThanOrEqual(3);
    const last = list[list.length - 1]![id]!;
    const sorted = await h.call('POST', `${P}/updateSort`, { token: admin, body: { [ids]: [last] } });
    expect(sorted.status).toBe(200);
    const after = (await h.call('POST', `${P}/list`)).data as Array<Record<string, unknown>>;
    expect(after.map((r) => r[id])).toEqual([last, ...list.slice(0, -1).map((r) => r[id])]);
    expect(after.map((r) => r.sort)).toEqual(after.map((_, i) => i + 1));

    const refused = await h.call('POST', `${P}/updateSort`, { token: admin, body: { [ids]: [list[0]![id], 'x-none'] } });
    expect(refused).toMatchObject({ status: 404, data: { field: `${ids}[1]` } });
    const empty = await h.call('POST', `${P}/updateSort`, { token: admin, body: { [ids]: [] } });
    expect(empty).toMatchObject({ status: 400, data: { field: ids } });
    expect((await h.call('POST', `${P}/list`)).data.map((r: Record<string, unknown>) => r[id])).toEqual(after.map((r) => r[id]));
  });

  it('pages for the back-office with a keyword; researchers read, only the city writes', async () => {
    const page = await h.call('POST', `${P}/page`, { token: await h.token('researcher'), body: { pageNum: 1, pageSize: 2, keyword: '丙' } });
    expect(page.data).toMatchObject({ total: 1, pageNum: 1, pageSize: 2 });
    expect(page.data.rows[0]).toMatchObject({ name: '丙', useCount: 0 });
    for (const user of ['districtadmin', 'schooladmin', 'researcher', 'teacher']) {
      const refused = await add(`${user}的`, await h.token(user));
      expect(`${user} → ${refused.http}`).toBe(`${user} → 403`);
    }
    expect(await names()).not.toContain('districtadmin的');
  });
});

describe('demo types and tags', () => {
  it('are seeded once with their topics and lessons, and a tag filters the public list to its lessons', async () => {
    const tags = (await h.call('POST', `${TAG}/list`)).data.map((t: { name: string }) => t.name);
    expect(tags).toEqual(expect.arrayContaining(['名师示范', '实验探究', '思维训练']));
    const typed = await h.call('POST', `${CS}/specialSubject/list`, { body: { typeId: 'sst-01' } });
    expect(typed.data.map((t: { specialSubjectId: string }) => t.specialSubjectId)).toEqual(['ss-01', 'ss-06']);
    const excellent = await h.call('POST', `${CS}/cloudLesson/getOnDemandLessonPage`, { body: { tagId: 'tag-01', pageSize: 100 } });
    expect(excellent.data.total).toBeGreaterThan(0);
    for (const row of excellent.data.rows) {
      expect(row.excellentFlag).toBe(1);
      expect(row.tags.map((t: { tagId: string }) => t.tagId)).toContain('tag-01');
    }
  });
});

describe('lesson tags on lessons', () => {
  it('a lesson carries tags, the public list filters by one, and a tag in use cannot be deleted', async () => {
    const tag = (await h.call('POST', `${TAG}/add`, { token: admin, body: { name: '航天' } })).data;
    const other = (await h.call('POST', `${TAG}/add`, { token: admin, body: { name: '实验课' } })).data;
    const lesson = await createLesson(h, teacher, { title: '带标签的课', tagIds: [tag.tagId, other.tagId] });
    expect(lesson.tags.map((t: { name: string }) => t.name).sort()).toEqual(['实验课', '航天']);
    const unknown = await h.call('POST', `${CS}/cloudLesson/save`, { token: teacher, body: { ...(await lessonBodyOf(lesson)), tagIds: [tag.tagId, 'tag-none'] } });
    expect(unknown).toMatchObject({ status: 400, data: { field: 'tagIds[1]' } });
    expect(unknown.message).toContain('课程标签不存在');
    expect(await count(h, 'SELECT count(*) AS n FROM lesson_tag_links WHERE lesson_id = $1', [lesson.lessonId])).toBe(2);

    await publish(h, admin, [lesson.lessonId]);
    const found = await h.call('POST', `${CS}/cloudLesson/getOnDemandLessonPage`, { body: { tagId: tag.tagId, pageSize: 50 } });
    expect(found.data.rows.map((r: { lessonId: string }) => r.lessonId)).toEqual([lesson.lessonId]);
    const detail = await h.call('GET', `${CS}/cloudLesson/getById?lessonId=${lesson.lessonId}`);
    expect(detail.data.tags.map((t: { tagId: string }) => t.tagId)).toContain(tag.tagId);

    const refused = await h.call('DELETE', `${TAG}/batchDelete?tagIds=${tag.tagId}`, { token: admin });
    expect(refused).toMatchObject({ status: 409, http: 409, data: { field: 'tagIds' } });
    expect(refused.message).toContain('「航天」已用于 1 节课');
    expect(await count(h, 'SELECT count(*) AS n FROM lesson_tags WHERE id = $1', [tag.tagId])).toBe(1);

    // Untagged, the tag can go; the lesson stays.
    const untagged = await h.call('POST', `${CS}/cloudLesson/save`, { token: teacher, body: { ...(await lessonBodyOf(lesson)), tagIds: [other.tagId] } });
    expect(untagged.data.tags.map((t: { name: string }) => t.name)).toEqual(['实验课']);
    const deleted = await h.call('DELETE', `${TAG}/batchDelete?tagIds=${tag.tagId}`, { token: admin });
    expect(deleted.data).toMatchObject({ deleted: 1 });
    expect((await h.call('POST', `${CS}/cloudLesson/getOnDemandLessonPage`, { body: { tagId: tag.tagId } })).data.total).toBe(0);
    expect(await count(h, 'SELECT count(*) AS n FROM lessons WHERE id = $1', [lesson.lessonId])).toBe(1);
  });
});

describe('special-topic types on topics, and the lessons of a topic', () => {
  it('a topic carries a type, the public list filters by it, and a type in use cannot be deleted', async () => {
    const type = (await h.call('POST', `${TYPE}/add`, { token: admin, body: { name: '科普' } })).data;
    const badType = await h.call('POST', `${CS}/specialSubject/add`, { token: admin, body: { name: '有类型的专题', typeId: 'sst-none' } });
    expect(badType).toMatchObject({ status: 400, data: { field: 'typeId' } });
    const badCover = await h.call('POST', `${CS}/specialSubject/add`, { token: admin, body: { name: '有类型的专题', coverFileId: '999999' } });
    expect(badCover).toMatchObject({ status: 404, data: { field: 'coverFileId' } });
    expect(await count(h, `SELECT count(*) AS n FROM special_subjects WHERE name = '有类型的专题'`)).toBe(0);
    const topic = (await h.call('POST', `${CS}/specialSubject/add`, { token: admin, body: { name: '有类型的专题', typeId: type.typeId } })).data;
    expect(topic).toMatchObject({ typeId: type.typeId, typeName: '科普' });
    const listed = await h.call('POST', `${CS}/specialSubject/list`, { body: { typeId: type.typeId } });
    expect(listed.data.map((t: { name: string }) => t.name)).toEqual(['有类型的专题']);

    const refused = await h.call('DELETE', `${TYPE}/batchDelete?typeIds=${type.typeId}`, { token: admin });
    expect(refused).toMatchObject({ status: 409, data: { field: 'typeIds' } });
    expect(refused.message).toContain('「科普」已用于 1 个专题');
    const cleared = await h.call('POST', `${CS}/specialSubject/edit`, { token: admin, body: { specialSubjectId: topic.specialSubjectId, typeId: null } });
    expect(cleared.data).toMatchObject({ typeId: null, typeName: null, name: '有类型的专题' });
    expect((await h.call('DELETE', `${TYPE}/batchDelete?typeIds=${type.typeId}`, { token: admin })).data.deleted).toBe(1);
  });

  it('adds lessons to a topic and removes them; bad ids are named, the audit log keeps the change', async () => {
    const topic = (await h.call('POST', `${CS}/specialSubject/add`, { token: admin, body: { name: '收录测试' } })).data;
    const lesson = await createLesson(h, teacher, { title: '收录候选' });
    await publish(h, admin, [lesson.lessonId]);
    const S = `${CS}/specialSubject`;
    const bad = await h.call('POST', `${S}/addLessons`, { token: admin, body: { specialSubjectId: topic.specialSubjectId, lessonIds: [lesson.lessonId, 'ls-none'] } });
    expect(bad).toMatchObject({ status: 400, data: { field: 'lessonIds[1]' } });
    expect(await count(h, 'SELECT count(*) AS n FROM special_subject_lessons WHERE special_subject_id = $1', [topic.specialSubjectId])).toBe(0);
    const noTopic = await h.call('POST', `${S}/addLessons`, { token: admin, body: { specialSubjectId: 'ss-none', lessonIds: [lesson.lessonId] } });
    expect(noTopic.status).toBe(404);
    const empty = await h.call('POST', `${S}/addLessons`, { token: admin, body: { specialSubjectId: topic.specialSubjectId, lessonIds: [] } });
    expect(empty).toMatchObject({ status: 400, data: { field: 'lessonIds' } });

    const added = await h.call('POST', `${S}/addLessons`, { token: admin, body: { specialSubjectId: topic.specialSubjectId, lessonIds: [lesson.lessonId, lesson.lessonId] } });
    expect(added.data).toMatchObject({ added: 1, topic: { lessonCount: 1 } });
    const again = await h.call('POST', `${S}/addLessons`, { token: admin, body: { specialSubjectId: topic.specialSubjectId, lessonIds: [lesson.lessonId] } });
    expect(again.data.added).toBe(0);
    const view = await h.call('POST', `${CS}/cloudLesson/getSpecialSubjectLessonManagerViewPage`, { token: admin, body: { specialSubjectId: topic.specialSubjectId } });
    expect(view.data.rows.map((r: { lessonId: string }) => r.lessonId)).toEqual([lesson.lessonId]);

    const removed = await h.call('POST', `${S}/removeLessons`, { token: admin, body: { specialSubjectId: topic.specialSubjectId, lessonIds: [lesson.lessonId] } });
    expect(removed.data).toMatchObject({ removed: 1, topic: { lessonCount: 0 } });
    expect(await count(h, 'SELECT count(*) AS n FROM lessons WHERE id = $1', [lesson.lessonId])).toBe(1);

    const log = await h.call('POST', `${CS}/auditLog/page`, { token: admin, body: { action: 'specialSubject.removeLessons' } });
    expect(log.data.rows[0]).toMatchObject({ entityId: topic.specialSubjectId, changes: { lessonIds: { before: [lesson.lessonId], after: [] } } });
    const refused = await h.call('POST', `${S}/removeLessons`, { token: await h.token('districtadmin'), body: { specialSubjectId: topic.specialSubjectId, lessonIds: [lesson.lessonId] } });
    expect(refused.http).toBe(403);
  });
});

/** The save body of an existing lesson (what the teacher's form sends back). */
async function lessonBodyOf(lesson: Record<string, any>) {
  const { lessonBody } = await import('./lessonHelpers.js');
  return lessonBody(h, { lessonId: lesson.lessonId, title: lesson.title });
}
