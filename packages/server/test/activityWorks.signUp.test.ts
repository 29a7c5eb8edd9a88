/**
 * Signing up for an activity and claiming curriculum nodes (docs/activities.md "Sign-up"), over real
 * HTTP and the real database: who may, when, which nodes, occupancy under concurrency, own rows only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';
import { BOOK, DAY, HEADING, HOUR, LEAF, makeTeachers, ORG, seedActivity, SIGN_UP, signUpFor } from './activityWorksKit.js';

const h = useHarness();
let teacher: string;
let student: string;
let parent: string;
let teacher2: string;

/** `2026-12-01 18:00` in China time (UTC+8, no daylight saving). */
const china = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 16).replace('T', ' ');

beforeAll(async () => {
  [teacher, student, parent, teacher2] = (await Promise.all(['teacher', 'student', 'parent', 'teacher2'].map((u) => h.token(u)))) as [string, string, string, string];
});

describe('who may sign up', () => {
  it('tells students and parents that only teachers take part, on every call', async () => {
    const activityId = await seedActivity(h);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `${SIGN_UP}/areaList/${activityId}`],
      ['POST', `${SIGN_UP}/schoolList`, { activityId }],
      ['GET', `${SIGN_UP}/getUserInfo/${activityId}`],
      ['POST', `${SIGN_UP}/save`, { activityId, realName: 'x', stage: 2, subjectCode: 213 }],
      ['POST', `${SIGN_UP}/nodeTree`, { activityId }],
      ['POST', `${SIGN_UP}/nodeSave`, { activityId, nodeIds: [LEAF[0]] }],
      ['GET', `${SIGN_UP}/node/info/sn-x`],
      ['POST', `${SIGN_UP}/node/cancel`, { signUpNodeId: 'sn-x' }],
      ['GET', `${SIGN_UP}/cancel/su-x`],
    ];
    for (const token of [student, parent]) {
      for (const [method, url, body] of calls) {
        const answer = await h.call(method, url, { token, body });
        expect(`${method} ${url} ${answer.http} ${answer.status} ${answer.message}`).toBe(`${method} ${url} 403 4030001 仅教师可以参与征集活动`);
      }
    }
  });

  it('refuses a teacher whose school lies outside the organiser, and hides drafts', async () => {
    const district = await seedActivity(h, { orgId: ORG.district });
    const outside = await h.call('POST', `${SIGN_UP}/save`, { token: teacher2, body: { activityId: district, realName: '吴海峰', stage: 2, subjectCode: 213 } });
    expect([outside.http, outside.message]).toEqual([403, '您所在的学校不在该活动的范围内，不能报名']);
    const info = await h.call('GET', `${SIGN_UP}/getUserInfo/${district}`, { token: teacher2 });
    expect(info.data).toMatchObject({ eligible: false, schoolId: ORG.school2, districtId: ORG.district2 });

    const draft = await seedActivity(h, { status: 0 });
    const hidden = await h.call('POST', `${SIGN_UP}/save`, { token: teacher, body: { activityId: draft, realName: '王晓明', stage: 2, subjectCode: 213 } });
    expect([hidden.http, hidden.data?.field]).toEqual([404, 'activityId']);
    expect((await h.call('GET', `${SIGN_UP}/areaList/act-missing`, { token: teacher })).http).toBe(404);
  });

  it('prefills the form from the account and lists the reach of the organiser', async () => {
    const activityId = await seedActivity(h);
    const info = await h.call('GET', `${SIGN_UP}/getUserInfo/${activityId}`, { token: teacher });
    expect(info.data).toMatchObject({ realName: '王晓明', schoolId: ORG.school, districtId: ORG.district, eligible: true, stage: 2 });
    const areas = await h.call('GET', `${SIGN_UP}/areaList/${activityId}`, { token: teacher });
    expect(areas.data.map((a: { orgId: string }) => a.orgId)).toEqual(expect.arrayContaining([ORG.district, ORG.district2]));
    const schools = await h.call('POST', `${SIGN_UP}/schoolList`, { token: teacher, body: { activityId, districtId: ORG.district2 } });
    expect(schools.data.map((s: { orgId: string }) => s.orgId)).toContain(ORG.school2);
    expect(schools.data.every((s: { districtId: string }) => s.districtId === ORG.district2)).toBe(true);

    const school = await seedActivity(h, { orgId: ORG.school });
    expect((await h.call('GET', `${SIGN_UP}/areaList/${school}`, { token: teacher })).data).toEqual([{ orgId: ORG.district, name: '南湖区教育局' }]);
    const outside = await h.call('POST', `${SIGN_UP}/schoolList`, { token: teacher, body: { activityId: school, districtId: ORG.district2 } });
    expect([outside.http, outside.status, outside.data?.field]).toEqual([400, 4200005, 'districtId']);
  });
});

