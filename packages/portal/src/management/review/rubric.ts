/**
 * The rubric as the reviewer fills it: points per item (0 to the item's maximum, halves allowed), the
 * total, and what is still missing before a pass or a high-quality decision may be sent (the server
 * asks the same: scores are required then when the activity has a rubric).
 */
import type { RubricItem } from '@dscloud/sdk/review';

export type Scores = Partial<Record<string, number | null>>;

/** The sum of the points given, rounded to halves; null when nothing is scored yet. */
export function rubricTotal(rubric: readonly RubricItem[], scores: Scores): number | null {
  let total = 0;
  let any = false;
  for (const item of rubric) {
    const v = scores[item.key];
    if (typeof v === 'number' && Number.isFinite(v)) {
      total += v;
      any = true;
    }
  }
  return any ? Math.round(total * 2) / 2 : null;
}

/** The most points the rubric gives. */
export const rubricMax = (rubric: readonly RubricItem[]): number => rubric.reduce((sum, item) => sum + item.max, 0);

export interface ScoreProblem {
  key: string;
  name: string;
  kind: 'missing' | 'range';
}

/** What stops the scores from being sent with a decision that needs them. */
export function scoreProblems(rubric: readonly RubricItem[], scores: Scores, required: boolean): ScoreProblem[] {
  const problems: ScoreProblem[] = [];
  for (const item of rubric) {
    const v = scores[item.key];
    if (v === null || v === undefined || !Number.isFinite(v)) {
      if (required) problems.push({ key: item.key, name: item.name, kind: 'missing' });
    } else if (v < 0 || v > item.max) problems.push({ key: item.key, name: item.name, kind: 'range' });
  }
  return problems;
}

/** The scores as `auditWorks` takes them: only the items given, undefined when none. */
export function scoresBody(rubric: readonly RubricItem[], scores: Scores): Record<string, number> | undefined {
  const out: Record<string, number> = {};
  for (const item of rubric) {
    const v = scores[item.key];
    if (typeof v === 'number' && Number.isFinite(v)) out[item.key] = v;
  }
  return Object.keys(out).length ? out : undefined;
}

/** An opinion template put into the opinion at the caret (or at the end), on its own line. */
export function insertTemplate(opinion: string, template: string, caret: number = opinion.length): string {
  const at = Math.max(0, Math.min(caret, opinion.length));
  const before = opinion.slice(0, at);
  const after = opinion.slice(at);
  const lead = before && !before.endsWith('\n') ? '\n' : '';
  const tail = after && !after.startsWith('\n') ? '\n' : '';
  return `${before}${lead}${template}${tail}${after}`;
}
