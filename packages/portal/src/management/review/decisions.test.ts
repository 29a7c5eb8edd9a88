import { describe, expect, it } from 'vitest';
import type { AuditWorkRow } from '@dscloud/sdk/review';
import { batchDecisions, decisionsAt, outcomesOf, refreshedRows } from './decisions';

const row = (workId: string, over: Partial<AuditWorkRow> = {}): AuditWorkRow => ({
  workId,
  version: 1,
  activityId: 'a1',
  title: `作品${workId}`,
  nodeId: 'n1',
  nodeName: '1.1',
  stage: 2,
  subjectCode: 1,
  subjectName: '数学',
  teacherName: '',
  schoolName: '',
  level: 1,
  reviewState: 1,
  round: 1,
  submittedAt: 1,
  myDecision: null,
  ...over,
});

describe('review decisions', () => {
  it('offers high-quality only at the activity last level', () => {
    expect(decisionsAt(1, [1, 2, 3])).toEqual([1, 2, 3]);
    expect(decisionsAt(3, [1, 2, 3])).toEqual([1, 2, 3, 4]);
    expect(decisionsAt(2, [1, 2])).toEqual([1, 2, 3, 4]);
  });

  it('offers a batch only what every selected pending, undecided row allows', () => {
    expect(batchDecisions([row('1', { level: 3 }), row('2', { level: 3 })], [1, 2, 3])).toEqual([1, 2, 3, 4]);
    expect(batchDecisions([row('1', { level: 2 }), row('2', { level: 3 })], [1, 2, 3])).toEqual([1, 2, 3]);
    expect(batchDecisions([row('1'), row('2', { myDecision: 1 })], [1, 2, 3])).toEqual([]);
    expect(batchDecisions([row('1', { reviewState: 3 })], [1, 2, 3])).toEqual([]);
    expect(batchDecisions([], [1])).toEqual([]);
  });

  it('reports each work: decided, or refused with the reason; a refusal shows the work as it now is', () => {
    const rows = [row('1'), row('2'), row('3')];
    const result = {
      decided: [{ workId: '1', version: 2, reviewState: 1 as const, level: 2 as const }],
      refused: [{ workId: '2', code: 409, message: '作品已被其他评审人员处理', current: row('2', { version: 5, reviewState: 2 }) }],
    };
    expect(outcomesOf(result, rows)).toEqual([
      { workId: '1', title: '作品1', ok: true, message: '' },
      { workId: '2', title: '作品2', ok: false, message: '作品已被其他评审人员处理', code: 409 },
    ]);
    const next = refreshedRows(rows, result);
    expect(next.map((r) => [r.workId, r.version, r.reviewState, r.level])).toEqual([
      ['1', 2, 1, 2],
      ['2', 5, 2, 1],
      ['3', 1, 1, 1],
    ]);
  });
});
