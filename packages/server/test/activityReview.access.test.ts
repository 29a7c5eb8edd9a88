/**
 * What a reviewer sees (docs/activities.md "Works review"): the gate, their level, stage, subject and
 * unit, the conflict of interest, blind review, the list's order with previous/next, and ids of works
 * outside their reach (another school, another district) refused for listing, reading and deciding.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';
import { makeTeachers } from './activityWorksKit.js';
import { assign, AUDIT, decide, ORG, page, reviewActivity, SCHOOL_DONGHU, SCHOOL_NANHU_2, seedWork, traceCount, workRow } from './activityReviewKit.js';

const h = useHarness();
let admin: string;

beforeAll(async () => {
  admin = await h.token('admin');
});

describe('the reviewer gate', () => {
  it('refuses a signed-in user who reviews nothing, and a reviewer of another activity', async () => {
    const activityId = await reviewActivity(h);
    const other = await reviewActivity(h);
    const [outsider] = await makeTeachers(h, 1);
    const [elsewhere] = await makeTeachers(h, 1);
    await assign(h, admin, other, 1, ORG.school, [elsewhere!.id]);
    const anon = await h.call('GET', `${AUDIT}/getAuditStages?activityId=${activityId}`);
    expect(anon.http).toBe(401);
    const none = await h.call('GET', `${AUDIT}/getAuditStages?activityId=${activityId}`, { token: outsider!.token });
    expect([none.http, none.message]).toEqual([403, '您不是该活动的评审人员']);
    const wrong = await page(h, elsewhere!.token, activityId);
    expect([wrong.http, wrong.message, wrong.data?.field]).toEqual([403, '您不是该活动的评审人员', 'activityId']);
    const mine = await page(h, elsewhere!.token, other);
    expect(mine.status).toBe(200);
  });
});

describe('what a reviewer sees', () => {
  it('only works at their level, stage and subject, inside their unit, never their own', async () => {
    const activityId = await reviewActivity(h, { scope: [{ stage: 2, subjectCode: 213, bookId: 'bk-213-1a' }, { stage: 3, subjectCode: 314 }] });
    const [reviewer, colleague] = await makeTeachers(h, 2, ORG.school);
    const [far] = await makeTeachers(h, 1, SCHOOL_NANHU_2);
    await assign(h, admin, activityId, 1, ORG.school, [reviewer!.id]);
    const seen = await seedWork(h, activityId, colleague!.id, ORG.school, { title: '同校 语文 校级' });
    await seedWork(h, activityId, reviewer!.id, ORG.school, { title: '本人作品' });
    await seedWork(h, activityId, far!.id, SCHOOL_NANHU_2, { title: '外校作品' });
    const [colleague2] = await makeTeachers(h, 1, ORG.school);
    await seedWork(h, activityId, colleague2!.id, ORG.school, { stage: 3, subjectCode: 314, title: '初中数学' });
    const [colleague3] = await makeTeachers(h, 1, ORG.school);
    await seedWork(h, activityId, colleague3!.id, ORG.school, { level: 2, title: '已到区级' });
    const list = await page(h, reviewer!.token, activityId);
    expect(list.status).toBe(200);
    expect(list.data.rows.map((r: { title: string }) => r.title)).toEqual(['同校 语文 校级']);
    expect(list.data.rows[0]).toMatchObject({ workId: seen.id, version: 2, level: 1, reviewState: 1, round: 1, stage: 2, subjectCode: 213, subjectName: '语文', teacherName: '王晓明', schoolName: '东山市南湖区实验小学', myDecision: null });
    expect((await h.call('GET', `${AUDIT}/getAuditStages?activityId=${activityId}`, { token: reviewer!.token })).data).toEqual([{ stage: 2, stageName: '小学' }]);
    expect((await h.call('GET', `${AUDIT}/getAuditSubjects?activityId=${activityId}`, { token: reviewer!.token })).data).toEqual([{ stage: 2, subjectCode: 213, subjectName: '语文' }]);
    const levels = await h.call('GET', `${AUDIT}/getAuditLevel?activityId=${activityId}`, { token: reviewer!.token });
    expect(levels.data).toEqual([{ level: 1, levelName: '校级', orgId: ORG.school, orgName: '东山市南湖区实验小学', finalReviewer: false, quota: null, used: 0, left: null }]);
  });

  it('at district level never a work of their own school (conflict of interest)', async () => {
    const activityId = await reviewActivity(h);
    const [reviewer, colleague] = await makeTeachers(h, 2, ORG.school);
    const [other] = await makeTeachers(h, 1, SCHOOL_NANHU_2);
    await assign(h, admin, activityId, 2, ORG.district, [reviewer!.id]);
    const own = await seedWork(h, activityId, colleague!.id, ORG.school, { level: 2, title: '本校' });
    await seedWork(h, activityId, other!.id, SCHOOL_NANHU_2, { level: 2, title: '区内他校' });
    const list = await page(h, reviewer!.token, activityId);
    expect(list.data.rows.map((r: { title: string }) => r.title)).toEqual(['区内他校']);
    const byId = await h.call('POST', `${AUDIT}/listAuditWorkByIds`, { token: reviewer!.token, body: { activityId, workIds: [own.id] } });
    expect(byId.http).toBe(404);
    const decided = await decide(h, reviewer!.token, activityId, [own], 1);
    expect(decided.data.refused).toEqual([{ workId: own.id, code: 404, message: '作品不存在或不在您当前的评审范围内' }]);
    expect(await traceCount(h, own.id)).toBe(0);
  });

  it('hides the teacher and the school in a blind review', async () => {
    const activityId = await reviewActivity(h, { reviewRules: { blind: true } });
    const [reviewer] = await makeTeachers(h, 1, ORG.district);
    const [teacher] = await makeTeachers(h, 1, SCHOOL_NANHU_2);
    await assign(h, admin, activityId, 2, ORG.district, [reviewer!.id]);
    const work = await seedWork(h, activityId, teacher!.id, SCHOOL_NANHU_2, { level: 2 });
    const list = await page(h, reviewer!.token, activityId);
    expect(list.data.rows[0]).toMatchObject({ workId: work.id, teacherName: '', schoolName: '' });
    const detail = await h.call('POST', `${AUDIT}/listAuditWorkByIds`, { token: reviewer!.token, body: { activityId, workIds: [work.id] } });
    expect(detail.data[0]).toMatchObject({ teacherName: '', schoolName: '', items: [] });
  });

  it('walks the filtered list in order with previous and next', async () => {
    const activityId = await reviewActivity(h);
    const [reviewer] = await makeTeachers(h, 1, ORG.district);
    const teachers = await makeTeachers(h, 3, SCHOOL_NANHU_2);
    await assign(h, admin, activityId, 2, ORG.district, [reviewer!.id]);
    const works = [];
    for (const t of teachers) {
      works.push(await seedWork(h, activityId, t.id, SCHOOL_NANHU_2, { level: 2 }));
      h.advance(1000);
    }
    const around = await h.call('POST', `${AUDIT}/getNextAndUpAuditWorkInfo`, { token: reviewer!.token, body: { activityId, workId: works[1]!.id, state: 'pending' } });
    expect(around.data).toMatchObject({ up: { workId: works[0]!.id }, next: { workId: works[2]!.id }, index: 2, total: 3 });
    const first = await h.call('POST', `${AUDIT}/getNextAndUpAuditWorkInfo`, { token: reviewer!.token, body: { activityId, workId: works[0]!.id } });
    expect(first.data).toMatchObject({ up: null, next: { workId: works[1]!.id }, index: 1 });
  });
});

describe('ids outside the reviewer reach', () => {
  it('a reviewer of 南湖区 cannot list, read, trace or decide a work of 东湖区', async () => {
    const activityId = await reviewActivity(h);
    const [nanhu] = await makeTeachers(h, 1, ORG.district);
    const [teacher] = await makeTeachers(h, 1, SCHOOL_DONGHU);
    await assign(h, admin, activityId, 2, ORG.district, [nanhu!.id]);
    const foreign = await seedWork(h, activityId, teacher!.id, SCHOOL_DONGHU, { level: 2 });
    expect((await page(h, nanhu!.token, activityId)).data.total).toBe(0);
    const read = await h.call('POST', `${AUDIT}/listAuditWorkByIds`, { token: nanhu!.token, body: { activityId, workIds: [foreign.id] } });
    expect([read.http, read.message, read.data.field]).toEqual([404, `作品不存在或不在您的评审范围内：${foreign.id}`, 'workIds']);
    const trace = await h.call('GET', `${AUDIT}/getAuditTrace?activityId=${activityId}&workId=${foreign.id}`, { token: nanhu!.token });
    expect(trace.http).toBe(404);
    const around = await h.call('POST', `${AUDIT}/getNextAndUpAuditWorkInfo`, { token: nanhu!.token, body: { activityId, workId: foreign.id } });
    expect(around.http).toBe(404);
    const decided = await decide(h, nanhu!.token, activityId, [foreign], 1);
    expect(decided.status).toBe(200);
    expect(decided.data).toEqual({ decided: [], refused: [{ workId: foreign.id, code: 404, message: '作品不存在或不在您当前的评审范围内' }] });
    expect(await workRow(h, foreign.id)).toMatchObject({ review_state: 1, review_level: 2, version: 2 });
    expect(await traceCount(h, foreign.id)).toBe(0);
  });

  it('a school reviewer cannot reach another school of the same district', async () => {
    const activityId = await reviewActivity(h);
    const [reviewer] = await makeTeachers(h, 1, ORG.school);
    const [teacher] = await makeTeachers(h, 1, SCHOOL_NANHU_2);
    await assign(h, admin, activityId, 1, ORG.school, [reviewer!.id]);
    const foreign = await seedWork(h, activityId, teacher!.id, SCHOOL_NANHU_2);
    const read = await h.call('POST', `${AUDIT}/listAuditWorkByIds`, { token: reviewer!.token, body: { activityId, workIds: [foreign.id] } });
    expect(read.http).toBe(404);
    expect((await decide(h, reviewer!.token, activityId, [foreign], 1)).data.refused[0].code).toBe(404);
  });
});
