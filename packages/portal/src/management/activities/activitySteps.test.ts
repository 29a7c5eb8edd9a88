import { describe, expect, it } from 'vitest';
import { emptyActivityValues, type ActivityFormValues } from './activityForm';
import { formPathOf, stepOfPath } from './activitySteps';

const values: ActivityFormValues = {
  ...emptyActivityValues([1, 2, 3]),
  scope: [
    { stage: 3, subjectCode: 2, editionId: 'ed', bookIds: ['b1', 'b2'] },
    { stage: 3, subjectCode: 1, editionId: null, bookIds: [] },
  ],
};
values.packageTemplate = values.packageTemplate.map((row, i) => ({ ...row, enabled: i !== 1 }));

describe('where a server field shows in the step form', () => {
  it('finds the form row of a flattened scope entry', () => {
    expect(formPathOf('scope[1].bookId', values)).toEqual(['scope', 0, 'bookIds']);
    expect(formPathOf('scope[2].subjectCode', values)).toEqual(['scope', 1, 'subjectCode']);
    expect(formPathOf('scope', values)).toEqual(['scope']);
    expect(formPathOf('scope[9].stage', values)).toEqual(['scope']);
  });

  it('finds the template row among the enabled items only', () => {
    expect(formPathOf('packageTemplate[1].fileCategories', values)).toEqual(['packageTemplate', 2, 'fileCategories']);
    expect(formPathOf('packageTemplate[0].required', values)).toEqual(['packageTemplate', 0, 'required']);
  });

  it('maps window times to their range and the video rules to the form’s units', () => {
    expect(formPathOf('uploadEndTime', values)).toEqual(['windows', 'upload']);
    expect(formPathOf('videoRules.maxDurationSeconds', values)).toEqual(['videoRules', 'maxDurationMinutes']);
    expect(formPathOf('videoRules.fps', values)).toEqual(['videoRules', 'fps']);
    expect(formPathOf('rules.teachersPerNode', values)).toEqual(['rules', 'teachersPerNode']);
    expect(formPathOf('coverFileId', values)).toEqual(['cover']);
    expect(formPathOf('version', values)).toBeNull();
    expect(formPathOf('orgId', values)).toBeNull();
  });

  it('finds the review rules row the server names, among the rows sent', () => {
    const withRules: ActivityFormValues = {
      ...values,
      reviewRules: { ...values.reviewRules, rubric: [{ name: '设计', max: 40 }, { name: '', max: null }, { name: '效果', max: 70 }], opinionTemplates: [' ', '很好'] },
    };
    expect(formPathOf('reviewRules.rubric', withRules)).toEqual(['reviewRules', 'rubric']);
    expect(formPathOf('reviewRules.rubric[1].key', withRules)).toEqual(['reviewRules', 'rubric', 2, 'name']);
    expect(formPathOf('reviewRules.rubric[0].max', withRules)).toEqual(['reviewRules', 'rubric', 0, 'max']);
    expect(formPathOf('reviewRules.opinionTemplates[0]', withRules)).toEqual(['reviewRules', 'opinionTemplates', 1]);
    expect(formPathOf('reviewRules.quotas.2', withRules)).toEqual(['reviewRules', 'quotas', 2]);
    expect(formPathOf('reviewRules.passScore', withRules)).toEqual(['reviewRules', 'passScore']);
    expect(stepOfPath(['reviewRules', 'rubric', 2, 'name'])).toBe('levels');
  });

  it('names the step that shows each path', () => {
    expect(stepOfPath(['name'])).toBe('basics');
    expect(stepOfPath(['scope', 0, 'bookIds'])).toBe('scope');
    expect(stepOfPath(['windows', 'upload'])).toBe('windows');
    expect(stepOfPath(['reviewLevels'])).toBe('levels');
    expect(stepOfPath(['packageTemplate', 2, 'required'])).toBe('template');
    expect(stepOfPath(['videoRules', 'fps'])).toBe('rules');
  });
});
