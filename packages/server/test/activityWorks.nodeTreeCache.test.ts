/**
 * The node tree is served from a kept serialized tree per activity version and a second-long occupancy
 * cache (docs/activities.md "Node tree"): what a teacher sees must still follow every claim and
 * give-up made through this server at once, and a scope edit of a published activity at once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { OccupancyCache, OCCUPANCY_TTL_MS } from '../src/activityWorks/occupancyCache.js';
import { useHarness } from './harness.js';
import { BOOK, LEAF, makeTeachers, seedActivity, SIGN_UP, signUpFor } from './activityWorksKit.js';

const h = useHarness();
let teacher: string;
let admin: string;

beforeAll(async () => {
  [teacher, admin] = (await Promise.all(['teacher', 'admin'].map((u) => h.token(u)))) as [string, string];
});

interface Node {
  nodeId: string;
  taken: number;
  mine: boolean;
  claimable: boolean;
  children: Node[];
}
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const tree = async (token: string, body: Record<string, unknown>): Promise<Node[]> => {
  const answer = await h.call('POST', `${SIGN_UP}/nodeTree`, { token, body });
  expect([answer.http, answer.status]).toEqual([200, 200]);
  return answer.data as Node[];
};
const leaf = async (token: string, activityId: string, nodeId: string) => flat(await tree(token, { activityId, bookId: BOOK })).find((n) => n.nodeId === nodeId)!;

describe('node tree cache', () => {
  it('shows another teacher’s claim and give-up in the very next tree', async () => {
    const activityId = await seedActivity(h, { rules: { teachersPerNode: 1, nodesPerTeacher: 1 } });
    await signUpFor(h, teacher, activityId);
    expect(await leaf(teacher, activityId, LEAF[0])).toMatchObject({ taken: 0, claimable: true });

    const [other] = await makeTeachers(h, 1);
    const theirs = await signUpFor(h, other!.token, activityId, [LEAF[0]]);
    expect(await leaf(teacher, activityId, LEAF[0])).toMatchObject({ taken: 1, claimable: false, mine: false });

    await h.call('POST', `${SIGN_UP}/node/cancel`, { token: other!.token, body: { signUpNodeId: theirs.nodes[0].signUpNodeId } });
    expect(await leaf(teacher, activityId, LEAF[0])).toMatchObject({ taken: 0, claimable: true });

    await signUpFor(h, other!.token, activityId, [LEAF[1]]);
    expect(await leaf(teacher, activityId, LEAF[1])).toMatchObject({ taken: 1 });
    await h.call('GET', `${SIGN_UP}/cancel/${theirs.signUpId}`, { token: other!.token });
    expect(await leaf(teacher, activityId, LEAF[1])).toMatchObject({ taken: 0 });
  });

  it('shows the caller’s own claim as theirs at once and stops offering more past their limit', async () => {
    const activityId = await seedActivity(h, { rules: { teachersPerNode: 3, nodesPerTeacher: 1 } });
    await signUpFor(h, teacher, activityId);
    expect(await leaf(teacher, activityId, LEAF[2])).toMatchObject({ claimable: true, mine: false });
    await h.call('POST', `${SIGN_UP}/nodeSave`, { token: teacher, body: { activityId, nodeIds: [LEAF[2]] } });
    expect(await leaf(teacher, activityId, LEAF[2])).toMatchObject({ taken: 1, mine: true, claimable: false });
    expect(await leaf(teacher, activityId, LEAF[3])).toMatchObject({ taken: 0, mine: false, claimable: false });
  });

  it('answers the new scope after the organiser adds a book to a published activity', async () => {
    const activityId = await seedActivity(h);
    const before = await tree(teacher, { activityId });
    expect(flat(before).some((n) => n.nodeId.startsWith('bk-213-1b-'))).toBe(false);

    const detail = await h.call('GET', `/cloudSchool/v1/resourceCollectActivity/detail/${activityId}`, { token: admin });
    const scope = [
      { stage: 2, subjectCode: 213, editionId: 'ed-tongbian', bookId: BOOK },
      { stage: 2, subjectCode: 213, editionId: 'ed-tongbian', bookId: 'bk-213-1b' },
    ];
    const edited = await h.call('POST', '/cloudSchool/v1/resourceCollectActivity/edit', { token: admin, body: { activityId, version: detail.data.version, scope } });
    expect([edited.http, edited.message]).toEqual([200, expect.any(String)]);

    const after = await tree(teacher, { activityId });
    expect(flat(after).some((n) => n.nodeId.startsWith('bk-213-1b-'))).toBe(true);
    const second = await tree(teacher, { activityId, bookId: 'bk-213-1b' });
    expect(second.length).toBeGreaterThan(0);
    expect(flat(second).every((n) => n.nodeId.startsWith('bk-213-1b-'))).toBe(true);
  });

  it('answers one scope row: a book, or a stage and subject’s knowledge tree', async () => {
    const activityId = await seedActivity(h, {
      scope: [
        { stage: 2, subjectCode: 213, editionId: 'ed-tongbian', bookId: BOOK },
        { stage: 3, subjectCode: 314 },
      ],
    });
    const whole = flat(await tree(teacher, { activityId }));
    const book = flat(await tree(teacher, { activityId, bookId: BOOK }));
    const knowledge = flat(await tree(teacher, { activityId, stage: 3, subjectCode: 314 }));
    expect(book.length).toBeGreaterThan(0);
    expect(knowledge.length).toBeGreaterThan(0);
    expect(book.every((n) => n.nodeId.startsWith(`${BOOK}-`))).toBe(true);
    expect(knowledge.some((n) => n.nodeId.startsWith(`${BOOK}-`))).toBe(false);
    expect(book.length + knowledge.length).toBe(whole.length);
    const half = await h.call('POST', `${SIGN_UP}/nodeTree`, { token: teacher, body: { activityId, stage: 3 } });
    expect([half.http, half.message]).toEqual([400, expect.stringContaining('subjectCode')]);
  });
});

describe('occupancy cache', () => {
  it('reads again once its second is up, and not before', async () => {
    const activityId = await seedActivity(h);
    let now = 1_000_000;
    const cache = new OccupancyCache(h.app.ctx.db.orm, () => now);
    expect((await cache.get(activityId)).get(LEAF[0])).toBeUndefined();
    // Another server's claim: written straight to the database.
    await h.query('INSERT INTO activity_node_occupancy (activity_id, node_id, taken) VALUES ($1, $2, 1)', [activityId, LEAF[0]]);
    now += OCCUPANCY_TTL_MS - 1;
    expect((await cache.get(activityId)).get(LEAF[0])).toBeUndefined();
    now += 1;
    expect((await cache.get(activityId)).get(LEAF[0])).toBe(1);
  });
});