describe('sign-up', () => {
  it('names what is wrong with the form', async () => {
    const activityId = await seedActivity(h);
    const base = { activityId, realName: '王晓明', phone: '13800000000', stage: 2, subjectCode: 213 };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, realName: '' }, 'realName'],
      [{ ...base, realName: '   ' }, 'realName'],
      [{ ...base, phone: '12345' }, 'phone'],
      [{ ...base, stage: 'two' }, 'stage'],
      [{ ...base, activityId: '../x' }, 'activityId'],
      [{ ...base, subjectCode: 214 }, 'subjectCode'],
    ];
    for (const [body, field] of cases) {
      const answer = await h.call('POST', `${SIGN_UP}/save`, { token: teacher, body });
      expect(`${answer.http} ${answer.data?.field}`).toBe(`400 ${field}`);
    }
    const saved = await h.call('POST', `${SIGN_UP}/save`, { token: teacher, body: base });
    expect(saved.data).toMatchObject({ activityId, realName: '王晓明', schoolId: ORG.school, schoolName: '东山市南湖区实验小学', districtId: ORG.district, status: 1, nodes: [] });
  });

  it('is refused outside the window, naming the window in China time', async () => {
    const now = h.app.ctx.now();
    const closed = await seedActivity(h, { signUp: [-3 * DAY, -DAY], upload: [-2 * DAY, 2 * DAY] });
    const late = await h.call('POST', `${SIGN_UP}/save`, { token: teacher, body: { activityId: closed, realName: '王晓明', stage: 2, subjectCode: 213 } });
    expect(late.http).toBe(409);
    expect(late.message).toContain(`报名已于 ${china(now - DAY)} 截止`);

    const early = await seedActivity(h, { signUp: [DAY, 2 * DAY], upload: [DAY, 3 * DAY] });
    const soon = await h.call('POST', `${SIGN_UP}/save`, { token: teacher, body: { activityId: early, realName: '王晓明', stage: 2, subjectCode: 213 } });
    expect(soon.message).toContain(`报名将于 ${china(now + DAY)} 开始`);
  });

  it('closes claims when the clock passes the end of the window', async () => {
    const activityId = await seedActivity(h, { signUp: [-HOUR, 60_000] });
    const end = h.app.ctx.now() + 60_000;
    await signUpFor(h, teacher, activityId);
    h.advance(61_000);
    const claim = await h.call('POST', `${SIGN_UP}/nodeSave`, { token: teacher, body: { activityId, nodeIds: [LEAF[0]] } });
    expect([claim.http, claim.message]).toEqual([409, `报名已于 ${china(end)} 截止（报名时间 ${china(end - 60_000 - HOUR)} 至 ${china(end)}）`]);
    const tree = await h.call('POST', `${SIGN_UP}/nodeTree`, { token: teacher, body: { activityId } });
    expect(tree.data[0].children[0].claimable).toBe(false);
  });

  it('signs up again after a cancel by reviving the same row', async () => {
    const activityId = await seedActivity(h);
    const first = await signUpFor(h, teacher, activityId, [LEAF[0]]);
    const cancelled = await h.call('GET', `${SIGN_UP}/cancel/${first.signUpId}`, { token: teacher });
    expect(cancelled.data).toMatchObject({ status: 0, nodes: [] });
    expect((await h.call('GET', `${SIGN_UP}/cancel/${first.signUpId}`, { token: teacher })).http).toBe(409);
    const again = await signUpFor(h, teacher, activityId);
    expect(again).toMatchObject({ signUpId: first.signUpId, status: 1, nodes: [] });
    const [occupancy] = await h.query<{ taken: number }>('SELECT taken FROM activity_node_occupancy WHERE activity_id = $1 AND node_id = $2', [activityId, LEAF[0]]);
    expect(Number(occupancy!.taken)).toBe(0);
  });
});

