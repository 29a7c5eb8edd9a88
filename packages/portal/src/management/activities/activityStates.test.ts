import { ActivityStatus } from '@dscloud/sdk/activities';
import { describe, expect, it } from 'vitest';
import { actionsFor, deletable, targetStatus, undeletable } from './activityStates';

const row = (status: number, signUpCount = 0) => ({ status, signUpCount });

describe('the actions an activity state allows', () => {
  it('offers publish and delete on a draft, withdraw and works on a published activity', () => {
    expect(actionsFor(row(ActivityStatus.DRAFT))).toEqual(['edit', 'publish', 'delete']);
    expect(actionsFor(row(ActivityStatus.PUBLISHED))).toEqual(['edit', 'withdraw', 'works']);
    expect(actionsFor(row(ActivityStatus.PUBLISHED, 5))).toEqual(['edit', 'withdraw', 'works']);
  });

  it('sends a withdrawn activity back to draft only while nobody signed up; it may always be published again', () => {
    expect(actionsFor(row(ActivityStatus.WITHDRAWN))).toEqual(['view', 'toDraft', 'republish', 'delete']);
    expect(actionsFor(row(ActivityStatus.WITHDRAWN, 1))).toEqual(['view', 'republish', 'works']);
  });

  it('asks set/status for the status each action leads to', () => {
    expect(targetStatus('publish')).toBe(ActivityStatus.PUBLISHED);
    expect(targetStatus('republish')).toBe(ActivityStatus.PUBLISHED);
    expect(targetStatus('withdraw')).toBe(ActivityStatus.WITHDRAWN);
    expect(targetStatus('toDraft')).toBe(ActivityStatus.DRAFT);
    expect(targetStatus('delete')).toBeNull();
  });

  it('deletes only drafts and withdrawn activities without sign-ups, and names the others of a batch', () => {
    expect(deletable(row(ActivityStatus.DRAFT))).toBe(true);
    expect(deletable(row(ActivityStatus.WITHDRAWN))).toBe(true);
    expect(deletable(row(ActivityStatus.WITHDRAWN, 2))).toBe(false);
    expect(deletable(row(ActivityStatus.PUBLISHED))).toBe(false);
    const batch = [{ id: 'a', ...row(ActivityStatus.DRAFT) }, { id: 'b', ...row(ActivityStatus.PUBLISHED) }, { id: 'c', ...row(ActivityStatus.WITHDRAWN, 1) }];
    expect(undeletable(batch).map((r) => r.id)).toEqual(['b', 'c']);
  });
});
