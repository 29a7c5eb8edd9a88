/** Shared by the activity tests: a publishable activity's body, and calls that create one in a given state. */
import { expect } from 'vitest';
import type { ActivityDetail, ActivityInput } from '@dscloud/sdk/activities';
import type { Harness } from './harness.js';

export const A = '/cloudSchool/v1/resourceCollectActivity';
export const S = '/cloudSchool/v1/activitySubject';
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** Windows around `now`: sign-up open now, upload from tomorrow, review after. */
export function windows(now: number) {
  return {
    signUpStartTime: now - DAY,
    signUpEndTime: now + 5 * DAY,
    uploadStartTime: now + DAY,
    uploadEndTime: now + 10 * DAY,
    auditStartTime: now + 10 * DAY,
    auditEndTime: now + 20 * DAY,
  };
}

/** A body that can be published: city scope of primary maths (人教版, 三年级上册) and junior maths. */
export function publishable(now: number, extra: Partial<ActivityInput> = {}): Partial<ActivityInput> {
  return {
    name: '2026 年东山市小学数学精品课征集',
    description: '<p>面向全市小学数学教师。</p>',
    activitySystem: 1,
    ...windows(now),
    scope: [
      { stage: 2, subjectCode: 214, editionId: 'ed-renjiao', bookId: 'bk-214-3a' },
      { stage: 3, subjectCode: 314, editionId: null, bookId: null },
    ],
    reviewLevels: [1, 2, 3],
    rules: { nodesPerTeacher: 2, teachersPerNode: 2, allowFormatWarnings: false },
    ...extra,
  };
}

export async function create(h: Harness, token: string, body: Partial<ActivityInput>): Promise<ActivityDetail> {
  const saved = await h.call<ActivityDetail>('POST', `${A}/save`, { token, body });
  expect(saved.message).toBe('成功');
  expect(saved.status).toBe(200);
  return saved.data;
}

export async function setStatus(h: Harness, token: string, a: { activityId: string; version: number }, status: number) {
  return h.call('POST', `${A}/set/status`, { token, body: { activityId: a.activityId, version: a.version, status } });
}

export async function published(h: Harness, token: string, body: Partial<ActivityInput>): Promise<ActivityDetail> {
  const draft = await create(h, token, body);
  const answer = await setStatus(h, token, draft, 1);
  expect(answer.message).toBe('成功');
  return (await h.call<ActivityDetail>('GET', `${A}/detail/${draft.activityId}`, { token })).data;
}
