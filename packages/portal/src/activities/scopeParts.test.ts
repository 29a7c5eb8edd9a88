import { describe, expect, it } from 'vitest';
import type { ActivityScopeLabel } from '@dscloud/sdk/activities';
import { firstPart, scopeParts } from './scopeParts';

const row = (r: Partial<ActivityScopeLabel>): ActivityScopeLabel => ({
  stage: 2,
  subjectCode: 213,
  editionId: null,
  bookId: null,
  stageName: '小学',
  subjectName: '语文',
  editionName: '',
  bookName: '',
  ...r,
});

describe('scope parts of the sign-up page', () => {
  const scope = [
    row({ editionId: 'ed-tongbian', bookId: 'bk-213-1a', editionName: '统编版', bookName: '一年级上册' }),
    row({ stage: 3, subjectCode: 314, stageName: '初中', subjectName: '数学', editionId: 'ed-renjiao', editionName: '人教版' }),
    row({ stage: 3, subjectCode: 313, stageName: '初中', subjectName: '语文' }),
  ];

  it('asks for one book, one edition of a subject, or a subject’s knowledge tree', () => {
    const parts = scopeParts(scope, '知识点');
    expect(parts.map((p) => [p.label, p.filter])).toEqual([
      ['小学语文 · 统编版 一年级上册', { bookId: 'bk-213-1a' }],
      ['初中数学 · 人教版', { editionId: 'ed-renjiao', stage: 3, subjectCode: 314 }],
      ['初中语文 · 知识点', { stage: 3, subjectCode: 313 }],
    ]);
    expect(new Set(parts.map((p) => p.key)).size).toBe(3);
  });

  it('opens the part of the teacher’s own stage and subject first', () => {
    const parts = scopeParts(scope, '知识点');
    expect(firstPart(parts, { stage: 3, subjectCode: 313 })?.label).toBe('初中语文 · 知识点');
    expect(firstPart(parts, null)?.label).toBe('小学语文 · 统编版 一年级上册');
    expect(firstPart([], null)).toBeUndefined();
  });
});
