/**
 * Reviewer assignments and the organiser's side (docs/activities.md "Works review"): saving a group
 * with every refusal naming its field, a district administrator's reach on a city activity, who is an
 * audit person, the review rules on the activity, and the demo review a first start shows.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';
import { makeTeachers } from './activityWorksKit.js';
import { A, publishable } from './activityHelpers.js';
import { AUDIT, ORG, PERSON, reviewActivity, SCHOOL_DONGHU, SCHOOL_NANHU_2, seedWork } from './activityReviewKit.js';

const h = useHarness();
let admin: string;
let districtadmin: string;

beforeAll(async () => {
  [admin, districtadmin] = (await Promise.all(['admin', 'districtadmin'].map((u) => h.token(u)))) as [string, string];
});

const save = (token: string, body: Record<string, unknown>) => h.call('POST', `${PERSON}/save`, { token, body });

describe('assigning reviewers', () => {
  it('saves a group, lists it with pending works, and makes the user an audit person', async () => {
    const activityId = await reviewActivity(h);
    const [r] = await makeTeachers(h, 1, ORG.district);
    const [t] = await makeTeachers(h, 1, SCHOOL_NANHU_2);
    await seedWork(h, activityId, t!.id, SCHOOL_NANHU_2, { level: 2 });
    expect((await h.call('GET', `${PERSON}/isAuditPerson`, { token: r!.token })).data).toEqual({ isAuditPerson: false });
    const saved = await save(admin, { activityId, level: 2, orgId: ORG.district, stage: 2, subjectCode: 213, persons: [{ userId: r!.id }] });
    expect(saved.status).toBe(200);
    expect(saved.data).toEqual([
      expect.objectContaining({ activityId, level: 2, userId: r!.id, orgId: ORG.district, orgName: '南湖区教育局', stage: 2, stageName: '小学', subjectCode: 213, subjectName: '语文', finalReviewer: false, pending: 1, done: 0 }),
    ]);
    expect((await h.call('GET', `${PERSON}/isAuditPerson`, { token: r!.token })).data).toEqual({ isAuditPerson: true });
    const listed = await h.call('POST', `${PERSON}/getManagerViewPage`, { token: admin, body: { activityId, pageNum: 1, pageSize: 10 } });
    expect(listed.data.total).toBe(1);
    const candidates = await h.call('POST', `${PERSON}/getListByStageAndSubject`, { token: admin, body: { activityId, orgId: ORG.district, stage: 2, subjectCode: 213, keyword: '教师' } });
    expect(candidates.data.rows).toEqual(expect.arrayContaining([expect.objectContaining({ userId: r!.id, assignedLevels: [2] })]));
    expect((await h.call('GET', `${PERSON}/getStages?activityId=${activityId}`, { token: admin })).data).toEqual([{ stage: 2, stageName: '小学' }]);
    // Saving the group empty removes it.
    await save(admin, { activityId, level: 2, orgId: ORG.district, stage: 2, subjectCode: 213, persons: [] });
    expect((await h.call('GET', `${PERSON}/isAuditPerson`, { token: r!.token })).data).toEqual({ isAuditPerson: false });
  });

  it('refuses bad groups naming the field, storing nothing', async () => {
    const activityId = await reviewActivity(h, { reviewLevels: [1, 2] });
    const [r] = await makeTeachers(h, 1, ORG.district);
    const [far] = await makeTeachers(h, 1, SCHOOL_DONGHU);
    const base = { activityId, level: 2, orgId: ORG.district, stage: 2, subjectCode: 213, persons: [{ userId: r!.id }] };
    const cases: Array<[Record<string, unknown>, number, string, RegExp]> = [
      [{ level: 3, orgId: ORG.city }, 400, 'level', /参数 level（评审级别）不是该活动的评审级别：市级/],
      [{ stage: 3, subjectCode: 314 }, 400, 'stage', /参数 stage（学段）不在活动范围内：初中/],
      [{ subjectCode: 214 }, 400, 'subjectCode', /参数 subjectCode（学科）不在活动范围内/],
      [{ orgId: ORG.school }, 400, 'orgId', /参数 orgId（评审单位）应为区县教育局/],
      [{ persons: [{ userId: far!.id }] }, 400, 'persons[0].userId', /不属于评审单位「南湖区教育局」/],
      [{ persons: [{ userId: r!.id }, { userId: r!.id }] }, 400, 'persons[1].userId', /重复/],
      [{ persons: [{ userId: 'nobody' }] }, 400, 'persons[0].userId', /不存在：nobody/],
      [{ level: 7 }, 400, 'level', /level/],
      [{ persons: 'x' }, 400, 'persons[0]', /persons/],
    ];
    for (const [patch, http, field, message] of cases) {
      const answer = await save(admin, { ...base, ...patch });
      expect(answer.http, JSON.stringify(patch)).toBe(http);
      expect(answer.data.field).toBe(field);
      expect(answer.message).toMatch(message);
    }
    const [n] = await h.query<{ n: number }>('SELECT count(*)::int AS n FROM activity_audit_persons WHERE activity_id = $1', [activityId]);
    expect(Number(n!.n)).toBe(0);
  });

  it("lets a district administrator assign their own district's reviewers of a city activity, not another district's", async () => {
    const activityId = await reviewActivity(h);
    const [mine] = await makeTeachers(h, 1, ORG.district);
    const [theirs] = await makeTeachers(h, 1, ORG.district2);
    const ok = await save(districtadmin, { activityId, level: 2, orgId: ORG.district, stage: 2, subjectCode: 213, persons: [{ userId: mine!.id }] });
    expect(ok.status).toBe(200);
    const refused = await save(districtadmin, { activityId, level: 2, orgId: ORG.district2, stage: 2, subjectCode: 213, persons: [{ userId: theirs!.id }] });
    expect([refused.http, refused.message, refused.data.field]).toEqual([403, '不在您的管理范围内', 'orgId']);
    await save(admin, { activityId, level: 2, orgId: ORG.district2, stage: 2, subjectCode: 213, persons: [{ userId: theirs!.id }] });
    const seen = await h.call('POST', `${PERSON}/getManagerViewPage`, { token: districtadmin, body: { activityId } });
    expect(seen.data.rows.map((r: { userId: string }) => r.userId)).toEqual([mine!.id]);
    const works = await h.call('POST', `${A}/works/audit/page`, { token: districtadmin, body: { activityId } });
    expect(works.status).toBe(200);
  });
});

describe('review rules on the activity', () => {
  it('stores them with defaults and refuses bad ones naming the field', async () => {
    const now = h.app.ctx.now();
    const saved = await h.call('POST', `${A}/save`, {
      token: admin,
      body: publishable(now, { reviewRules: { blind: true, quotas: { 1: 5 }, rubric: [{ key: 'design', name: '教学设计', max: 40 }], opinionTemplates: ['  同意推荐  '] } }),
    });
    expect(saved.status).toBe(200);
    expect(saved.data.reviewRules).toEqual({ blind: true, reviewersPerWork: 1, combine: 'average', passScore: 60, quotas: { 1: 5 }, rubric: [{ key: 'design', name: '教学设计', max: 40 }], opinionTemplates: ['同意推荐'] });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ reviewersPerWork: 3 }, 'reviewRules.reviewersPerWork'],
      [{ passScore: 101 }, 'reviewRules.passScore'],
      [{ quotas: { 1: 0 } }, 'reviewRules.quotas[1]'],
      [{ rubric: [{ key: 'a', name: '甲', max: 60 }, { key: 'b', name: '乙', max: 50 }] }, 'reviewRules.rubric'],
      [{ opinionTemplates: Array(21).fill('意见') }, 'reviewRules.opinionTemplates'],
      [{ opinionTemplates: ['x'.repeat(201)] }, 'reviewRules.opinionTemplates[0]'],
    ];
    for (const [rules, field] of cases) {
      const answer = await h.call('POST', `${A}/save`, { token: admin, body: publishable(now, { reviewRules: rules as never }) });
      expect(answer.http, JSON.stringify(rules)).toBe(400);
      expect(answer.data.field, JSON.stringify(rules)).toBe(field);
    }
  });
});

describe('the demo review', () => {
  it('gives the demo reviewers works to review and the demo teacher a returned work with its opinion', async () => {
    const reviewer = await h.token('reviewer');
    const auditor = await h.token('auditor');
    const teacher = await h.token('teacher');
    const district = await h.call('POST', `${AUDIT}/getAuditWorkPage`, { token: reviewer, body: { activityId: 'ac-review-demo', level: 2, state: 'pending' } });
    expect(district.data.total).toBe(2);
    const city = await h.call('POST', `${AUDIT}/getAuditWorkPage`, { token: reviewer, body: { activityId: 'ac-review-demo', level: 3, state: 'pending' } });
    expect(city.data.rows.map((r: { title: string }) => r.title)).toEqual(['秋天的雨']);
    const school = await h.call('POST', `${AUDIT}/getAuditWorkPage`, { token: auditor, body: { activityId: 'ac-review-demo', state: 'pending' } });
    expect(school.data.rows.map((r: { title: string; round: number }) => [r.title, r.round])).toEqual([['大青树下的小学（第一课时）', 1], ['不懂就要问', 2]]);
    const detail = await h.call('POST', `${AUDIT}/listAuditWorkByIds`, { token: auditor, body: { activityId: 'ac-review-demo', workIds: [school.data.rows[0].workId] } });
    expect(detail.data[0].items.map((i: { item: number }) => i.item)).toContain(1);
    expect(detail.data[0].items[0].url).toMatch(/^\/file\/v1\/file\/media\//);
    const progress = await h.call('GET', `/cloudSchool/v1/activityWork/getActivityReviewProgress?activityId=ac-review-demo`, { token: teacher });
    expect(progress.data.find((p: { reviewState: number }) => p.reviewState === 2)).toMatchObject({ title: '花的学校', opinion: '课堂实录中学生互动环节偏少，请补充小组讨论片段后重新提交。' });
    const states = await h.query<{ review_state: number }>("SELECT DISTINCT review_state FROM activity_works WHERE activity_id = 'ac-review-demo' ORDER BY review_state");
    expect(states.map((s) => s.review_state)).toEqual([1, 2, 3, 4, 5]);
    const [placed] = await h.query<{ stage: number; book_id: string }>("SELECT stage, book_id FROM activity_works WHERE activity_id = 'ac-demo-upload' AND submit_status = 1 LIMIT 1");
    expect(placed).toEqual({ stage: 2, book_id: 'bk-213-3a' });
  });
});
