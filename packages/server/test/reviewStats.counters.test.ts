/**
 * The statistics counters (migrations 0094 and 0095, docs/activities.md "Statistics counters") stay
 * equal to a recount of the rows after a random sequence of submissions, decisions (pass, return, reject,
 * high-quality), resubmissions and sign-up cancellations made through the product's own calls.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';
import { makeTeachers, WORK } from './activityWorksKit.js';
import { assign, decide, LEAF, ORG, reviewActivity, SCHOOL_DONGHU, SCHOOL_NANHU_2, seedWork, workRow } from './activityReviewKit.js';
import { decisionCounters, keptWorkCounters, recountWorks, signUpCounters } from '../src/reviewStats/counters.js';

const h = useHarness();
let admin: string;

beforeAll(async () => {
  admin = await h.token('admin');
});

/** A small deterministic generator (mulberry32): the failing sequence can be replayed from its seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function expectCountersEqualRecount(activityId: string, step: string): Promise<void> {
  const db = h.app.ctx.db.orm;
  expect(Object.fromEntries(await keptWorkCounters(db, activityId)), `work counters after ${step}`).toEqual(Object.fromEntries(await recountWorks(db, activityId)));
  const signUps = await signUpCounters(db, activityId);
  expect(Object.fromEntries(signUps.kept), `sign-up counters after ${step}`).toEqual(Object.fromEntries(signUps.recounted));
  const decisions = await decisionCounters(db, activityId);
  expect(Object.fromEntries(decisions.kept), `decision counters after ${step}`).toEqual(Object.fromEntries(decisions.recounted));
}

describe('statistics counters', () => {
  it('equal a recount after a random sequence of submissions, decisions, returns and resubmissions', async () => {
    const seed = Number(process.env.COUNTERS_SEED ?? Date.now() % 100_000);
    const next = random(seed);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    // No required material: drafts and returned works without files pass the format review on (re)submission.
    const activityId = await reviewActivity(h, { template: [] });
    const [schoolA] = await makeTeachers(h, 1, SCHOOL_NANHU_2);
    const [schoolB] = await makeTeachers(h, 1, SCHOOL_DONGHU);
    const [districtA, city] = await makeTeachers(h, 2, ORG.district);
    const [districtB] = await makeTeachers(h, 1, ORG.district2);
    await assign(h, admin, activityId, 1, SCHOOL_NANHU_2, [schoolA!.id]);
    await assign(h, admin, activityId, 1, SCHOOL_DONGHU, [schoolB!.id]);
    await assign(h, admin, activityId, 2, ORG.district, [districtA!.id]);
    await assign(h, admin, activityId, 2, ORG.district2, [districtB!.id]);
    await assign(h, admin, activityId, 3, ORG.city, [city!.id]);
    const reviewerAt = (level: number, schoolId: string) =>
      level === 1 ? (schoolId === SCHOOL_NANHU_2 ? schoolA! : schoolB!) : level === 2 ? (schoolId === SCHOOL_NANHU_2 ? districtA! : districtB!) : city!;

    const teachers = [...(await makeTeachers(h, 3, SCHOOL_NANHU_2)), ...(await makeTeachers(h, 3, SCHOOL_DONGHU))];
    const works: Array<{ id: string; schoolId: string; teacher: { id: string; token: string } }> = [];
    for (const [i, teacher] of teachers.entries()) {
      const schoolId = i < 3 ? SCHOOL_NANHU_2 : SCHOOL_DONGHU;
      for (const nodeId of LEAF.slice(0, 2)) works.push({ id: (await seedWork(h, activityId, teacher.id, schoolId, { nodeId })).id, schoolId, teacher });
    }
    // A third of the works start as drafts (not yet submitted).
    for (const w of works.filter((_, i) => i % 3 === 0)) await h.query('UPDATE activity_works SET submit_status = 0, review_state = 0, review_level = NULL WHERE id = $1', [w.id]);
    await expectCountersEqualRecount(activityId, `seeding (seed ${seed})`);

    const done: string[] = [];
    for (let step = 0; step < 40; step++) {
      const w = pick(works);
      const row = await h.query<{ submit_status: number }>('SELECT submit_status FROM activity_works WHERE id = $1', [w.id]);
      const { review_state: state, review_level: level, version } = await workRow(h, w.id);
      let action: string;
      if (row[0]!.submit_status === 0 || state === 2) {
        action = state === 2 ? 'resubmit' : 'submit';
        const sent = await h.call('PUT', `${WORK}/updateSubmitStatus?lessonId=${w.id}&submitStatus=1`, { token: w.teacher.token });
        expect(sent.message, action).toBe('成功');
      } else if (state === 1) {
        const decision = level === 3 ? pick([1, 2, 3, 4]) : pick([1, 1, 2, 3]);
        action = `decision ${decision} at level ${level}`;
        const answer = await decide(h, reviewerAt(level, w.schoolId).token, activityId, [{ id: w.id, version }], decision, { opinion: '评审意见' });
        expect(answer.data.refused, action).toEqual([]);
      } else if (next() < 0.3) {
        action = 'cancel a sign-up';
        await h.query('UPDATE activity_sign_ups SET status = 0, cancelled_at = $2 WHERE activity_id = $1 AND user_id = $3', [activityId, Date.now(), w.teacher.id]);
      } else continue;
      done.push(action);
      await expectCountersEqualRecount(activityId, `${done.length} steps (seed ${seed}): ${done.join(', ')}`);
    }
    expect(done.length).toBeGreaterThan(10);
  });
});