describe('nodes', () => {
  it('shows the scope tree with occupancy, the caller’s nodes and what they may still claim', async () => {
    const activityId = await seedActivity(h, { rules: { teachersPerNode: 1, nodesPerTeacher: 2 } });
    const [other] = await makeTeachers(h, 1);
    await signUpFor(h, other!.token, activityId, [LEAF[1]]);
    await signUpFor(h, teacher, activityId, [LEAF[0]]);
    const tree = await h.call('POST', `${SIGN_UP}/nodeTree`, { token: teacher, body: { activityId, bookId: BOOK } });
    const heading = tree.data.find((n: { nodeId: string }) => n.nodeId === HEADING);
    expect(heading).toMatchObject({ kind: 'chapter', level: 1, claimable: false });
    const [mine, full, free] = heading.children;
    expect(mine).toMatchObject({ nodeId: LEAF[0], taken: 1, limit: 1, mine: true, claimable: false, children: [] });
    expect(full).toMatchObject({ nodeId: LEAF[1], taken: 1, mine: false, claimable: false });
    expect(free).toMatchObject({ nodeId: LEAF[2], taken: 0, claimable: true });
    const nodes = tree.data.flatMap((n: { children: unknown[] }) => [n, ...n.children]);
    expect(nodes).toHaveLength(42);
  });

  it('refuses headings, nodes outside the scope or subject, over the own limit, and a full node atomically', async () => {
    const activityId = await seedActivity(h, { rules: { teachersPerNode: 1, nodesPerTeacher: 2 } });
    const summary = await signUpFor(h, teacher, activityId);
    const claim = (nodeIds: string[]) => h.call('POST', `${SIGN_UP}/nodeSave`, { token: teacher, body: { activityId, nodeIds } });
    const heading = await claim([HEADING]);
    expect([heading.status, heading.data?.field]).toEqual([4200005, 'nodeIds[0]']);
    expect(heading.message).toContain('请认领最末一级的节点');
    const outside = await claim([LEAF[0], 'bk-213-1b-01-01']);
    expect([outside.status, outside.data?.field]).toEqual([4200005, 'nodeIds[1]']);
    expect((await claim([])).data?.field).toBe('nodeIds');
    const tooMany = await claim([LEAF[0], LEAF[1], LEAF[2]]);
    expect([tooMany.http, tooMany.message]).toEqual([409, '每位教师最多认领 2 个节点，您已认领 0 个，本次又选择了 3 个']);

    const [other] = await makeTeachers(h, 1);
    await signUpFor(h, other!.token, activityId, [LEAF[3]]);
    const blocked = await claim([LEAF[2], LEAF[3]]);
    expect([blocked.http, blocked.message]).toEqual([409, '节点「1 天地人」已满（每个节点最多 1 位教师）']);
    // The free node of the refused claim was not kept.
    const rows = await h.query('SELECT 1 FROM activity_sign_up_nodes WHERE sign_up_id = $1', [summary.signUpId]);
    expect(rows).toHaveLength(0);
    const [free] = await h.query<{ taken: number }>('SELECT taken FROM activity_node_occupancy WHERE activity_id = $1 AND node_id = $2', [activityId, LEAF[2]]);
    expect(Number(free?.taken ?? 0)).toBe(0);

    const ok = await claim([LEAF[2]]);
    expect(ok.data.nodes).toMatchObject([{ nodeId: LEAF[2], nodeName: '我爱学语文', pathNames: ['语文 一年级上册', '我上学了', '我爱学语文'], status: 1, workId: null }]);
    // Claiming a node already held changes nothing.
    expect((await claim([LEAF[2]])).data.nodes).toHaveLength(1);
  });

  it('lets exactly teachersPerNode of 20 teachers claiming the last free node at once win', async () => {
    const activityId = await seedActivity(h, { rules: { teachersPerNode: 3, nodesPerTeacher: 1 } });
    const teachers = await makeTeachers(h, 20);
    for (const t of teachers) await signUpFor(h, t.token, activityId);
    const answers = await Promise.all(teachers.map((t) => h.call('POST', `${SIGN_UP}/nodeSave`, { token: t.token, body: { activityId, nodeIds: [LEAF[4]] } })));
    const won = answers.filter((a) => a.status === 200);
    const lost = answers.filter((a) => a.status !== 200);
    expect(won).toHaveLength(3);
    expect(new Set(lost.map((a) => `${a.http} ${a.message}`))).toEqual(new Set(['409 节点「2 金木水火土」已满（每个节点最多 3 位教师）']));
    const [occupancy] = await h.query<{ taken: number }>('SELECT taken FROM activity_node_occupancy WHERE activity_id = $1 AND node_id = $2', [activityId, LEAF[4]]);
    expect(Number(occupancy!.taken)).toBe(3);
    const claims = await h.query('SELECT 1 FROM activity_sign_up_nodes WHERE activity_id = $1 AND status = 1', [activityId]);
    expect(claims).toHaveLength(3);
  });

  it('gives a node up, freeing its place', async () => {
    const activityId = await seedActivity(h, { rules: { teachersPerNode: 1 } });
    const summary = await signUpFor(h, teacher, activityId, [LEAF[0]]);
    const signUpNodeId = summary.nodes[0].signUpNodeId;
    const info = await h.call('GET', `${SIGN_UP}/node/info/${signUpNodeId}`, { token: teacher });
    expect(info.data).toMatchObject({ signUpNodeId, nodeId: LEAF[0], status: 1, work: null });
    const given = await h.call('POST', `${SIGN_UP}/node/cancel`, { token: teacher, body: { signUpNodeId } });
    expect(given.data.nodes).toEqual([]);
    expect((await h.call('POST', `${SIGN_UP}/node/cancel`, { token: teacher, body: { signUpNodeId } })).http).toBe(409);
    const [other] = await makeTeachers(h, 1);
    expect((await signUpFor(h, other!.token, activityId, [LEAF[0]])).nodes).toHaveLength(1);
  });
});

