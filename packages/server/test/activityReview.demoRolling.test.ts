/**
 * The demo activity reviewed as works come in (activityReview/demoRolling.ts): a first start leaves it
 * open for sign-up, upload and review at once, empty, with reviewers at school, district and city level
 * for the demo teacher's school; a later start moves its windows along without adding anything twice.
 */
import { describe, expect, it } from 'vitest';
import { activityPhase, type ActivityDetail } from '@dscloud/sdk/activities';
import { useHarness } from './harness.js';
import { A, DAY } from './activityHelpers.js';
import { AUDIT } from './activityReviewKit.js';

const h = useHarness();
const ID = 'ac-rolling-demo';

describe('the rolling demo activity', () => {
  it('takes sign-ups, works and decisions at once, with reviewers of every level for the demo teacher', async () => {
    const teacher = await h.token('teacher');
    const detail = (await h.call<ActivityDetail>('GET', `${A}/teacher/detail/${ID}`, { token: teacher })).data;
    const info = activityPhase(detail, Date.now());
    expect([info.phase, info.signUpOpen, info.uploadOpen, info.auditOpen]).toEqual(['review', true, true, true]);
    expect(detail.mySignUp ?? null).toBeNull();
    expect(await h.query(`SELECT count(*)::int AS n FROM activity_works WHERE activity_id = $1`, [ID])).toEqual([{ n: 0 }]);

    const levelsOf = async (username: string) => {
      const mine = (await h.call<Array<{ activityId: string; levels: Array<{ level: number; orgId: string }> }>>('GET', `${AUDIT}/myActivities`, { token: await h.token(username) })).data;
      return mine.find((a) => a.activityId === ID)?.levels.map((l) => [l.level, l.orgId]);
    };
    // The teacher's school (南湖实小) at 校级; 南湖区 at 区级 and the city at 市级 (not the teacher's school).
    expect(await levelsOf('auditor')).toEqual([[1, '330102001001']]);
    expect(await levelsOf('reviewer')).toEqual([[2, '330102000000'], [3, '330100000000']]);
  });

  it('moves its windows along by whole days on a later start, adding nothing twice', async () => {
    const { seedRollingActivity } = await import('../src/activityReview/demoRolling.js');
    const { DEMO_REVIEW_RULES } = await import('../src/activityReview/demoReview.js');
    const row = async () =>
      (await h.query<{ s: string; e: string; scopes: number }>(
        `SELECT sign_up_start_at::text AS s, audit_end_at::text AS e, (SELECT count(*)::int FROM activity_scopes WHERE activity_id = $1) AS scopes FROM activities WHERE id = $1`,
        [ID],
      ))[0]!;
    const before = await row();
    await seedRollingActivity(h.db.orm, Date.now() + 2 * DAY, DEMO_REVIEW_RULES);
    const after = await row();
    expect([Number(after.s) - Number(before.s), Number(after.e) - Number(before.e), after.scopes]).toEqual([2 * DAY, 2 * DAY, 1]);
  });
});
