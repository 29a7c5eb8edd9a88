/**
 * The steps of the activity form, the fields each one owns (validated by its 下一步), and where a
 * parameter the server names (`data.field`: `scope[3].bookId`, `signUpEndTime`, `rules.teachersPerNode`)
 * shows in the form, so a refused save lands under the right field of the right step.
 */
import type { FieldPath } from '../kit';
import { scopeEntriesWithRows, type ActivityFormValues } from './activityForm';
import type { WindowName } from './activityWindows';

export const STEPS = ['basics', 'scope', 'windows', 'levels', 'template', 'rules', 'summary'] as const;
export type StepKey = (typeof STEPS)[number];

/** The top-level form names each step shows. */
export const STEP_FIELDS: Record<StepKey, readonly (keyof ActivityFormValues)[]> = {
  basics: ['name', 'activitySystem', 'description', 'cover', 'attachments'],
  scope: ['scope'],
  windows: ['windows'],
  levels: ['reviewLevels', 'reviewRules'],
  template: ['packageTemplate'],
  rules: ['rules', 'videoRules'],
  summary: [],
};

const WINDOW_OF: Record<string, WindowName> = {
  signUpStartTime: 'signUp',
  signUpEndTime: 'signUp',
  uploadStartTime: 'upload',
  uploadEndTime: 'upload',
  auditStartTime: 'audit',
  auditEndTime: 'audit',
};

const VIDEO_FIELD: Record<string, string> = {
  videoCodec: 'checkVideoCodec',
  audioCodec: 'checkAudioCodec',
  minDurationSeconds: 'minDurationMinutes',
  maxDurationSeconds: 'maxDurationMinutes',
  maxFileSize: 'maxFileSizeMb',
};

const SCOPE_FIELD: Record<string, string> = { stage: 'stage', subjectCode: 'subjectCode', editionId: 'editionId', bookId: 'bookIds' };

/**
 * The form path of a server parameter, given the values that were sent (scope and template entries
 * are counted among what was sent, not among the form's rows). Null: nothing in the form shows it.
 */
export function formPathOf(field: string, values: ActivityFormValues): FieldPath | null {
  const [head, ...rest] = field.split('.');
  const indexed = /^(\w+)\[(\d+)\]$/.exec(head ?? '');
  const name = indexed ? indexed[1]! : head!;
  const index = indexed ? Number(indexed[2]) : null;
  const sub = rest[0];
  switch (name) {
    case 'name':
    case 'activitySystem':
    case 'description':
    case 'attachments':
      return [name];
    case 'coverUrl':
    case 'coverFileId':
      return ['cover'];
    case 'scope': {
      if (index === null) return ['scope'];
      const row = scopeEntriesWithRows(values.scope ?? [])[index]?.row;
      if (row === undefined) return ['scope'];
      return ['scope', row, SCOPE_FIELD[sub ?? ''] ?? 'subjectCode'];
    }
    case 'reviewLevels':
      return ['reviewLevels'];
    case 'packageTemplate': {
      if (index === null) return ['packageTemplate'];
      let seen = -1;
      const row = values.packageTemplate.findIndex((r) => r.enabled && ++seen === index);
      return row < 0 ? ['packageTemplate'] : ['packageTemplate', row, sub ?? 'required'];
    }
    case 'rules':
      return sub ? ['rules', sub] : null;
    case 'reviewRules':
      return reviewRulesPath(rest, values);
    case 'videoRules':
      return sub ? ['videoRules', VIDEO_FIELD[sub] ?? sub] : null;
    default:
      return name in WINDOW_OF ? ['windows', WINDOW_OF[name]!] : null;
  }
}

/** `reviewRules.rubric[2].key` → the form row of the third rubric item sent (blank rows are not sent). */
function reviewRulesPath(rest: string[], values: ActivityFormValues): FieldPath {
  const [head, sub] = rest;
  const m = /^(\w+)(?:\[(\d+)\])?$/.exec(head ?? '');
  if (!m) return ['reviewRules', 'rubric'];
  const [, name, index] = m;
  if (name === 'quotas' && sub) return ['reviewRules', 'quotas', Number(sub)];
  if (name === 'rubric' && index !== undefined) {
    let seen = -1;
    const row = (values.reviewRules?.rubric ?? []).findIndex((r) => (r.name?.trim() || (r.max !== null && r.max !== undefined)) && ++seen === Number(index));
    return row < 0 ? ['reviewRules', 'rubric'] : ['reviewRules', 'rubric', row, sub === 'max' ? 'max' : 'name'];
  }
  if (name === 'opinionTemplates' && index !== undefined) {
    let seen = -1;
    const row = (values.reviewRules?.opinionTemplates ?? []).findIndex((t) => (t ?? '').trim() !== '' && ++seen === Number(index));
    return row < 0 ? ['reviewRules', 'opinionTemplates'] : ['reviewRules', 'opinionTemplates', row];
  }
  return ['reviewRules', name!];
}

/** The step that shows a form path. */
export function stepOfPath(path: FieldPath): StepKey | null {
  const head = path[0];
  for (const step of STEPS) if ((STEP_FIELDS[step] as readonly unknown[]).includes(head)) return step;
  return null;
}
