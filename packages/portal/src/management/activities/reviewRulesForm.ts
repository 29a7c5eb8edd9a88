/**
 * The review rules of the step form (blind review, reviewers per work and how two decisions combine,
 * the pass score, quotas per level, the rubric, opinion templates) and their checks, worded as the
 * server words them (ActivityInput.reviewRules, docs/activities.md "Works review"), so the organiser
 * reads the same reason before and after saving.
 */
import type { AuditLevelCode } from '@dscloud/sdk/activities';
import { DEFAULT_REVIEW_RULES, RUBRIC_MAX_ITEMS, TEMPLATE_MAX_CHARS, TEMPLATES_MAX, type ReviewRules, type RubricItem } from '@dscloud/sdk/review';

export const RUBRIC_NAME_MAX = 50;

export interface RubricRow {
  key?: string;
  name?: string;
  max?: number | null;
}

export interface ReviewRulesForm {
  blind: boolean;
  reviewersPerWork: 1 | 2;
  combine: 'average' | 'final';
  passScore: number | null;
  quotas: Partial<Record<AuditLevelCode, number | null>>;
  rubric: RubricRow[];
  opinionTemplates: string[];
}

export function reviewRulesToForm(rules: Partial<ReviewRules> | null | undefined): ReviewRulesForm {
  const r = { ...DEFAULT_REVIEW_RULES, ...(rules ?? {}) };
  return {
    blind: r.blind,
    reviewersPerWork: r.reviewersPerWork,
    combine: r.combine,
    passScore: r.passScore,
    quotas: { ...r.quotas },
    rubric: r.rubric.map((i) => ({ ...i })),
    opinionTemplates: [...r.opinionTemplates],
  };
}

/** A key for a new rubric item that none of the others has (`item1`, `item2`, …). */
function freshKey(taken: Set<string>): string {
  for (let n = 1; ; n++) if (!taken.has(`item${n}`)) return `item${n}`;
}

/** The rules the API stores; quotas only for the levels the activity reviews at, blank rows dropped. */
export function reviewRulesFromForm(form: ReviewRulesForm, levels: readonly AuditLevelCode[]): ReviewRules {
  const quotas: ReviewRules['quotas'] = {};
  for (const level of levels) {
    const q = form.quotas?.[level];
    if (typeof q === 'number' && Number.isFinite(q)) quotas[level] = q;
  }
  const taken = new Set((form.rubric ?? []).map((r) => r.key).filter((k): k is string => !!k));
  const rubric: RubricItem[] = [];
  for (const row of form.rubric ?? []) {
    const name = (row.name ?? '').trim();
    if (!name && (row.max === null || row.max === undefined)) continue;
    let key = row.key;
    if (!key) taken.add((key = freshKey(taken)));
    rubric.push({ key, name, max: row.max ?? 0 });
  }
  return {
    blind: !!form.blind,
    reviewersPerWork: form.reviewersPerWork === 2 ? 2 : 1,
    combine: form.combine === 'final' ? 'final' : 'average',
    passScore: form.passScore ?? DEFAULT_REVIEW_RULES.passScore,
    quotas,
    rubric,
    opinionTemplates: (form.opinionTemplates ?? []).map((t) => (t ?? '').trim()).filter((t) => t !== ''),
  };
}

/** A problem of the rules, with the form path it belongs under and the message the server gives for it. */
export interface RulesProblem {
  path: (string | number)[];
  zh: string;
  en: string;
}

/** Every rule the server checks on `reviewRules`, in the order it checks them. */
export function reviewRulesProblems(form: ReviewRulesForm): RulesProblem[] {
  const out: RulesProblem[] = [];
  const at = (...path: (string | number)[]) => ['reviewRules', ...path];
  const pass = form.passScore;
  if (pass !== null && pass !== undefined && (pass < 0 || pass > 100)) out.push({ path: at('passScore'), zh: '合格分应在 0 到 100 之间', en: 'The pass score must be from 0 to 100' });
  for (const [level, q] of Object.entries(form.quotas ?? {})) {
    if (q !== null && q !== undefined && (!Number.isInteger(q) || q < 1)) out.push({ path: at('quotas', Number(level)), zh: '推荐名额应为不小于 1 的整数', en: 'A quota must be a whole number of at least 1' });
  }
  const rubric = form.rubric ?? [];
  if (rubric.length > RUBRIC_MAX_ITEMS) out.push({ path: at('rubric'), zh: `评分细则最多 ${RUBRIC_MAX_ITEMS} 项`, en: `The rubric allows at most ${RUBRIC_MAX_ITEMS} items` });
  rubric.forEach((row, i) => {
    const name = (row.name ?? '').trim();
    if (!name) out.push({ path: at('rubric', i, 'name'), zh: '评分项名称不能为空', en: 'The item needs a name' });
    else if (name.length > RUBRIC_NAME_MAX) out.push({ path: at('rubric', i, 'name'), zh: `评分项名称长度不能超过 ${RUBRIC_NAME_MAX} 个字符`, en: `The name must be at most ${RUBRIC_NAME_MAX} characters` });
    if (row.max === null || row.max === undefined || !(row.max > 0) || row.max > 100)
      out.push({ path: at('rubric', i, 'max'), zh: '满分应大于 0 且不超过 100', en: 'The maximum must be above 0 and at most 100' });
  });
  const total = rubricTotalOf(rubric);
  if (total > 100) out.push({ path: at('rubric'), zh: `评分细则各项满分之和为 ${total}，不能超过 100`, en: `The rubric's maximums add up to ${total}; at most 100` });
  const templates = form.opinionTemplates ?? [];
  if (templates.length > TEMPLATES_MAX) out.push({ path: at('opinionTemplates'), zh: `评审意见模板最多 ${TEMPLATES_MAX} 条`, en: `At most ${TEMPLATES_MAX} opinion templates` });
  templates.forEach((t, i) => {
    const text = (t ?? '').trim();
    if (!text) out.push({ path: at('opinionTemplates', i), zh: '评审意见模板不能为空', en: 'A template must not be empty' });
    else if (text.length > TEMPLATE_MAX_CHARS)
      out.push({ path: at('opinionTemplates', i), zh: `评审意见模板长度不能超过 ${TEMPLATE_MAX_CHARS} 个字符`, en: `A template must be at most ${TEMPLATE_MAX_CHARS} characters` });
  });
  return out;
}

/** The sum of the rubric's maximums (blank maximums count 0). */
export const rubricTotalOf = (rubric: readonly RubricRow[]): number => Math.round(rubric.reduce((s, r) => s + (typeof r.max === 'number' ? r.max : 0), 0) * 100) / 100;
