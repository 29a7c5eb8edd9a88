/**
 * Decisions (docs/activities.md "Works review"): the order of levels, compare-and-set under ten
 * concurrent reviewers, quotas (also two passes at once), two reviewers per work, the audit window,
 * return and resubmission with the trace keeping both rounds, and bad input refused with nothing stored.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';
import { makeTeachers, WORK } from './activityWorksKit.js';
import { assign, AUDIT, DAY, decide, HOUR, ORG, reviewActivity, SCHOOL_DONGHU, SCHOOL_NANHU_2, seedWork, traceCount, workRow } from './activityReviewKit.js';

const h = useHarness();
let admin: string;

beforeAll(async () => {
  admin = await h.token('admin');
});

const RUBRIC = [
  { key: 'design', name: '教学设计', max: 40 },
  { key: 'delivery', name: '课堂实施', max: 60 },
];

describe('the order of levels', () => {
  it('passes school → district → city, marks high-quality only at the top, the trace names each level', async () => {
    const activityId = await reviewActivity(h);
    const [school] = await makeTeachers(h, 1, SCHOOL_NANHU_2);
    const [district, city] = await makeTeachers(h, 2, ORG.district);
    const [teacher] = await makeTeachers(h, 1, SCHOOL_NANHU_2);
    await assign(h, admin, activityId, 1, SCHOOL_NANHU_2, [school!.id]);
    await assign(h, admin, activityId, 2, ORG.district, [district!.id]);
    await assign(h, admin, activityId, 3, ORG.city, [city!.id]);
    let work = await seedWork(h, activityId, teacher!.id, SCHOOL_NANHU_2);
    const early = await decide(h, school!.token, activityId, [work], 4);
    expect(early.data.refused).toEqual([expect.objectContaining({ workId: work.id, code: 400, message: '只有最高一级评审可以评为优秀（该作品在校级评审）' })]);
    const notYet = await decide(h, district!.token, activityId, [work], 1);
    expect(notYet.data.refused[0].code).toBe(404);
    const first = await decide(h, school!.token, activityId, [work], 1, { opinion: '同意推荐' });
    expect(first.data).toEqual({ decided: [{ workId: work.id, version: 3, reviewState: 1, level: 2 }], refused: [] });
    work = { id: work.id, version: 3 };
    const again = await decide(h, school!.token, activityId, [work], 1);
    expect(again.data.refused[0].code).toBe(404);
    expect((await decide(h, district!.token, activityId, [work], 1)).data.decided[0]).toMatchObject({ reviewState: 1, level: 3 });
    work = { id: work.id, version: 4 };
    expect((await decide(h, city!.token, activityId, [work], 4, { opinion: '优秀' })).data.decided[0]).toEqual({ workId: work.id, version: 5, reviewState: 5, level: 3 });
    // Published as an excellent lesson of the catalogue in the same transaction.
    const [published] = await h.query<{ excellent: number }>('SELECT l.excellent_flag AS excellent FROM activity_works w JOIN lessons l ON l.id = w.published_lesson_id WHERE w.id = $1', [work.id]);
    expect(published?.excellent).toBe(1);
    const trace = await h.call('GET', `${AUDIT}/getAuditTrace?activityId=${activityId}&workId=${work.id}`, { token: city!.token });
    expect(trace.data.map((t: { level: number; decision: number; counted: boolean }) => [t.level, t.decision, t.counted])).toEqual([
      [1, 1, true],
      [2, 1, true],
      [3, 4, true],
    ]);
    expect(trace.data[0]).toMatchObject({ round: 1, reviewerName: '教师1', opinion: '同意推荐' });
    // The school reviewer still finds it among the works they decided.
    const decided = await h.call('POST', `${AUDIT}/getAuditWorkPage`, { token: school!.token, body: { activityId, state: 'decided' } });
    expect(decided.data.rows.map((r: { workId: string }) => r.workId)).toEqual([work.id]);
  });
});

describe('compare-and-set', () => {
  it('ten reviewers deciding one work at once: exactly one decision, nine 409 with the current work', async () => {
    const activityId = await reviewActivity(h);
    const reviewers = await makeTeachers(h, 10, ORG.district);
    const [teacher] = await makeTeachers(h, 1, SCHOOL_NANHU_2);
    await assign(h, admin, activityId, 2, ORG.district, reviewers.map((r) => r.id));
    const work = await seedWork(h, activityId, teacher!.id, SCHOOL_NANHU_2, { level: 2 });
    const answers = await Promise.all(reviewers.map((r, i) => decide(h, r.token, activityId, [work], i % 2 ? 1 : 3, { opinion: `意见 ${i}` })));
    const seen = JSON.stringify(answers.map((a) => [a.http, a.message, a.data]));
    expect(answers.map((a) => a.status), seen).toEqual(Array(10).fill(200));
    const decided = answers.flatMap((a) => a.data.decided);
    const refused = answers.flatMap((a) => a.data.refused);
    expect(decided, seen).toHaveLength(1);
    expect(refused, seen).toHaveLength(9);
    for (const r of refused) {
      expect(r.code).toBe(409);
      expect(r.message).toMatch(/已被他人评审|不在待评审状态/);
      expect(r.current).toMatchObject({ workId: work.id, version: 3 });
    }
    expect(await traceCount(h, work.id)).toBe(1);
    expect((await workRow(h, work.id)).version).toBe(3);
  });

  it('a reviewer deciding the version they read after another passed it on gets 409 with the work as it stands, not 404', async () => {
    const activityId = await reviewActivity(h);
    const [first, late] = await makeTeachers(h, 2, ORG.district);
    const [teacher] = await makeTeachers(h, 1, SCHOOL_NANHU_2);
    await assign(h, admin, activityId, 2, ORG.district, [first!.id, late!.id]);
    const work = await seedWork(h, activityId, teacher!.id, SCHOOL_NANHU_2, { level: 2 });
    expect((await decide(h, first!.token, activityId, [work], 1)).data.decided[0]).toMatchObject({ level: 3 });
    const lost = await decide(h, late!.token, activityId, [work], 3, { opinion: '不同意' });
    expect(lost.data.refused).toEqual([expect.objectContaining({ workId: work.id, code: 409, current: expect.objectContaining({ workId: work.id, version: 3 }) })]);
    expect(lost.data.refused[0].message).toMatch(/已被他人评审/);
    expect(await traceCount(h, work.id)).toBe(1);
  });
});

describe('quotas', () => {
  it('two passes from one school at once with a quota of 1: one passes, one refused, used/left shown', async () => {
    const activityId = await reviewActivity(h, { reviewRules: { quotas: { 1: 1 } } });
    const [a, b] = await makeTeachers(h, 2, SCHOOL_NANHU_2);
    const [t1, t2] = await makeTeachers(h, 2, SCHOOL_NANHU_2);
    await assign(h, admin, activityId, 1, SCHOOL_NANHU_2, [a!.id, b!.id]);
    const w1 = await seedWork(h, activityId, t1!.id, SCHOOL_NANHU_2);
    const w2 = await seedWork(h, activityId, t2!.id, SCHOOL_NANHU_2);
    const [x, y] = await Promise.all([decide(h, a!.token, activityId, [w1], 1), decide(h, b!.token, activityId, [w2], 1)]);
    const decided = [...x.data.decided, ...y.data.decided];
    const refused = [...x.data.refused, ...y.data.refused];
    expect(decided).toHaveLength(1);
    expect(refused).toEqual([expect.objectContaining({ code: 409, message: '校级评审的推荐名额已用完（共 1 个）' })]);
    const loser = refused[0].workId;
    expect(await workRow(h, loser)).toMatchObject({ review_state: 1, review_level: 1, version: 2 });
    expect(await traceCount(h, loser)).toBe(0);
    const levels = await h.call('GET', `${AUDIT}/getAuditLevel?activityId=${activityId}`, { token: a!.token });
    expect(levels.data[0]).toMatchObject({ level: 1, quota: 1, used: 1, left: 0 });
    // A return does not use the quota.
    expect((await decide(h, a!.token, activityId, [{ id: loser, version: 2 }], 2, { opinion: '请完善' })).data.decided).toHaveLength(1);
  });
});

describe('two reviewers per work', () => {
  it('the first decision is provisional and hidden, agreement counts with the mean score', async () => {
    const activityId = await reviewActivity(h, { reviewRules: { reviewersPerWork: 2, combine: 'average', passScore: 60, rubric: RUBRIC } });
    const [a, b] = await makeTeachers(h, 2, ORG.district);
    const [t] = await makeTeachers(h, 1, SCHOOL_NANHU_2);
    await assign(h, admin, activityId, 2, ORG.district, [a!.id, b!.id]);
    const work = await seedWork(h, activityId, t!.id, SCHOOL_NANHU_2, { level: 2 });
    const first = await decide(h, a!.token, activityId, [work], 1, { scores: { design: 30, delivery: 40 } });
    expect(first.data.decided[0]).toEqual({ workId: work.id, version: 3, reviewState: 1, level: 2 });
    const seenByB = await h.call('GET', `${AUDIT}/getAuditTrace?activityId=${activityId}&workId=${work.id}`, { token: b!.token });
    expect(seenByB.data).toEqual([]);
    const rowB = await h.call('POST', `${AUDIT}/listAuditWorkByIds`, { token: b!.token, body: { activityId, workIds: [work.id] } });
    expect(rowB.data[0].myDecision).toBeNull();
    const twice = await decide(h, a!.token, activityId, [{ id: work.id, version: 3 }], 1, { scores: { design: 30, delivery: 40 } });
    expect(twice.data.refused[0]).toMatchObject({ code: 409, message: '您已评审过该作品（本轮），请等待另一位评审人' });
    const second = await decide(h, b!.token, activityId, [{ id: work.id, version: 3 }], 3, { opinion: '不符合', scores: { design: 20, delivery: 30 } });
    // Disagreement, mean (70 + 50) / 2 = 60 ≥ passScore: it passes.
    expect(second.data.decided[0]).toMatchObject({ reviewState: 1, level: 3 });
    const [row] = await h.query<{ review_score: number }>('SELECT review_score FROM activity_works WHERE id = $1', [work.id]);
    expect(row!.review_score).toBe(60);
    const counted = await h.query<{ counted: boolean }>('SELECT counted FROM activity_work_audits WHERE work_id = $1 ORDER BY created_at', [work.id]);
    expect(counted.map((c) => c.counted)).toEqual([false, true]);
  });

  it('with `final`, a disagreement waits for the final reviewer', async () => {
    const activityId = await reviewActivity(h, { reviewRules: { reviewersPerWork: 2, combine: 'final' } });
    const [a, b, c, boss] = await makeTeachers(h, 4, ORG.district);
    const [t] = await makeTeachers(h, 1, SCHOOL_NANHU_2);
    await assign(h, admin, activityId, 2, ORG.district, [a!.id, b!.id, c!.id, boss!.id], { finalReviewer: [boss!.id] });
    const work = await seedWork(h, activityId, t!.id, SCHOOL_NANHU_2, { level: 2 });
    await decide(h, a!.token, activityId, [work], 1);
    expect((await decide(h, b!.token, activityId, [{ id: work.id, version: 3 }], 3, { opinion: '不通过' })).data.decided[0]).toMatchObject({ reviewState: 1, level: 2 });
    const third = await decide(h, c!.token, activityId, [{ id: work.id, version: 4 }], 1);
    expect(third.data.refused[0]).toMatchObject({ code: 409, message: '两位评审人意见不一致，等待终审评审人决定' });
    expect((await decide(h, boss!.token, activityId, [{ id: work.id, version: 4 }], 3, { opinion: '终审不通过' })).data.decided[0]).toMatchObject({ reviewState: 4, level: 2 });
  });
});

describe('the audit window', () => {
  it('refuses decisions before the window opens and after it closes, naming it in China time', async () => {
    const early = await reviewActivity(h, { audit: [2 * DAY, 8 * DAY] });
    const late = await reviewActivity(h, { upload: [-3 * DAY, -2 * DAY], audit: [-2 * DAY, -HOUR] });
    const [r] = await makeTeachers(h, 1, ORG.district);
    const [t] = await makeTeachers(h, 1, SCHOOL_NANHU_2);
    for (const activityId of [early, late]) await assign(h, admin, activityId, 2, ORG.district, [r!.id]);
    const w1 = await seedWork(h, early, t!.id, SCHOOL_NANHU_2, { level: 2 });
    const w2 = await seedWork(h, late, t!.id, SCHOOL_NANHU_2, { level: 2 });
    const before = await decide(h, r!.token, early, [w1], 1);
    expect([before.http, before.status]).toEqual([409, 409]);
    expect(before.message).toMatch(/^评审将于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 开始（评审时间 .+ 至 .+）$/);
    const after = await decide(h, r!.token, late, [w2], 1);
    expect(after.http).toBe(409);
    expect(after.message).toMatch(/^评审已于 .+ 截止（评审时间 .+ 至 .+）$/);
    expect(await traceCount(h, w1.id)).toBe(0);
    expect(await traceCount(h, w2.id)).toBe(0);
  });
});

describe('bad input', () => {
  it('names the field and the catalogue code, and stores nothing', async () => {
    const activityId = await reviewActivity(h, { reviewRules: { rubric: RUBRIC } });
    const [r] = await makeTeachers(h, 1, ORG.district);
    const [t] = await makeTeachers(h, 1, SCHOOL_NANHU_2);
    await assign(h, admin, activityId, 2, ORG.district, [r!.id]);
    const work = await seedWork(h, activityId, t!.id, SCHOOL_NANHU_2, { level: 2 });
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ decision: 9 }, 'decision', /decision/],
      [{ decision: 2 }, 'opinion', /参数 opinion（评审意见）不能为空/],
      [{ decision: 1 }, 'scores', /参数 scores（评分）缺失/],
      [{ decision: 1, scores: { design: 50, delivery: 10 } }, 'scores.design', /参数 scores.design（教学设计）应在 0 到 40 之间/],
      [{ decision: 1, scores: { design: 10, delivery: 10, style: 5 } }, 'scores.style', /不在该活动的评分细则中/],
      [{ decision: 1, opinion: 'x'.repeat(2001) }, 'opinion', /opinion/],
    ];
    for (const [extra, field, message] of cases) {
      const answer = await decide(h, r!.token, activityId, [work], 1, extra);
      expect(answer.http, JSON.stringify(extra)).toBe(400);
      expect([400, 4200005]).toContain(answer.status);
      expect(answer.data.field).toBe(field);
      expect(answer.message).toMatch(message);
    }
    const noWorks = await h.call('POST', `${AUDIT}/auditWorks`, { token: r!.token, body: { activityId, works: [], decision: 1 } });
    expect([noWorks.http, noWorks.data.field]).toEqual([400, 'works']);
    const badId = await h.call('POST', `${AUDIT}/listAuditWorkByIds`, { token: r!.token, body: { activityId, workIds: ['../x'] } });
    expect(badId.http).toBe(400);
    expect(await traceCount(h, work.id)).toBe(0);
    expect(await workRow(h, work.id)).toMatchObject({ review_state: 1, version: 2 });
  });
});

describe('return and resubmit', () => {
  it('the teacher sees the opinion, resubmits into round 2 at the same level, the trace keeps both rounds', async () => {
    // No required material: the seeded work (without files) passes the format review again on resubmission.
    const activityId = await reviewActivity(h, { template: [] });
    const [r] = await makeTeachers(h, 1, ORG.district2);
    const [t] = await makeTeachers(h, 1, SCHOOL_DONGHU);
    await assign(h, admin, activityId, 2, ORG.district2, [r!.id]);
    const work = await seedWork(h, activityId, t!.id, SCHOOL_DONGHU, { level: 2 });
    await decide(h, r!.token, activityId, [work], 2, { opinion: '请补充教学反思' });
    const progress = await h.call('GET', `${WORK}/getActivityReviewProgress?activityId=${activityId}`, { token: t!.token });
    expect(progress.data[0]).toMatchObject({ lessonId: work.id, reviewState: 2, reviewLevel: 2, round: 1, opinion: '请补充教学反思' });
    const again = await h.call('PUT', `${WORK}/updateSubmitStatus?lessonId=${work.id}&submitStatus=1`, { token: t!.token });
    expect(again.message).toBe('成功');
    expect(await workRow(h, work.id)).toMatchObject({ review_state: 1, review_level: 2, round: 2, version: 4 });
    const second = await decide(h, r!.token, activityId, [{ id: work.id, version: 4 }], 1);
    expect(second.data.decided[0]).toMatchObject({ reviewState: 1, level: 3 });
    const trace = await h.query<{ round: number; decision: number }>('SELECT round, decision FROM activity_work_audits WHERE work_id = $1 ORDER BY created_at', [work.id]);
    expect(trace).toEqual([
      { round: 1, decision: 2 },
      { round: 2, decision: 1 },
    ]);
  });

  it('refuses a resubmission outside the upload and audit windows', async () => {
    const activityId = await reviewActivity(h, { upload: [-3 * DAY, -2 * DAY], audit: [-2 * DAY, -HOUR] });
    const [t] = await makeTeachers(h, 1, SCHOOL_NANHU_2);
    const work = await seedWork(h, activityId, t!.id, SCHOOL_NANHU_2, { level: 2, state: 2 });
    const late = await h.call('PUT', `${WORK}/updateSubmitStatus?lessonId=${work.id}&submitStatus=1`, { token: t!.token });
    expect(late.http).toBe(409);
    expect(late.message).toMatch(/^退回的作品只能在作品上传或评审时间内修改并重新提交（评审时间 .+ 至 .+）$/);
    expect(await workRow(h, work.id)).toMatchObject({ review_state: 2, round: 1, version: 2 });
  });
});
