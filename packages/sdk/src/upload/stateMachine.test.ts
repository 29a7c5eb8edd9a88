import { describe, expect, it } from 'vitest';
import { canTransition, IllegalTransitionError, LEGAL_TRANSITIONS, transition, type UploadStatus } from './stateMachine.js';

const ALL = Object.keys(LEGAL_TRANSITIONS) as UploadStatus[];

describe('upload state machine', () => {
  it('walks the happy path from added to done', () => {
    let file = { status: 'added' as UploadStatus, percent: 0 };
    for (const to of ['validating', 'checkingMp4', 'hashing', 'comparing', 'uploading', 'verifying', 'done'] as const) {
      file = transition(file, to);
    }
    expect(file.status).toBe('done');
  });

  it('ends at once when the server already has the file (秒传)', () => {
    const file = transition({ status: 'comparing', percent: 0 }, 'done', { percent: 100 });
    expect(file).toEqual({ status: 'done', percent: 100 });
  });

  it('lets a failed or paused file go back to uploading, and any unfinished file be cancelled', () => {
    expect(canTransition('failed', 'uploading')).toBe(true);
    expect(canTransition('paused', 'uploading')).toBe(true);
    for (const from of ALL.filter((status) => status !== 'done' && status !== 'cancelled')) {
      expect(canTransition(from, 'cancelled')).toBe(true);
    }
  });

  it('waits for the network from the steps that talk to the server, and goes back to them or stops there', () => {
    for (const from of ['comparing', 'uploading', 'verifying'] as const) expect(canTransition(from, 'waitingForNetwork')).toBe(true);
    for (const from of ['added', 'validating', 'checkingMp4', 'hashing', 'paused', 'failed'] as const) {
      expect(canTransition(from, 'waitingForNetwork')).toBe(false);
    }
    expect([...LEGAL_TRANSITIONS.waitingForNetwork].sort()).toEqual(['cancelled', 'comparing', 'paused', 'uploading']);
    // A dropped line is not a failure: the file cannot be marked failed while it waits.
    expect(() => transition({ status: 'waitingForNetwork' }, 'failed')).toThrow(IllegalTransitionError);
  });

  it('refuses moves the table does not allow, leaving the file untouched', () => {
    const done = { status: 'done' as UploadStatus };
    expect(() => transition(done, 'uploading')).toThrow(IllegalTransitionError);
    expect(() => transition({ status: 'added' }, 'uploading')).toThrow(/added → uploading/);
    expect(() => transition({ status: 'cancelled' }, 'paused')).toThrow(IllegalTransitionError);
    expect(done.status).toBe('done');
  });

  it('has done and cancelled as the only final states, and every other state reachable from added', () => {
    const finals = ALL.filter((status) => LEGAL_TRANSITIONS[status].length === 0);
    expect(finals.sort()).toEqual(['cancelled', 'done']);
    const reached = new Set<UploadStatus>(['added']);
    const queue: UploadStatus[] = ['added'];
    while (queue.length) for (const next of LEGAL_TRANSITIONS[queue.shift()!]) if (!reached.has(next)) {
      reached.add(next);
      queue.push(next);
    }
    expect([...reached].sort()).toEqual([...ALL].sort());
  });
});
