/**
 * The statistics are answered from memory (the figures kept 5 s, the activity and the caller's
 * organisation subtree kept until a write drops them), yet who may read them is decided on every
 * request: a change of the caller's role, of the organisation tree or of the activity applies to the
 * very next call (docs/architecture.md "Caches").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';
import { makeTeachers, ORG, seedActivity } from './activityWorksKit.js';
import { ManagedActivities } from '../src/reviewStats/managedActivities.js';
import { loadActivity } from '../src/activities/activityAccess.js';

const h = useHarness();
let districtAdmin: string;
let activityId: string;
const total = (token: string, id = activityId) => h.call('GET', `/cloudSchool/v1/staActivityManage/total?activityId=${id}`, { token });
const overview = (token: string) => h.call('GET', `/cloudSchool/v1/staCollectActivityOverview/overview?activityId=${activityId}`, { token });

beforeAll(async () => {
  districtAdmin = await h.token('districtadmin');
  // Organised by 南湖实小, inside 南湖区 where the district administrator's role is held.
  activityId = await seedActivity(h, { orgId: ORG.school });
});

/**
 * With PostgreSQL the server reads a change's notification when its listening connection gets its
 * turn; this waits for exactly that (never for time). With PGlite it returns at once.
 */
const heard = () => h.app.ctx.bus.barrier();

/** Reads the figures twice (the second from memory), then checks the status of the call after `change`. */
async function afterChange(token: string, change: () => Promise<unknown>, expected: number, undo: () => Promise<unknown>): Promise<void> {
  expect((await total(token)).status).toBe(200);
  expect((await total(token)).status).toBe(200);
  expect((await overview(token)).status).toBe(200);
  await change();
  try {
    await heard();
    expect((await total(token)).status).toBe(expected);
    expect((await overview(token)).status).toBe(expected);
  } finally {
    await undo();
  }
  await heard();
  expect((await total(token)).status).toBe(200);
}

describe('statistics answered from memory, permissions checked on every request', () => {
  it('a school moved out of the district is out of its organiser’s reach on the next request', async () => {
    await afterChange(
      districtAdmin,
      () => h.query('UPDATE organisations SET parent_id = $2 WHERE id = $1', [ORG.school, ORG.district2]),
      403,
      () => h.query('UPDATE organisations SET parent_id = $2 WHERE id = $1', [ORG.school, ORG.district]),
    );
  });

  it('an activity handed to an organiser of another district is refused on the next request', async () => {
    await afterChange(
      districtAdmin,
      () => h.query('UPDATE activities SET org_id = $2 WHERE id = $1', [activityId, ORG.school2]),
      403,
      () => h.query('UPDATE activities SET org_id = $2 WHERE id = $1', [activityId, ORG.school]),
    );
  });

  it('a deleted activity is 404 on the next request', async () => {
    await afterChange(
      districtAdmin,
      () => h.query('UPDATE activities SET deleted_at = $2 WHERE id = $1', [activityId, Date.now()]),
      404,
      () => h.query('UPDATE activities SET deleted_at = NULL WHERE id = $1', [activityId]),
    );
  });

  it('a revoked role, or one moved to another district, closes the figures on the next request', async () => {
    const [user] = await makeTeachers(h, 1, ORG.school);
    const grant = () => h.query(`INSERT INTO user_roles (user_id, role_code, level, org_id) VALUES ($1, 'DISTRICT_BUREAU_ADMIN', 2, $2)`, [user!.id, ORG.district]);
    await grant();
    await afterChange(user!.token, () => h.query('DELETE FROM user_roles WHERE user_id = $1', [user!.id]), 403, grant);
    await afterChange(
      user!.token,
      () => h.query('UPDATE user_roles SET org_id = $2 WHERE user_id = $1', [user!.id, ORG.district2]),
      403,
      () => h.query('UPDATE user_roles SET org_id = $2 WHERE user_id = $1', [user!.id, ORG.district]),
    );
  });
});

describe('the activities the statistics name, in memory', () => {
  function counted(): { cache: ManagedActivities; loads: () => number } {
    let loads = 0;
    const cache = new ManagedActivities(h.app.ctx.bus, (id) => {
      loads += 1;
      return loadActivity(h.app.ctx.db.orm, id);
    });
    return { cache, loads: () => loads };
  }

  it('twenty callers at once cost one load, and the next ones none', async () => {
    const { cache, loads } = counted();
    const rows = await Promise.all(Array.from({ length: 20 }, () => cache.get(activityId)));
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set([activityId]));
    expect(loads()).toBe(1);
    await cache.get(activityId);
    expect(loads()).toBe(1);
  });

  it('a write to the activity is seen by the next call, and a load begun before it is not kept', async () => {
    const { cache, loads } = counted();
    await cache.get(activityId);
    await h.query('UPDATE activities SET name = $2 WHERE id = $1', [activityId, '改名后的活动']);
    await heard();
    expect((await cache.get(activityId)).name).toBe('改名后的活动');
    expect(loads()).toBe(2);

    cache.drop(activityId);
    const during = cache.get(activityId);
    await h.query('UPDATE activities SET name = $2 WHERE id = $1', [activityId, '再次改名']);
    await heard();
    await during;
    expect((await cache.get(activityId)).name).toBe('再次改名');
  });

  it('an unknown activity is not kept: each call asks the database again', async () => {
    const { cache, loads } = counted();
    await expect(cache.get('act-not-yet')).rejects.toThrow('活动不存在或已删除');
    await expect(cache.get('act-not-yet')).rejects.toThrow('活动不存在或已删除');
    expect(loads()).toBe(2);
  });
});
