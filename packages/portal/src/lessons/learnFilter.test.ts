import { describe, expect, it } from 'vitest';
import { formatChoice, gradesOf, narrow, parseChoice, toFilter } from './learnFilter';

describe('learn filter', () => {
  it('reads and writes the choice of /learn/demand/:params', () => {
    const choice = parseChoice('stage=2&subjectCode=214&grade=3&orderBy=hottest&bogus=1&pageNum=-2');
    expect(choice).toEqual({ stage: 2, subjectCode: 214, grade: 3, orderBy: 'hottest', pageNum: 1 });
    expect(formatChoice(choice)).toBe('orderBy=hottest&stage=2&subjectCode=214&grade=3');
  });
  it('clears what a higher choice no longer fits and returns to page 1', () => {
    const choice = { stage: 2, subjectCode: 214, grade: 3, bookId: 'bk', nodeId: 'n', orderBy: 'newest' as const, pageNum: 4 };
    expect(narrow(choice, { subjectCode: 213 })).toEqual({ stage: 2, subjectCode: 213, orderBy: 'newest', pageNum: 1 });
    expect(narrow(choice, { keyword: '井' })).toMatchObject({ bookId: 'bk', nodeId: 'n', pageNum: 1, keyword: '井' });
  });
  it('sends a trimmed keyword only when there is one', () => {
    expect(toFilter({ orderBy: 'newest', pageNum: 2, keyword: '  ' }, 12)).toEqual({ orderBy: 'newest', pageNum: 2, pageSize: 12 });
    expect(gradesOf(3)).toEqual([7, 8, 9]);
  });
});