describe('own rows only', () => {
  it('answers 403 for another teacher’s sign-up or node and 404 for an unknown one', async () => {
    const activityId = await seedActivity(h);
    const [other] = await makeTeachers(h, 1);
    const theirs = await signUpFor(h, other!.token, activityId, [LEAF[0]]);
    const signUpNodeId = theirs.nodes[0].signUpNodeId;
    const attempts = [
      await h.call('GET', `${SIGN_UP}/node/info/${signUpNodeId}`, { token: teacher }),
      await h.call('POST', `${SIGN_UP}/node/cancel`, { token: teacher, body: { signUpNodeId } }),
      await h.call('GET', `${SIGN_UP}/cancel/${theirs.signUpId}`, { token: teacher }),
    ];
    for (const a of attempts) expect([a.http, a.status, a.message]).toEqual([403, 403, '只能操作本人的报名和作品']);
    expect((await h.call('GET', `${SIGN_UP}/node/info/sn-unknown`, { token: teacher })).http).toBe(404);
    expect((await h.call('GET', `${SIGN_UP}/cancel/su-unknown`, { token: teacher })).http).toBe(404);
    // Nothing changed for the owner.
    const tree = await h.call('POST', `${SIGN_UP}/nodeTree`, { token: other!.token, body: { activityId } });
    expect(tree.data[0].children[0]).toMatchObject({ nodeId: LEAF[0], mine: true, taken: 1 });
  });
});
