import { describe, expect, it } from 'vitest';
import { insertTemplate, rubricMax, rubricTotal, scoreProblems, scoresBody } from './rubric';

const RUBRIC = [
  { key: 'design', name: '教学设计', max: 40 },
  { key: 'video', name: '视频质量', max: 30 },
  { key: 'effect', name: '教学效果', max: 30 },
];

describe('rubric', () => {
  it('adds the points given, null while nothing is scored', () => {
    expect(rubricTotal(RUBRIC, {})).toBeNull();
    expect(rubricTotal(RUBRIC, { design: 35.5, video: 20 })).toBe(55.5);
    expect(rubricTotal(RUBRIC, { design: 40, video: 30, effect: 30, other: 99 })).toBe(100);
    expect(rubricMax(RUBRIC)).toBe(100);
  });

  it('names the items missing before a pass and the ones out of range', () => {
    expect(scoreProblems(RUBRIC, { design: 41, video: 10 }, true)).toEqual([
      { key: 'design', name: '教学设计', kind: 'range' },
      { key: 'effect', name: '教学效果', kind: 'missing' },
    ]);
    expect(scoreProblems(RUBRIC, { video: -1 }, false)).toEqual([{ key: 'video', name: '视频质量', kind: 'range' }]);
    expect(scoreProblems(RUBRIC, { design: 1, video: 2, effect: 3 }, true)).toEqual([]);
  });

  it('sends only the items scored', () => {
    expect(scoresBody(RUBRIC, { design: 30, video: null })).toEqual({ design: 30 });
    expect(scoresBody(RUBRIC, {})).toBeUndefined();
  });

  it('puts a template at the caret on its own line', () => {
    expect(insertTemplate('', '选题恰当')).toBe('选题恰当');
    expect(insertTemplate('很好', '选题恰当')).toBe('很好\n选题恰当');
    expect(insertTemplate('开头结尾', '中间', 2)).toBe('开头\n中间\n结尾');
    expect(insertTemplate('第一行\n', '第二行')).toBe('第一行\n第二行');
  });
});
