/**
 * The reviewer's own calls (docs/api.md "Works review"): `myActivities` lists exactly the published
 * activities the caller reviews, with levels, units, stages and subjects; `getReviewRules` answers the
 * activity's rules to its reviewers only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';
import { makeTeachers } from './activityWorksKit.js';
import { assign, AUDIT, ORG, reviewActivity, SCHOOL_NANHU_2 } from './activityReviewKit.js';

const h = useHarness();
let admin: string;

beforeAll(async () => {
  admin = await h.token('admin');
});

const RULES = {
  blind: true,
  rubric: [
    { key: 'design', name: '教学设计', max: 40 },
    { key: 'delivery', name: '课堂实施', max: 60 },
  ],
  opinionTemplates: ['同意推荐', '请补充教学反思'],
  quotas: { 1: 3 },
};

describe('activityAudit/myActivities', () => {
  it('lists the activities the caller reviews with level, unit, stage and subject, and nothing of others', async () => {
    const mine = await reviewActivity(h, { reviewRules: RULES });
    const theirs = await reviewActivity(h);
    const [reviewer] = await makeTeachers(h, 1, SCHOOL_NANHU_2);
    const [other] = await makeTeachers(h, 1, ORG.district);
    await assign(h, admin, mine, 1, SCHOOL_NANHU_2, [reviewer!.id]);
    await assign(h, admin, theirs, 2, ORG.district, [other!.id]);

    const answer = await h.call('GET', `${AUDIT}/myActivities`, { token: reviewer!.token });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual([
      expect.objectContaining({
        activityId: mine,
        phase: 'review',
        reviewLevels: [1, 2, 3],
        levels: [expect.objectContaining({ level: 1, levelName: '校级', orgId: SCHOOL_NANHU_2, quota: 3, used: 0, left: 3 })],
        assignments: [expect.objectContaining({ level: 1, orgId: SCHOOL_NANHU_2, stage: 2, stageName: '小学', subjectCode: 213, subjectName: '语文', finalReviewer: false })],
      }),
    ]);
    expect(answer.data[0].assignments[0].orgName).not.toBe('');
    const others = await h.call('GET', `${AUDIT}/myActivities`, { token: other!.token });
    expect(others.data.map((a: { activityId: string }) => a.activityId)).toEqual([theirs]);

    // A deleted activity is no longer listed.
    await h.query('UPDATE activities SET deleted_at = $2 WHERE id = $1', [mine, Date.now()]);
    const after = await h.call('GET', `${AUDIT}/myActivities`, { token: reviewer!.token });
    expect([after.http, after.message]).toEqual([403, '您不是该活动的评审人员']);
  });

  it('refuses a signed-in user who reviews nothing, and anyone without a token', async () => {
    const [outsider] = await makeTeachers(h, 1);
    const none = await h.call('GET', `${AUDIT}/myActivities`, { token: outsider!.token });
    expect([none.http, none.message]).toEqual([403, '您不是该活动的评审人员']);
    expect((await h.call('GET', `${AUDIT}/myActivities`)).http).toBe(401);
  });
});

describe('activityAudit/getReviewRules', () => {
  it('answers the rubric, templates and levels to the activity reviewer, 403 to a reviewer of another activity', async () => {
    const activityId = await reviewActivity(h, { reviewRules: RULES });
    const other = await reviewActivity(h);
    const [reviewer] = await makeTeachers(h, 1, SCHOOL_NANHU_2);
    const [elsewhere] = await makeTeachers(h, 1, SCHOOL_NANHU_2);
    await assign(h, admin, activityId, 1, SCHOOL_NANHU_2, [reviewer!.id]);
    await assign(h, admin, other, 1, SCHOOL_NANHU_2, [elsewhere!.id]);

    const rules = await h.call('GET', `${AUDIT}/getReviewRules?activityId=${activityId}`, { token: reviewer!.token });
    expect(rules.data).toEqual({
      blind: true,
      reviewersPerWork: 1,
      combine: 'average',
      passScore: expect.any(Number),
      quotas: { 1: 3 },
      rubric: RULES.rubric,
      opinionTemplates: RULES.opinionTemplates,
      reviewLevels: [1, 2, 3],
    });
    const refused = await h.call('GET', `${AUDIT}/getReviewRules?activityId=${activityId}`, { token: elsewhere!.token });
    expect([refused.http, refused.message, refused.data?.field]).toEqual([403, '您不是该活动的评审人员', 'activityId']);
    const [outsider] = await makeTeachers(h, 1);
    expect((await h.call('GET', `${AUDIT}/getReviewRules?activityId=${activityId}`, { token: outsider!.token })).http).toBe(403);
  });
});
