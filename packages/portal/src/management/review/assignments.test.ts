import { describe, expect, it } from 'vitest';
import { addRows, groupKey, saveBodies, unitsForLevel, type ListRow } from './assignments';

const row = (userId: string, over: Partial<ListRow> = {}): ListRow => ({
  activityId: 'a1',
  level: 1,
  userId,
  userName: `用户${userId}`,
  orgId: 's1',
  orgName: '一中',
  stage: 2,
  stageName: '初中',
  subjectCode: 1,
  subjectName: '数学',
  finalReviewer: false,
  ...over,
});

describe('reviewer list', () => {
  it('offers schools at level 1, districts at 2, the city at 3', () => {
    const orgs = [
      { orgId: 'c', orgType: 1 },
      { orgId: 'd', orgType: 2 },
      { orgId: 's', orgType: 3 },
      { orgId: 'b', orgType: 4 },
    ];
    expect(unitsForLevel(orgs, 1).map((o) => o.orgId)).toEqual(['s', 'b']);
    expect(unitsForLevel(orgs, 2).map((o) => o.orgId)).toEqual(['d']);
    expect(unitsForLevel(orgs, 3).map((o) => o.orgId)).toEqual(['c']);
  });

  it('adds a person once per level, unit, stage and subject; adding again updates the final-reviewer flag', () => {
    const first = addRows([row('u1')], [row('u1', { finalReviewer: true }), row('u2'), row('u1', { level: 2, orgId: 'd1' })]);
    expect(first.added).toBe(2);
    expect(first.list.map((r) => [r.userId, r.level, r.finalReviewer])).toEqual([
      ['u1', 1, true],
      ['u2', 1, false],
      ['u1', 2, false],
    ]);
  });

  it('saves each changed group whole; an emptied group is sent with no one', () => {
    const list = [row('u1', { id: 'p9', finalReviewer: true }), row('u2'), row('u3', { level: 2, orgId: 'd1' })];
    expect(saveBodies('a1', list, new Set(['1|s1|2|1', '3|c1|2|1']))).toEqual([
      { activityId: 'a1', level: 1, orgId: 's1', stage: 2, subjectCode: 1, persons: [{ userId: 'u1', finalReviewer: true }, { userId: 'u2', finalReviewer: false }] },
      { activityId: 'a1', level: 3, orgId: 'c1', stage: 2, subjectCode: 1, persons: [] },
    ]);
    expect(groupKey(list[2]!)).toBe('2|d1|2|1');
  });
});
