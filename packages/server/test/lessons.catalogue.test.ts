/**
 * The catalogue around lessons: teacher introductions, special topics and the home carousel. Reading
 * is public (the carousel follows each slide's visibility); writing is for administrators.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';
import { count, createLesson } from './lessonHelpers.js';

let teacher: string;
let student: string;
let parent: string;
let admin: string;
const T = '/cloudSchool/v1/teacherInfo';
const S = '/cloudSchool/v1/specialSubject';
const C = '/cloudSchool/v1/carouselImage';
const h = useHarness();
beforeAll(async () => {
  [teacher, student, parent, admin] = (await Promise.all(['teacher', 'student', 'parent', 'admin'].map((u) => h.token(u)))) as [string, string, string, string];
});

describe('teacher introductions', () => {
  it('lists the teacher pool with filters and lesson counts, public', async () => {
    const all = await h.call('POST', `${T}/list`, { body: { pageSize: 100 } });
    expect(all.data.total).toBe(32);
    const maths = await h.call('POST', `${T}/list`, { body: { subjectCode: 214, pageSize: 100 } });
    expect(maths.data.total).toBe(10);
    for (const t of maths.data.rows) expect(t.subjectCodes).toContain(214);
    const named = await h.call('POST', `${T}/list`, { body: { keyword: '王雅琴' } });
    expect(named.data.rows[0]).toMatchObject({ teacherInfoId: 'te-01', schoolName: '东山市实验小学', title: '正高级教师', subjectNames: ['语文'], stageName: '小学' });
    expect(named.data.rows[0].lessonCount).toBe(await count(h, `SELECT count(*) AS n FROM lessons WHERE teacher_info_id = 'te-01' AND publish_status = 1`));
    const schools = await h.call('POST', `${T}/orgList`, { body: {} });
    expect(schools.data.find((s: { schoolId: string }) => s.schoolId === 'sc-01')).toMatchObject({ schoolName: '东山市实验小学', teacherCount: 4 });
    const byUser = await h.call('GET', `${T}/getByUserIds?userIds=100000000000000001,100000000000000006,nobody`);
    expect(byUser.data.map((t: { name: string }) => t.name).sort()).toEqual(['刘雅琴', '王晓明']);
    expect((await h.call('GET', `${T}/getByTeacherId?teacherId=te-02`)).data.name).toBe('李晓梅');
    expect((await h.call('GET', `${T}/getByTeacherId?teacherId=te-nope`)).status).toBe(404);
    expect((await h.call('GET', `${T}/getByUserIds`)).message).toBe('缺少参数：userIds');
  });

  it('adds, updates and batch-adds for administrators, checking every field', async () => {
    const added = await h.call('POST', `${T}/add`, { token: admin, body: { name: ' 新老师 ', title: '二级教师', stage: 2, subjectCodes: [213, 214], schoolName: '东山市东湖小学' } });
    expect(added.data).toMatchObject({ name: '新老师', subjectNames: ['语文', '数学'], lessonCount: 0 });
    const updated = await h.call('POST', `${T}/update`, { token: admin, body: { teacherInfoId: added.data.teacherInfoId, intro: '热爱教学' } });
    expect(updated.data).toMatchObject({ name: '新老师', intro: '热爱教学' });
    // A renamed teacher's lessons show the new name and are found by it.
    await h.call('POST', `${T}/update`, { token: admin, body: { teacherInfoId: 'te-02', name: '李晓梅（改）' } });
    const renamed = await h.call('POST', '/cloudSchool/v1/cloudLesson/getOnDemandLessonPage', { body: { keyword: '李晓梅（改）', pageSize: 100 } });
    expect(renamed.data.total).toBe(await count(h, `SELECT count(*) AS n FROM lessons WHERE teacher_info_id = 'te-02' AND publish_status = 1 AND live_flag = 0`));

    const before = await count(h, 'SELECT count(*) AS n FROM teacher_infos');
    const cases: Array<[string, Record<string, unknown>, number, string]> = [
      ['add', {}, 4200005, '缺少参数：name'],
      ['add', { name: '   ' }, 400, '参数 name 不能为空'],
      ['add', { name: 'x', stage: 7 }, 400, '参数 stage 不是有效的学段'],
      ['add', { name: 'x', stage: 2, subjectCodes: [314] }, 400, '参数 subjectCodes[0] 的学科 314 不属于学段 2'],
      ['add', { name: 'x', subjectCodes: ['abc'] }, 400, '参数 subjectCodes[0] 必须是整数'],
      ['add', { name: 'x', userId: '100000000000000002' }, 400, '参数 userId 对应的用户不是教师'],
      ['add', { name: 'x', userId: 'nobody' }, 400, '参数 userId 对应的用户不存在'],
      ['add', { name: 'x', userId: '100000000000000001' }, 409, '该用户已有教师信息'],
      ['add', { name: 'x', avatarUrl: 'ftp://x' }, 400, '参数 avatarUrl 格式不正确'],
      ['update', { name: 'x' }, 4200005, '缺少参数：teacherInfoId'],
      ['update', { teacherInfoId: 'te-nope' }, 404, '教师信息不存在'],
      ['batchAdd', { teachers: [] }, 400, '参数 teachers 至少需要 1 项'],
      ['batchAdd', { teachers: [{ name: '甲' }, { name: '' }] }, 400, '参数 teachers[1].name 不能为空'],
      ['batchAdd', { teachers: [{ name: '甲', stage: 2 }, { name: '乙', stage: 2, subjectCodes: [999] }] }, 400, '参数 teachers[1].subjectCodes[0]'],
    ];
    for (const [call, body, status, message] of cases) {
      const answer = await h.call('POST', `${T}/${call}`, { token: admin, body });
      expect(`${call} ${JSON.stringify(body)} → ${answer.status} ${answer.message}`).toContain(`→ ${status} ${message}`);
    }
    expect(await count(h, 'SELECT count(*) AS n FROM teacher_infos')).toBe(before);
    const batch = await h.call('POST', `${T}/batchAdd`, { token: admin, body: { teachers: [{ name: '甲老师' }, { name: '乙老师', stage: 3, subjectCodes: [317] }] } });
    expect(batch.data.count).toBe(2);
    expect(await count(h, 'SELECT count(*) AS n FROM teacher_infos')).toBe(before + 2);
  });
});

describe('special topics', () => {
  it('adds, edits, orders and deletes topics; deleting keeps the lessons', async () => {
    const lesson = await createLesson(h, teacher, { title: '专题候选' });
    const added = await h.call('POST', `${S}/add`, { token: admin, body: { name: '航天科普', description: '从神舟到天宫', lessonIds: [lesson.lessonId] } });
    expect(added.data).toMatchObject({ name: '航天科普', sort: 7, lessonCount: 0 });
    expect((await h.call('POST', `${S}/add`, { token: admin, body: { name: '航天科普' } })).status).toBe(4090003);
    expect((await h.call('POST', `${S}/add`, { token: admin, body: { name: '坏课', lessonIds: ['ls-none'] } })).message).toContain('参数 lessonIds[0]');
    const id = added.data.specialSubjectId;
    const edited = await h.call('POST', `${S}/edit`, { token: admin, body: { specialSubjectId: id, name: '航天与科学' } });
    expect(edited.data).toMatchObject({ name: '航天与科学', description: '从神舟到天宫' });
    expect((await h.call('POST', `${S}/edit`, { token: admin, body: { specialSubjectId: id, name: '传统文化' } })).status).toBe(4090003);
    const sorted = await h.call('POST', `${S}/updateSort`, { token: admin, body: { specialSubjectIds: [id, 'ss-01'] } });
    expect(sorted.data.map((t: { specialSubjectId: string }) => t.specialSubjectId)).toEqual([id, 'ss-01', 'ss-02', 'ss-03', 'ss-04', 'ss-05', 'ss-06']);
    expect(sorted.data.map((t: { sort: number }) => t.sort)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect((await h.call('POST', `${S}/updateSort`, { token: admin, body: { specialSubjectIds: ['ss-none'] } })).status).toBe(404);
    expect((await h.call('DELETE', `${S}/batchDelete?specialSubjectIds=${id},ss-none`, { token: admin })).status).toBe(404);
    expect(await count(h, 'SELECT count(*) AS n FROM special_subjects WHERE id = $1', [id])).toBe(1);
    expect((await h.call('DELETE', `${S}/batchDelete?specialSubjectIds=${id}`, { token: admin })).data.deleted).toBe(1);
    expect(await count(h, 'SELECT count(*) AS n FROM lessons WHERE id = $1', [lesson.lessonId])).toBe(1);
    // Out of the topic, the lesson can be deleted again.
    expect((await h.call('DELETE', `/cloudSchool/v1/cloudLesson/deleteLesson?lessonId=${lesson.lessonId}`, { token: teacher })).status).toBe(200);
  });
});

describe('home carousel', () => {
  const titles = (answer: { data: { rows: Array<{ title: string }> } }) => answer.data.rows.map((r) => r.title);

  it('shows the management slide only to signed-in users who are not students', async () => {
    const guest = await h.call('POST', `${C}/page`, { body: { pageSize: 20 } });
    expect(titles(guest)).not.toContain('智慧管理');
    expect(guest.data.total).toBe(6);
    expect(titles(await h.call('POST', `${C}/page`, { token: student, body: {} }))).not.toContain('智慧管理');
    expect(titles(await h.call('POST', `${C}/page`, { token: teacher, body: {} }))).toContain('智慧管理');
    expect(titles(await h.call('POST', `${C}/page`, { token: parent, body: {} }))).toContain('智慧管理');
    // The learn slide is named after the viewer.
    expect(titles(await h.call('POST', `${C}/page`, { token: teacher, body: {} }))).toContain('智慧教学');
    expect(titles(await h.call('POST', `${C}/page`, { token: student, body: {} }))).toContain('智慧学习');
    const list = await h.call('GET', `${C}/list/home`);
    expect(list.data.map((s: { key: string }) => s.key)).toEqual(['live', 'learn', 'assessment', 'training', 'famousSchool', 'resources']);
    expect(list.data[0]).toMatchObject({ imageUrl: '/static/seed/banners/banner-01-live.jpg', target: { type: 'route', path: '/live-class-schedule' } });
    expect((await h.call('GET', `${C}/cs-05`)).status).toBe(404);
    expect((await h.call('GET', `${C}/cs-05`, { token: teacher })).data.key).toBe('management');
  });

  it('lets administrators add, reorder, disable and delete slides', async () => {
    const saved = await h.call('POST', `${C}/save`, { token: admin, body: { title: '暑期专题', imageUrl: '/static/seed/banners/banner-02-learn.jpg', target: { type: 'route', path: '/special-topic' } } });
    expect(saved.data).toMatchObject({ title: '暑期专题', sort: 8, enabled: 1, visibility: 'all' });
    const id = saved.data.carouselImageId;
    expect((await h.call('POST', `${C}/save`, { token: admin, body: { title: '无图' } })).status).toBe(4200005);
    expect((await h.call('POST', `${C}/save`, { token: admin, body: { title: 'x', imageUrl: '/x.jpg', visibility: 'nobody' } })).message).toContain('参数 visibility 取值应为');
    expect((await h.call('POST', `${C}/save`, { token: admin, body: { carouselImageId: 'cs-none', title: 'x' } })).status).toBe(404);
    await h.call('POST', `${C}/sort`, { token: admin, body: { carouselImageIds: [id] } });
    expect((await h.call('GET', `${C}/list/home`)).data[0].carouselImageId).toBe(id);
    await h.call('POST', `${C}/batch/operation`, { token: admin, body: { carouselImageIds: [id], operation: 'disable' } });
    expect((await h.call('GET', `${C}/list/home`)).data.map((s: { carouselImageId: string }) => s.carouselImageId)).not.toContain(id);
    expect((await h.call('POST', `${C}/page`, { token: admin, body: { includeDisabled: true } })).data.total).toBe(8);
    expect((await h.call('POST', `${C}/batch/operation`, { token: admin, body: { carouselImageIds: [id, 'cs-none'], operation: 'delete' } })).status).toBe(404);
    await h.call('POST', `${C}/batch/operation`, { token: admin, body: { carouselImageIds: [id], operation: 'delete' } });
    expect(await count(h, 'SELECT count(*) AS n FROM carousel_images')).toBe(7);
  });
});
