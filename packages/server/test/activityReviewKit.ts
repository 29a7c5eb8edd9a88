/**
 * What the works-review tests share: an activity in its audit window, works written straight into the
 * tables at a given level and state (submitting through the teacher's calls is tested in
 * activityWorks.works.test.ts), reviewers assigned by the organiser's call, and the reviewer's calls.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { ReviewRules } from '@dscloud/sdk/review';
import type { Harness } from './harness.js';
import { DAY, HOUR, LEAF, ORG, seedActivity, type ActivitySeed } from './activityWorksKit.js';

export const AUDIT = '/cloudSchool/v1/activityAudit';
export const PERSON = '/cloudSchool/v1/activityAuditPerson';
export { DAY, HOUR, LEAF, ORG };
/** A school of 南湖区 other than 南湖实小, and one of 东湖区. */
export const SCHOOL_NANHU_2 = 'sc-01';
export const SCHOOL_DONGHU = 'sc-04';

/** A published activity (levels 1, 2, 3; primary Chinese) whose audit window is open now. */
export async function reviewActivity(h: Harness, s: ActivitySeed & { reviewRules?: Partial<ReviewRules> } = {}): Promise<string> {
  const id = await seedActivity(h, { signUp: [-3 * DAY, -2 * DAY], upload: [-2 * DAY, 5 * DAY], audit: [-HOUR, 8 * DAY], ...s });
  if (s.reviewRules) await h.query('UPDATE activities SET review_rules = $2 WHERE id = $1', [id, JSON.stringify(s.reviewRules)]);
  return id;
}

export interface SeededWork {
  id: string;
  version: number;
}

/** A submitted work of `teacherId` at `schoolId`, pending (or in `state`) at `level`. */
export async function seedWork(
  h: Harness,
  activityId: string,
  teacherId: string,
  schoolId: string,
  o: { level?: number; state?: number; stage?: number; subjectCode?: number; nodeId?: string; title?: string } = {},
): Promise<SeededWork> {
  const tag = randomBytes(5).toString('hex');
  const now = h.app.ctx.now();
  const [district] = await h.query<{ parent_id: string }>('SELECT parent_id FROM organisations WHERE id = $1', [schoolId]);
  const stage = o.stage ?? 2;
  const subjectCode = o.subjectCode ?? 213;
  const nodeId = o.nodeId ?? LEAF[0];
  await h.query(
    `INSERT INTO activity_sign_ups (id, activity_id, user_id, real_name, school_id, district_id, stage, subject_code, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) ON CONFLICT (activity_id, user_id) DO NOTHING`,
    [`su-${tag}`, activityId, teacherId, '王晓明', schoolId, district!.parent_id, stage, subjectCode, now],
  );
  const [signUp] = await h.query<{ id: string }>('SELECT id FROM activity_sign_ups WHERE activity_id = $1 AND user_id = $2', [activityId, teacherId]);
  await h.query('INSERT INTO activity_sign_up_nodes (id, sign_up_id, activity_id, user_id, node_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    `sn-${tag}`,
    signUp!.id,
    activityId,
    teacherId,
    nodeId,
    now,
  ]);
  const id = `aw-${tag}`;
  await h.query(
    `INSERT INTO activity_works (id, activity_id, sign_up_id, sign_up_node_id, node_id, user_id, school_id, title, submit_status, review_state, review_level,
       stage, subject_code, district_id, book_id, submitted_at, version, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 1, $9, $10, $11, $12, $13, 'bk-213-1a', $14, 2, $14, $14)`,
    [id, activityId, signUp!.id, `sn-${tag}`, nodeId, teacherId, schoolId, o.title ?? `作品 ${tag}`, o.state ?? 1, o.level ?? 1, stage, subjectCode, district!.parent_id, now],
  );
  return { id, version: 2 };
}

/** Assigns reviewers through the organiser's call (city admin); fails the test when refused. */
export async function assign(h: Harness, admin: string, activityId: string, level: number, orgId: string, userIds: string[], o: { stage?: number; subjectCode?: number; finalReviewer?: string[] } = {}) {
  const answer = await h.call('POST', `${PERSON}/save`, {
    token: admin,
    body: { activityId, level, orgId, stage: o.stage ?? 2, subjectCode: o.subjectCode ?? 213, persons: userIds.map((userId) => ({ userId, finalReviewer: o.finalReviewer?.includes(userId) ?? false })) },
  });
  expect(answer.message).toBe('成功');
  return answer.data;
}

export const page = (h: Harness, token: string, activityId: string, extra: Record<string, unknown> = {}) =>
  h.call('POST', `${AUDIT}/getAuditWorkPage`, { token, body: { activityId, pageNum: 1, pageSize: 50, ...extra } });

export const decide = (h: Harness, token: string, activityId: string, works: SeededWork[], decision: number, extra: Record<string, unknown> = {}) =>
  h.call('POST', `${AUDIT}/auditWorks`, { token, body: { activityId, works: works.map((w) => ({ workId: w.id, version: w.version })), decision, ...extra } });

export async function workRow(h: Harness, id: string) {
  const [row] = await h.query<{ review_state: number; review_level: number; version: number; round: number }>(
    'SELECT review_state, review_level, version, round FROM activity_works WHERE id = $1',
    [id],
  );
  return row!;
}

export async function traceCount(h: Harness, workId: string): Promise<number> {
  const [row] = await h.query<{ n: number }>('SELECT count(*)::int AS n FROM activity_work_audits WHERE work_id = $1', [workId]);
  return Number(row!.n);
}
