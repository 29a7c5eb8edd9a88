/**
 * The works-review statistics (docs/api.md "Review statistics and high-quality works"): the figures of a
 * seeded activity by total, subject, area and node coverage; the reviewers' progress as the organiser
 * and the reviewer see it; the organiser's scope.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';
import { BOOK, LEAF, makeTeachers, ORG, seedActivity } from './activityWorksKit.js';
import { seedAssignment, seedDecision, seedSignUp, seedWork } from './reviewStatsKit.js';

const h = useHarness();
let admin: string;
let districtAdmin: string;
let activityId: string;
let nodes: number;
let reviewerA: { id: string; token: string };
let reviewerB: { id: string; token: string };
let outsider: string;
const works: Record<string, string> = {};
const SUBMITTED = Date.now() - 10 * 3_600_000;

beforeAll(async () => {
  [admin, districtAdmin] = (await Promise.all(['admin', 'districtadmin'].map((u) => h.token(u)))) as [string, string];
  activityId = await seedActivity(h);
  const [t1, t2, t4] = await makeTeachers(h, 3, ORG.school);
  const [t3] = await makeTeachers(h, 1, ORG.school2);
  const s1 = await seedSignUp(h, activityId, t1!.id, ORG.school, ORG.district, 1, '张一');
  const s2 = await seedSignUp(h, activityId, t2!.id, ORG.school, ORG.district, 1, '李二');
  const s3 = await seedSignUp(h, activityId, t3!.id, ORG.school2, ORG.district2, 1, '王三');
  await seedSignUp(h, activityId, t4!.id, ORG.school, ORG.district, 0, '赵四');
  const base = { schoolId: ORG.school, districtId: ORG.district };
  works.excellent = await seedWork(h, activityId, s1, { ...base, userId: t1!.id, nodeId: LEAF[0], title: '优秀', submitStatus: 1, reviewState: 5, reviewLevel: 3 }, SUBMITTED);
  works.pending = await seedWork(h, activityId, s1, { ...base, userId: t1!.id, nodeId: LEAF[1], title: '待评', submitStatus: 1, reviewState: 1, reviewLevel: 1 }, SUBMITTED);
  works.passed = await seedWork(h, activityId, s2, { ...base, userId: t2!.id, nodeId: LEAF[0], title: '通过', submitStatus: 1, reviewState: 3, reviewLevel: 3 }, SUBMITTED);
  works.draft = await seedWork(h, activityId, s2, { ...base, userId: t2!.id, nodeId: LEAF[2], title: '草稿', submitStatus: 0 }, SUBMITTED);
  const far = { schoolId: ORG.school2, districtId: ORG.district2, userId: t3!.id };
  works.returned = await seedWork(h, activityId, s3, { ...far, nodeId: LEAF[3], title: '退回', submitStatus: 1, reviewState: 2, reviewLevel: 1 }, SUBMITTED);
  works.withdrawn = await seedWork(h, activityId, s3, { ...far, nodeId: LEAF[4], title: '撤回', submitStatus: 2, nodeCancelled: true }, SUBMITTED);

  // A school reviewer of 南湖实小 and a district reviewer of 南湖区 (from another school).
  reviewerA = (await makeTeachers(h, 1, ORG.school))[0]!;
  reviewerB = (await makeTeachers(h, 1, ORG.school2))[0]!;
  outsider = (await makeTeachers(h, 1, ORG.school))[0]!.token;
  await seedAssignment(h, activityId, reviewerA.id, 1, ORG.school);
  await seedAssignment(h, activityId, reviewerB.id, 2, ORG.district);
  await seedDecision(h, activityId, works.passed!, reviewerA.id, 1, 1, SUBMITTED + 60_000);
  await seedDecision(h, activityId, works.excellent!, reviewerA.id, 1, 1, SUBMITTED + 120_000);
  await seedDecision(h, activityId, works.passed!, reviewerB.id, 2, 1, SUBMITTED + 600_000);
  const leaves = await h.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM lesson_nodes n WHERE n.book_id = $1 AND NOT EXISTS (SELECT 1 FROM lesson_nodes c WHERE c.parent_id = n.id)`,
    [BOOK],
  );
  nodes = leaves[0]!.n;
});

const MANAGE = '/cloudSchool/v1/staActivityManage';

describe('staActivityManage', () => {
  it('counts sign-ups and works of the activity in total', async () => {
    const answer = await h.call('GET', `${MANAGE}/total?activityId=${activityId}`, { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({
      activityId,
      signUpPersons: 3,
      signUpNodes: 5,
      schools: 2,
      districts: 2,
      works: 5,
      submitted: 4,
      pending: 1,
      returned: 1,
      passed: 1,
      rejected: 0,
      excellent: 1,
    });
  });

  it('counts by stage and subject, by district and by the schools of one district', async () => {
    const subjects = await h.call('GET', `${MANAGE}/subject?activityId=${activityId}`, { token: admin });
    expect(subjects.data).toEqual([
      { stage: 2, stageName: '小学', subjectCode: 213, subjectName: '语文', signUpPersons: 3, works: 5, submitted: 4, pending: 1, returned: 1, passed: 1, rejected: 0, excellent: 1 },
    ]);
    const areas = await h.call('GET', `${MANAGE}/area?activityId=${activityId}`, { token: admin });
    const byId = Object.fromEntries(areas.data.map((r: { orgId: string }) => [r.orgId, r]));
    expect(byId[ORG.district]).toMatchObject({ kind: 'district', orgName: '南湖区教育局', signUpPersons: 2, works: 4, submitted: 3, excellent: 1, passed: 1, pending: 1 });
    expect(byId[ORG.district2]).toMatchObject({ kind: 'district', signUpPersons: 1, works: 1, submitted: 1, returned: 1 });
    expect(byId['330103000000']).toMatchObject({ signUpPersons: 0, works: 0 });
    const schools = await h.call('GET', `${MANAGE}/area?activityId=${activityId}&districtId=${ORG.district}`, { token: admin });
    expect(schools.data.find((r: { orgId: string }) => r.orgId === ORG.school)).toMatchObject({ kind: 'school', signUpPersons: 2, works: 4, submitted: 3 });
    expect(schools.data.every((r: { kind: string }) => r.kind === 'school')).toBe(true);
  });

  it('shows node coverage: each node once, at its best state', async () => {
    const cover = await h.call('GET', `${MANAGE}/cover?activityId=${activityId}`, { token: admin });
    expect(cover.data.total).toEqual({
      stage: null,
      stageName: '全部',
      subjectCode: null,
      subjectName: '全部',
      nodes,
      noWork: nodes - 3,
      withWorks: 3,
      withPassed: 1,
      withExcellent: 1,
    });
    const excellent = await h.call('POST', `${MANAGE}/cover/nodes/page`, { token: admin, body: { activityId, state: 'excellent' } });
    expect(excellent.data.total).toBe(1);
    expect(excellent.data.rows[0]).toMatchObject({ nodeId: LEAF[0], signUps: 2, works: 2, passed: 2, excellent: 1, state: 'excellent' });
    const none = await h.call('POST', `${MANAGE}/cover/nodes/page`, { token: admin, body: { activityId, state: 'none', pageSize: 100 } });
    expect(none.data.rows.map((r: { nodeId: string }) => r.nodeId)).toEqual(expect.arrayContaining([LEAF[2], LEAF[4]]));
  });

  it('lists the sign-up persons with their nodes and works, filtered', async () => {
    const page = await h.call('POST', `${MANAGE}/signUpPersons/page`, { token: admin, body: { activityId, districtId: ORG.district } });
    expect(page.data.total).toBe(2);
    expect(page.data.rows.find((r: { realName: string }) => r.realName === '李二')).toMatchObject({
      schoolName: '东山市南湖区实验小学',
      districtName: '南湖区教育局',
      stageName: '小学',
      subjectName: '语文',
      nodeCount: 2,
      workCount: 2,
      submittedCount: 1,
    });
    const named = await h.call('POST', `${MANAGE}/signUpPersons/page`, { token: admin, body: { activityId, keyword: '王三' } });
    expect(named.data.rows.map((r: { realName: string }) => r.realName)).toEqual(['王三']);
  });

  it('refuses another district’s organiser with 403 and a reviewer without a back-office role', async () => {
    const elsewhere = await seedActivity(h, { orgId: ORG.district2 });
    for (const url of [`${MANAGE}/total?activityId=${elsewhere}`, `/cloudSchool/v1/staCollectActivityOverview/overview?activityId=${elsewhere}`]) {
      const refused = await h.call('GET', url, { token: districtAdmin });
      expect(refused.http).toBe(403);
      expect(refused.message).toBe('不在您的管理范围内');
    }
    const page = await h.call('POST', '/cloudSchool/v1/staTeacherAudit/page', { token: districtAdmin, body: { activityId: elsewhere } });
    expect(page.http).toBe(403);
    expect((await h.call('GET', `${MANAGE}/total?activityId=${activityId}`, { token: reviewerA.token })).http).toBe(403);
  });

  it('answers 404 for an unknown activity', async () => {
    const answer = await h.call('GET', `${MANAGE}/total?activityId=no-such-activity`, { token: admin });
    expect(answer.http).toBe(404);
  });
});

describe('review progress', () => {
  it('shows the organiser each level and the reviewers with their average decision time', async () => {
    const overview = await h.call('GET', `/cloudSchool/v1/staCollectActivityOverview/overview?activityId=${activityId}`, { token: admin });
    expect(overview.data).toMatchObject({ activityId, phase: 'upload', signUpPersons: 3, drafts: 1, withdrawn: 1 });
    expect(overview.data.levels).toEqual([
      { level: 1, levelName: '校级', pending: 1, passed: 2, returned: 0, rejected: 0, excellent: 0, reviewers: 1, decisions: 2 },
      { level: 2, levelName: '区级', pending: 0, passed: 1, returned: 0, rejected: 0, excellent: 0, reviewers: 1, decisions: 1 },
      { level: 3, levelName: '市级', pending: 0, passed: 0, returned: 0, rejected: 0, excellent: 0, reviewers: 0, decisions: 0 },
    ]);
    const reviewers = await h.call('POST', '/cloudSchool/v1/staTeacherAudit/page', { token: admin, body: { activityId } });
    expect(reviewers.data.total).toBe(2);
    const a = reviewers.data.rows.find((r: { userId: string }) => r.userId === reviewerA.id);
    expect(a).toMatchObject({ assigned: 3, done: 2, pending: 1, passed: 2, levels: [1], avgDecisionMs: 90_000, lastDecisionAt: SUBMITTED + 120_000 });
    // The district reviewer's decision came after the school's pass, the work's arrival at level 2.
    const b = reviewers.data.rows.find((r: { userId: string }) => r.userId === reviewerB.id);
    expect(b).toMatchObject({ assigned: 1, done: 1, pending: 0, avgDecisionMs: 540_000 });
    const detail = await h.call('POST', '/cloudSchool/v1/staTeacherAudit/detail/page', { token: admin, body: { activityId, userId: reviewerA.id } });
    expect(detail.data.total).toBe(2);
    expect(detail.data.rows[0]).toMatchObject({ title: '优秀', teacherName: '张一', decision: 1, level: 1, decisionMs: 120_000, opinion: '很好' });
    const daily = await h.call('GET', `/cloudSchool/v1/staCollectActivityOverview/daily?activityId=${activityId}`, { token: admin });
    expect(daily.data.reduce((s: number, d: { decisions: number }) => s + d.decisions, 0)).toBe(3);
    expect(daily.data.reduce((s: number, d: { submitted: number }) => s + d.submitted, 0)).toBe(5);
  });

  it('shows a reviewer their own work and refuses anyone else', async () => {
    const mine = await h.call('GET', `/cloudSchool/v1/staMyWorkAuditOverview/overview?activityId=${activityId}`, { token: reviewerA.token });
    expect(mine.status).toBe(200);
    expect(mine.data.total).toMatchObject({ assigned: 3, done: 2, pending: 1, passed: 2 });
    expect(mine.data.rows).toEqual([
      expect.objectContaining({ level: 1, levelName: '校级', orgId: ORG.school, stageName: '小学', subjectName: '语文', pending: 1, done: 2, quota: null, quotaUsed: 0 }),
    ]);
    const list = await h.call('GET', '/cloudSchool/v1/staMyWorkAuditOverview/activities', { token: reviewerA.token });
    expect(list.data.find((r: { activityId: string }) => r.activityId === activityId)).toMatchObject({ assigned: 3, pending: 1, auditOpen: false });
    const refused = await h.call('GET', `/cloudSchool/v1/staMyWorkAuditOverview/overview?activityId=${activityId}`, { token: outsider });
    expect(refused.http).toBe(403);
    expect(refused.message).toBe('您不是该活动的评审人员');
    expect((await h.call('GET', `/cloudSchool/v1/staMyWorkAuditOverview/overview?activityId=${activityId}`)).http).toBe(401);
  });
});
