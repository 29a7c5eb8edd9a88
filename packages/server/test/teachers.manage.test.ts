/**
 * The teacher back office: lists and the organisation tree within the caller's reach, writes refused
 * outside it (by id too), delete refused while lessons credit the teacher, and bad input on every call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import { count } from './lessonHelpers.js';

const T = '/cloudSchool/v1/teacherInfo';
let h: Harness;
let admin: string;
let schooladmin: string;
let districtadmin: string;

beforeAll(async () => {
  h = await startHarness();
  [admin, schooladmin, districtadmin] = (await Promise.all(['admin', 'schooladmin', 'districtadmin'].map((u) => h.token(u)))) as [string, string, string];
});
afterAll(async () => {
  await h?.close();
});

const teacherRow = async (id: string) => JSON.stringify(await h.query('SELECT * FROM teacher_infos WHERE id = $1', [id]));

describe('teacher back office reach', () => {
  it('lists only the teachers of the caller subtree, and the organisations in reach with their counts', async () => {
    const own = await h.call('POST', `${T}/managerPage`, { token: schooladmin, body: { pageSize: 100 } });
    expect(own.data.rows.map((t: { teacherInfoId: string }) => t.teacherInfoId).sort()).toEqual(['te-demo-auditor', 'te-demo-teacher']);
    const district = await h.call('POST', `${T}/managerPage`, { token: districtadmin, body: { pageSize: 100 } });
    const schools = new Set(district.data.rows.map((t: { schoolId: string }) => t.schoolId));
    expect([...schools].sort()).toEqual(['330102001001', 'sc-01', 'sc-05', 'sc-06']);
    expect(district.data.total).toBe(await count(h, `SELECT count(*) AS n FROM teacher_infos WHERE school_id IN ('330102001001', 'sc-01', 'sc-05', 'sc-06')`));
    const picked = await h.call('POST', `${T}/managerPage`, { token: admin, body: { orgId: 'sc-01', pageSize: 100 } });
    expect(picked.data.total).toBe(4);

    const tree = await h.call('POST', `${T}/managerOrgList`, { token: districtadmin, body: {} });
    const nodes = tree.data as { orgId: string; parentId: string | null; orgType: number; teacherCount: number }[];
    expect(nodes.find((n) => n.orgId === '330102000000')).toMatchObject({ orgType: 2, teacherCount: district.data.total });
    expect(nodes.find((n) => n.orgId === 'sc-01')).toMatchObject({ parentId: '330102000000', orgType: 3, teacherCount: 4 });
    expect(nodes.some((n) => n.orgId === 'sc-07' || n.orgType === 4)).toBe(false);
    const all = await h.call('POST', `${T}/managerOrgList`, { token: admin, body: {} });
    expect(all.data.find((n: { orgId: string }) => n.orgId === '330100000000').teacherCount).toBe(await count(h, `SELECT count(*) AS n FROM teacher_infos WHERE school_id <> ''`));

    const outside = await h.call('POST', `${T}/managerPage`, { token: schooladmin, body: { orgId: 'sc-01' } });
    expect([outside.status, outside.message, outside.data]).toEqual([403, '不在您的管理范围内', { field: 'orgId' }]);
  });

  it('refuses a school administrator who edits or deletes another school teacher by id, changing nothing', async () => {
    const before = await teacherRow('te-01');
    const edit = await h.call('POST', `${T}/update`, { token: schooladmin, body: { teacherInfoId: 'te-01', name: '改名' } });
    expect([edit.http, edit.status, edit.message, edit.data]).toEqual([403, 403, '不在您的管理范围内', { field: 'teacherInfoId' }]);
    const remove = await h.call('POST', `${T}/delete`, { token: schooladmin, body: { teacherInfoIds: ['te-demo-auditor', 'te-01'] } });
    expect([remove.status, remove.data]).toEqual([403, { field: 'teacherInfoIds[1]' }]);
    expect(await teacherRow('te-01')).toBe(before);
    expect(await count(h, `SELECT count(*) AS n FROM teacher_infos WHERE id = 'te-demo-auditor'`)).toBe(1);
    // Moving their own teacher to another school is refused too.
    const move = await h.call('POST', `${T}/update`, { token: schooladmin, body: { teacherInfoId: 'te-demo-auditor', schoolId: 'sc-07' } });
    expect([move.status, move.data]).toEqual([403, { field: 'schoolId' }]);
    const added = await h.call('POST', `${T}/add`, { token: schooladmin, body: { name: '他校老师', schoolId: 'sc-07' } });
    expect([added.status, added.data]).toEqual([403, { field: 'schoolId' }]);
    // Within reach it works, and the audit log keeps the change.
    const ok = await h.call('POST', `${T}/update`, { token: schooladmin, body: { teacherInfoId: 'te-demo-auditor', title: '高级教师', honours: '区级骨干教师' } });
    expect(ok.data).toMatchObject({ title: '高级教师', honours: '区级骨干教师' });
    const [logged] = await h.query<{ changes: Record<string, unknown> }>(`SELECT changes FROM audit_log WHERE action = 'teacherInfo.update' AND entity_id = 'te-demo-auditor'`);
    expect(logged!.changes).toMatchObject({ title: { before: '一级教师', after: '高级教师' } });
  });
});

describe('teacher delete', () => {
  it('refuses while lessons credit the teacher, deletes one that has none', async () => {
    const before = await count(h, 'SELECT count(*) AS n FROM teacher_infos');
    const lessons = await count(h, `SELECT count(*) AS n FROM lessons WHERE teacher_info_id = 'te-01'`);
    expect(lessons).toBeGreaterThan(0);
    const refused = await h.call('POST', `${T}/delete`, { token: admin, body: { teacherInfoIds: ['te-01'] } });
    expect([refused.http, refused.status, refused.data]).toEqual([409, 409, { field: 'teacherInfoIds[0]' }]);
    expect(refused.message).toBe(`教师“王雅琴”名下有 ${lessons} 节课程，不能删除；请先把这些课程改由其他教师讲授或删除课程`);
    const fresh = await h.call('POST', `${T}/add`, { token: schooladmin, body: { name: '临时老师', schoolId: '330102001001' } });
    expect(fresh.data).toMatchObject({ schoolName: '东山市南湖区实验小学' });
    const deleted = await h.call('POST', `${T}/delete`, { token: schooladmin, body: { teacherInfoIds: [fresh.data.teacherInfoId] } });
    expect(deleted.data).toEqual({ teacherInfoIds: [fresh.data.teacherInfoId], deleted: 1 });
    expect(await count(h, 'SELECT count(*) AS n FROM teacher_infos')).toBe(before);
    expect((await h.call('GET', `${T}/getByTeacherId?teacherId=${fresh.data.teacherInfoId}`)).status).toBe(404);
  });
});

describe('teacher calls: bad input', () => {
  it('answers each with the field and its code, storing nothing', async () => {
    const before = JSON.stringify(await h.query('SELECT * FROM teacher_infos ORDER BY id'));
    const cases: Array<[string, string, Record<string, unknown>, number, string, string?]> = [
      [admin, 'managerPage', { pageSize: 0 }, 400, 'pageSize'],
      [admin, 'managerPage', { orgId: 'x'.repeat(65) }, 400, 'orgId'],
      [admin, 'add', { name: 'x', schoolId: 'nope' }, 400, 'schoolId', '参数 schoolId 对应的学校不存在：nope'],
      [admin, 'add', { name: 'x', schoolId: '330102000000' }, 400, 'schoolId', '参数 schoolId 不是学校：南湖区教育局'],
      [admin, 'add', { name: 'x', honours: 'h'.repeat(501) }, 400, 'honours'],
      [admin, 'add', { name: 'x', avatarFileId: '999999' }, 404, 'avatarFileId'],
      [schooladmin, 'add', { name: 'x' }, 400, 'schoolId', '参数 schoolId 不能为空'],
      [admin, 'update', { teacherInfoId: 'te-nope', name: 'x' }, 404, 'teacherInfoId', '教师信息不存在：teacherInfoId te-nope'],
      [admin, 'update', { teacherInfoId: 'te-01', stage: 7 }, 400, 'stage', '参数 stage 不是有效的学段：7'],
      [admin, 'update', { teacherInfoId: 'te-01', userId: '100000000000000006' }, 409, 'userId'],
      [admin, 'delete', { teacherInfoIds: [] }, 400, 'teacherInfoIds'],
      [admin, 'delete', { teacherInfoIds: ['te-nope'] }, 404, 'teacherInfoIds[0]'],
      [admin, 'batchAdd', { teachers: [{ name: 'a', schoolId: 'sc-01' }, { name: 'b', stage: 2, subjectCodes: [314] }] }, 400, 'teachers[1].subjectCodes[0]'],
      [schooladmin, 'batchAdd', { teachers: [{ name: 'a', schoolId: '330102001001' }, { name: 'b', schoolId: 'sc-01' }] }, 403, 'teachers[1].schoolId'],
    ];
    for (const [token, call, body, status, field, message] of cases) {
      const answer = await h.call('POST', `${T}/${call}`, { token, body });
      expect(`${call} ${JSON.stringify(body).slice(0, 60)} → ${answer.status} ${JSON.stringify(answer.data)}`).toBe(
        `${call} ${JSON.stringify(body).slice(0, 60)} → ${status} ${JSON.stringify({ field })}`,
      );
      expect(answer.message).toMatch(/[\u4e00-\u9fa5]/);
      if (message) expect(answer.message).toBe(message);
    }
    expect(JSON.stringify(await h.query('SELECT * FROM teacher_infos ORDER BY id'))).toBe(before);
  });
});

describe('binding a platform account to a teacher introduction', () => {
  const teacher2 = '100000000000000009'; // 吴海峰, a teacher of sc-07 in another district
  const reviewer = '100000000000000010'; // 郑国栋, a teacher account of the 南湖区 district bureau

  it('refuses a school administrator who binds another district’s teacher account, by add or update, storing nothing', async () => {
    const before = JSON.stringify(await h.query('SELECT * FROM teacher_infos ORDER BY id'));
    const added = await h.call('POST', `${T}/add`, { token: schooladmin, body: { name: '他区老师', schoolId: '330102001001', userId: teacher2 } });
    expect([added.http, added.status, added.data]).toEqual([403, 403, { field: 'userId' }]);
    expect(added.message).toBe(`参数 userId 对应的教师账号不在您的管理范围内，只能绑定本单位的教师：${teacher2}`);
    const updated = await h.call('POST', `${T}/update`, { token: schooladmin, body: { teacherInfoId: 'te-demo-auditor', userId: teacher2 } });
    expect([updated.http, updated.status, updated.data]).toEqual([403, 403, { field: 'userId' }]);
    const batch = await h.call('POST', `${T}/batchAdd`, { token: districtadmin, body: { teachers: [{ name: 'a', schoolId: 'sc-01' }, { name: 'b', schoolId: 'sc-01', userId: teacher2 }] } });
    expect([batch.http, batch.data]).toEqual([403, { field: 'teachers[1].userId' }]);
    expect(JSON.stringify(await h.query('SELECT * FROM teacher_infos ORDER BY id'))).toBe(before);
    // The real district binds its teacher; the school administrator cannot reach the district bureau's own account either.
    expect((await h.call('POST', `${T}/add`, { token: schooladmin, body: { name: '区里老师', schoolId: '330102001001', userId: reviewer } })).data).toEqual({ field: 'userId' });
    const own = await h.call('POST', `${T}/add`, { token: districtadmin, body: { name: '郑国栋', schoolId: 'sc-01', userId: reviewer } });
    expect(own.data).toMatchObject({ userId: reviewer, schoolId: 'sc-01' });
    await h.call('POST', `${T}/delete`, { token: districtadmin, body: { teacherInfoIds: [own.data.teacherInfoId] } });
  });
});
