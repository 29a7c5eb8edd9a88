import { describe, expect, it } from 'vitest';
import { reviewRulesFromForm, reviewRulesProblems, reviewRulesToForm } from './reviewRulesForm';

describe('review rules in the step form', () => {
  it('round-trips the stored rules and fills defaults', () => {
    const stored = {
      blind: true,
      reviewersPerWork: 2 as const,
      combine: 'final' as const,
      passScore: 70,
      quotas: { 1: 5, 2: 3 },
      rubric: [{ key: 'design', name: '教学设计', max: 60 }],
      opinionTemplates: ['选题恰当'],
    };
    expect(reviewRulesFromForm(reviewRulesToForm(stored), [1, 2, 3])).toEqual(stored);
    expect(reviewRulesToForm(null)).toMatchObject({ blind: false, reviewersPerWork: 1, combine: 'average', passScore: 60, rubric: [] });
  });

  it('keeps quotas of the reviewed levels only, gives new rubric items free keys and drops blank rows', () => {
    const form = reviewRulesToForm({ quotas: { 1: 5, 3: 2 } });
    form.rubric = [{ key: 'item1', name: 'A', max: 10 }, { name: ' B ', max: 20 }, { name: '', max: null }];
    form.opinionTemplates = [' 很好 ', '  '];
    const rules = reviewRulesFromForm(form, [1, 2]);
    expect(rules.quotas).toEqual({ 1: 5 });
    expect(rules.rubric).toEqual([
      { key: 'item1', name: 'A', max: 10 },
      { key: 'item2', name: 'B', max: 20 },
    ]);
    expect(rules.opinionTemplates).toEqual(['很好']);
  });

  it('says what the server says: the rubric total, ranges, quotas, templates', () => {
    const form = reviewRulesToForm({});
    form.rubric = [{ name: '设计', max: 60 }, { name: '', max: 50 }];
    form.passScore = 101;
    form.quotas = { 2: 0 };
    form.opinionTemplates = ['x'.repeat(201), ' '];
    expect(reviewRulesProblems(form).map((p) => [p.path.join('.'), p.zh])).toEqual([
      ['reviewRules.passScore', '合格分应在 0 到 100 之间'],
      ['reviewRules.quotas.2', '推荐名额应为不小于 1 的整数'],
      ['reviewRules.rubric.1.name', '评分项名称不能为空'],
      ['reviewRules.rubric', '评分细则各项满分之和为 110，不能超过 100'],
      ['reviewRules.opinionTemplates.0', '评审意见模板长度不能超过 200 个字符'],
      ['reviewRules.opinionTemplates.1', '评审意见模板不能为空'],
    ]);
    expect(reviewRulesProblems(reviewRulesToForm({ rubric: [{ key: 'a', name: 'A', max: 100 }] }))).toEqual([]);
  });
});
