/**
 * Two servers over one database, as behind a load balancer without sticky sessions: a change made
 * through A is answered by B once B has heard everything committed before (`bus.barrier()`), not
 * after the cache's time limit. Runs on PGlite (a second app over the same embedded database) and
 * on PostgreSQL (a second pool and listener on the same schema).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';
import { startSecondInstance, type Instance } from './instances.js';
import { createLesson, publish } from './lessonHelpers.js';
import { A, published, publishable } from './activityHelpers.js';
import { ORG, seedActivity } from './activityWorksKit.js';

const SECRET = 'one-secret-for-the-cluster';
const h = useHarness({ settings: { deploySecret: SECRET } });
let b: Instance;
let teacher: string;
let admin: string;
beforeAll(async () => {
  b = await startSecondInstance(h, SECRET);
  teacher = await h.token('teacher');
  admin = await h.token('admin');
});
afterAll(async () => {
  await b?.close();
});

const heardOnB = () => b.app.ctx.bus.barrier();
const FILTER = { stage: 2, subjectCode: 214, grade: 3, pageNum: 1, pageSize: 5 };
const ids = (answer: { data: { rows: { lessonId: string }[] } }) => answer.data.rows.map((r) => r.lessonId);

describe('caches across instances', () => {
  it('a lesson published through A is on the public page B answers, and its count too', async () => {
    const page = () => b.call('POST', '/cloudSchool/v1/cloudLesson/getOnDemandLessonPage', { body: FILTER });
    const before = await page();
    expect((await page()).data).toEqual(before.data); // B answers it from its cache now

    const lesson = await createLesson(h, teacher, { title: `跨实例 ${Date.now()}` });
    await publish(h, admin, [lesson.lessonId]);
    await heardOnB();
    const after = await page();
    expect(ids(after)[0]).toBe(lesson.lessonId);
    expect(after.data.total).toBe(before.data.total + 1);

    expect((await h.call('POST', '/cloudSchool/v1/cloudLesson/cancelPublishLesson', { token: admin, body: { lessonIds: [lesson.lessonId] } })).status).toBe(200);
    await heardOnB();
    expect(ids(await page())).not.toContain(lesson.lessonId);
  });

  it('a setting saved through A is in the public configuration B answers', async () => {
    const list = async () => {
      const answer = await b.call<{ rows: Array<{ configKey: string; configValue: string }> }>('POST', '/base/v1/globalConfig/list', { body: {} });
      return Object.fromEntries(answer.data.rows.map((r) => [r.configKey, r.configValue]));
    };
    const before = (await list())['common.hotline.usage'];
    const value = `400-800-${String(Date.now()).slice(-4)}`;
    expect(value).not.toBe(before);
    const saved = await h.call('POST', '/base/v1/globalConfig/save', { token: admin, body: { items: [{ configKey: 'common.hotline.usage', configValue: value }] } });
    expect(saved.status).toBe(200);
    await heardOnB();
    expect((await list())['common.hotline.usage']).toBe(value);
  });

  it('an activity published through A is on the public activity list B answers', async () => {
    const list = async () => (await b.call<{ rows: Array<{ activityId: string }> }>('GET', `${A}/publish/list?pageSize=100`)).data.rows.map((r) => r.activityId);
    const before = await list();
    const activity = await published(h, admin, publishable(Date.now(), { name: `跨实例活动 ${Date.now()}` }));
    expect(before).not.toContain(activity.activityId);
    await heardOnB();
    expect(await list()).toContain(activity.activityId);
  });

  it('a school moved to another district, or an activity deleted, is refused by B on the next statistics call', async () => {
    const districtAdmin = await h.token('districtadmin');
    const activityId = await seedActivity(h, { orgId: ORG.school });
    const total = async () => (await b.call('GET', `/cloudSchool/v1/staActivityManage/total?activityId=${activityId}`, { token: districtAdmin })).status;
    expect(await total()).toBe(200);
    expect(await total()).toBe(200); // B answers from memory now
    await h.query('UPDATE organisations SET parent_id = $2 WHERE id = $1', [ORG.school, ORG.district2]);
    try {
      await heardOnB();
      expect(await total()).toBe(403);
    } finally {
      await h.query('UPDATE organisations SET parent_id = $2 WHERE id = $1', [ORG.school, ORG.district]);
    }
    await heardOnB();
    expect(await total()).toBe(200);
    await h.query('UPDATE activities SET deleted_at = $2 WHERE id = $1', [activityId, Date.now()]);
    await heardOnB();
    expect(await total()).toBe(404);
  });
});
