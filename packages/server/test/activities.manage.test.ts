/**
 * The organiser's activity calls over real HTTP: a draft saved with a sanitised notice, edited with
 * compare-and-set versions, published once complete, listed for the organiser's reach and in the
 * public list; an organiser outside the activity's subtree is refused by id with nothing changed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '@dscloud/sdk/errors';
import type { ActivityDetail, ActivitySummary, Page } from '@dscloud/sdk/activities';
import { useHarness } from './harness.js';
import { A, DAY, create, publishable, published, setStatus } from './activityHelpers.js';

const h = useHarness();
let admin: string;
let district: string;
let school: string;

beforeAll(async () => {
  admin = await h.token('admin');
  district = await h.token('districtadmin');
  school = await h.token('schooladmin');
});

const stored = async (id: string) =>
  (await h.query<{ name: string; status: number; version: number; description: string; deleted_at: unknown }>('SELECT name, status, version, description, deleted_at FROM activities WHERE id = $1', [id]))[0];

describe('save and detail', () => {
  it('saves a draft of the caller’s organisation with the notice cleaned of scripts and handlers', async () => {
    const draft = await create(h, admin, {
      name: '  东山市微课征集  ',
      activitySystem: 3,
      description: '<p onclick="steal()">报名须知<script>alert(1)</script><a href="javascript:alert(1)">链接</a><a href="https://example.org/a">说明</a></p>',
    });
    expect(draft).toMatchObject({ name: '东山市微课征集', status: 0, phase: 'draft', orgId: '330100000000', orgName: '东山市教育局', activitySystemName: '微课', version: 1 });
    expect(draft.description).not.toMatch(/script|onclick|javascript/);
    expect(draft.description).toContain('<a href="https://example.org/a" target="_blank" rel="noopener noreferrer">说明</a>');
    expect(draft.packageTemplate.find((t) => t.item === 1)).toMatchObject({ required: true, fileCategories: [2] });
    const detail = await h.call<ActivityDetail>('GET', `${A}/detail/${draft.activityId}`, { token: admin });
    expect(detail.data).toEqual(draft);
    const logged = await h.query<{ action: string; actor_user_id: string }>('SELECT action, actor_user_id FROM audit_log WHERE entity_id = $1', [draft.activityId]);
    expect(logged).toEqual([{ action: 'resourceCollectActivity.save', actor_user_id: '100000000000000004' }]);
  });

  it('gives a district administrator’s activity to their district and keeps it from other organisers', async () => {
    const mine = await create(h, district, { name: '南湖区优课', activitySystem: 2, reviewLevels: [1, 2] });
    expect(mine.orgId).toBe('330102000000');
    // A school administrator of the district cannot read it by id; the city can.
    const bySchool = await h.call('GET', `${A}/detail/${mine.activityId}`, { token: school });
    expect([bySchool.http, bySchool.status, bySchool.message]).toEqual([403, Codes.FORBIDDEN, '不在您的管理范围内']);
    expect((await h.call('GET', `${A}/detail/${mine.activityId}`, { token: admin })).status).toBe(200);
    const edit = await h.call('POST', `${A}/edit`, { token: school, body: { activityId: mine.activityId, version: 1, name: '改名' } });
    expect(edit.status).toBe(Codes.FORBIDDEN);
    expect((await stored(mine.activityId))!.name).toBe('南湖区优课');
  });
});

describe('edit', () => {
  it('changes only the given fields, bumps the version and answers a stale version with the current activity', async () => {
    const draft = await create(h, admin, { name: '待修改的活动', activitySystem: 1 });
    const edited = await h.call<ActivityDetail>('POST', `${A}/edit`, { token: admin, body: { activityId: draft.activityId, version: 1, name: '已修改的活动' } });
    expect(edited.status).toBe(200);
    expect(edited.data).toMatchObject({ name: '已修改的活动', activitySystem: 1, version: 2 });
    const stale = await h.call('POST', `${A}/edit`, { token: admin, body: { activityId: draft.activityId, version: 1, name: '迟到的修改' } });
    expect([stale.http, stale.status]).toEqual([409, Codes.CONFLICT]);
    expect(stale.message).toContain('当前版本 2');
    expect(stale.data).toMatchObject({ field: 'version', current: { activityId: draft.activityId, name: '已修改的活动', version: 2 } });
    expect((await stored(draft.activityId))!.name).toBe('已修改的活动');
  });
});

describe('publish and lists', () => {
  let activity: ActivityDetail;

  it('publishes a complete draft; the phase follows the windows', async () => {
    activity = await published(h, admin, publishable(Date.now()));
    expect(activity).toMatchObject({ status: 1, phase: 'signUp', version: 2 });
    expect(activity.publishTime).toBeGreaterThan(0);
    expect(activity.phaseEndTime).toBe(activity.signUpEndTime);
    expect(activity.stages.map((s) => s.stageName)).toEqual(['小学', '初中']);
    expect(activity.scope[0]).toMatchObject({ editionName: '人教版', bookName: expect.stringContaining('三年级上册'), subjectName: '数学' });
  });

  it('lists the organiser’s activities for their reach only, filtered by phase and keyword', async () => {
    const page = async (token: string, body: object = {}) => (await h.call<Page<ActivitySummary>>('POST', `${A}/page`, { token, body: { pageSize: 100, ...body } })).data;
    const all = await page(admin);
    expect(all.rows.map((r) => r.activityId)).toContain(activity.activityId);
    expect((await page(district)).rows.every((r) => r.orgId === '330102000000')).toBe(true);
    expect((await page(admin, { phase: 'signUp' })).rows.every((r) => r.phase === 'signUp')).toBe(true);
    expect((await page(admin, { phase: 'draft' })).rows.map((r) => r.activityId)).not.toContain(activity.activityId);
    expect((await page(admin, { keyword: '东山市小学数学' })).rows.map((r) => r.activityId)).toEqual([activity.activityId]);
    const researcher = await h.token('researcher');
    expect((await page(researcher)).total).toBe(all.total);
  });

  it('shows published activities to anyone, filtered by organisation (its chain and its subtree)', async () => {
    const list = async (query = '') => (await h.call<Page<ActivitySummary>>('GET', `${A}/publish/list?pageSize=100${query}`)).data;
    const anon = await list();
    expect(anon.rows.every((r) => r.status === 1)).toBe(true);
    expect(anon.rows.map((r) => r.activityId)).toContain(activity.activityId);
    // A school of the city sees the city's activity; the city sees it too.
    expect((await list('&orgId=330102001001')).rows.map((r) => r.activityId)).toContain(activity.activityId);
    expect((await list('&orgId=330100000000')).rows.map((r) => r.activityId)).toContain(activity.activityId);
    const unknown = await h.call('GET', `${A}/publish/list?orgId=999`);
    expect([unknown.http, unknown.data]).toEqual([404, { field: 'orgId' }]);
  });

  it('withdraws, refuses illegal moves naming both states, and deletes only what nobody joined', async () => {
    const draft = await create(h, admin, { name: '要删除的草稿', activitySystem: 1 });
    const illegal = await setStatus(h, admin, draft, 2);
    expect([illegal.http, illegal.status]).toEqual([409, Codes.CONFLICT]);
    expect(illegal.message).toContain('不能从「草稿」改为「已撤回」');
    const cannot = await h.call('POST', `${A}/batch/delete`, { token: admin, body: { activityIds: [draft.activityId, activity.activityId] } });
    expect(cannot.status).toBe(Codes.CONFLICT);
    expect(cannot.message).toContain(activity.name);
    expect((await stored(draft.activityId))!.deleted_at).toBeNull();
    const deleted = await h.call('POST', `${A}/batch/delete`, { token: admin, body: { activityIds: [draft.activityId] } });
    expect(deleted.data).toEqual({ deleted: 1 });
    expect((await h.call('GET', `${A}/detail/${draft.activityId}`, { token: admin })).status).toBe(404);
    const withdrawn = await setStatus(h, admin, activity, 2);
    expect(withdrawn.data).toMatchObject({ status: 2, phase: 'withdrawn', version: 3 });
    const changes = await h.query<{ changes: Record<string, { before: unknown; after: unknown }> }>(
      `SELECT changes FROM audit_log WHERE entity_id = $1 AND action = 'resourceCollectActivity.setStatus' ORDER BY at DESC LIMIT 1`,
      [activity.activityId],
    );
    expect(changes[0]!.changes.status).toEqual({ before: 1, after: 2 });
    expect((await h.call<Page<ActivitySummary>>('GET', `${A}/publish/list?pageSize=100`)).data.rows.map((r) => r.activityId)).not.toContain(activity.activityId);
  });

  it('refuses to publish an incomplete draft, naming the missing field', async () => {
    const draft = await create(h, admin, { ...publishable(Date.now()), signUpEndTime: null });
    const answer = await setStatus(h, admin, draft, 1);
    expect([answer.status, answer.data]).toEqual([Codes.BAD_REQUEST, { field: 'signUpEndTime' }]);
    expect(answer.message).toContain('报名截止时间');
    expect((await stored(draft.activityId))!.status).toBe(0);
    void DAY;
  });
});
