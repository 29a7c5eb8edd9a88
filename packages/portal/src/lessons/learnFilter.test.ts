import { describe, expect, it } from 'vitest';
import { formatChoice, fromHistoryNode, gradesOf, narrow, parseChoice, sameCurriculum, toFilter, toHistoryNode } from './learnFilter';

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
  it('keeps a tag in the link and in the request, and keeps it when the curriculum choice changes', () => {
    const choice = parseChoice('stage=2&tagId=tag-0a1b&pageNum=3');
    expect(choice).toEqual({ stage: 2, tagId: 'tag-0a1b', orderBy: 'newest', pageNum: 3 });
    expect(formatChoice(choice)).toBe('pageNum=3&stage=2&tagId=tag-0a1b');
    expect(narrow(choice, { stage: 3 })).toEqual({ stage: 3, tagId: 'tag-0a1b', orderBy: 'newest', pageNum: 1 });
    expect(toFilter(choice, 12)).toMatchObject({ tagId: 'tag-0a1b', pageSize: 12 });
    expect(parseChoice('tagId=%3Cscript%3E').tagId).toBeUndefined();
  });
  it('sends a trimmed keyword only when there is one', () => {
    expect(toFilter({ orderBy: 'newest', pageNum: 2, keyword: '  ' }, 12)).toEqual({ orderBy: 'newest', pageNum: 2, pageSize: 12 });
    expect(gradesOf(3)).toEqual([7, 8, 9]);
  });
});

describe('remembered position on /learn', () => {
  const deep = { stage: 2, subjectCode: 214, grade: 3, editionId: 'ed-rj', bookId: 'bk-214-3a', nodeId: 'nd-1', keyword: '分数', orderBy: 'hottest' as const, pageNum: 3 };

  it('saves the curriculum part with its names, and nulls for what was cleared', () => {
    expect(toHistoryNode(deep, { bookLabel: '人教版 三年级上册', nodeLabel: '分数的初步认识', nodeType: 'chapter' })).toEqual({
      stage: 2,
      subjectCode: 214,
      grade: 3,
      businessEditionId: 'ed-rj',
      businessBookId: 'bk-214-3a',
      businessBookLabel: '人教版 三年级上册',
      nodeId: 'nd-1',
      nodeLabel: '分数的初步认识',
      nodeType: 'chapter',
    });
    const cleared = toHistoryNode(narrow(deep, { subjectCode: 213 }), { bookLabel: 'stale', nodeLabel: 'stale' });
    expect(cleared).toMatchObject({ subjectCode: 213, grade: null, businessBookId: null, businessBookLabel: null, nodeId: null, nodeLabel: null, nodeType: null });
  });

  it('opens at the saved position on page 1, newest first, and ignores an empty or odd one', () => {
    const saved = toHistoryNode(deep, { nodeType: 'knowledge' });
    expect(fromHistoryNode({ ...saved, updateTime: 1 } as never)).toEqual({ stage: 2, subjectCode: 214, grade: 3, editionId: 'ed-rj', bookId: 'bk-214-3a', nodeId: 'nd-1', orderBy: 'newest', pageNum: 1 });
    expect(fromHistoryNode(toHistoryNode({ orderBy: 'newest', pageNum: 1 }))).toBeNull();
    expect(fromHistoryNode(null)).toBeNull();
    expect(fromHistoryNode({ stage: -1, businessBookId: '<script>' })).toBeNull();
  });

  it('tells a move in the curriculum from a new keyword, order or page', () => {
    expect(sameCurriculum(deep, { ...deep, keyword: undefined, orderBy: 'newest', pageNum: 1 })).toBe(true);
    expect(sameCurriculum(deep, narrow(deep, { nodeId: 'nd-2' }))).toBe(false);
  });
});
