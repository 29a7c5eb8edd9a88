/**
 * The activity's review rules (ReviewRules of @dscloud/sdk/review; docs/activities.md "Works review"):
 * their JSON schema, defaults, the checks beyond the schema, and the order of the review levels.
 */
import { AuditLevels, type AuditLevelCode } from '@dscloud/sdk/activities';
import { Codes } from '@dscloud/sdk/errors';
import { DEFAULT_REVIEW_RULES, RUBRIC_MAX_ITEMS, TEMPLATE_MAX_CHARS, TEMPLATES_MAX, type ReviewRules } from '@dscloud/sdk/review';
import { AppError } from '../http/appError.js';

/** The schema of `reviewRules` in ActivityInput; bounds the schema cannot say are in `checkReviewRules`. */
export const reviewRulesSchema = {
  type: 'object',
  properties: {
    blind: { type: 'boolean' },
    reviewersPerWork: { type: 'integer', enum: [1, 2] },
    combine: { type: 'string', enum: ['average', 'final'] },
    passScore: { type: 'number', minimum: 0, maximum: 100 },
    quotas: {
      type: 'object',
      additionalProperties: false,
      properties: { 1: { type: 'integer', minimum: 1, maximum: 100_000 }, 2: { type: 'integer', minimum: 1, maximum: 100_000 }, 3: { type: 'integer', minimum: 1, maximum: 100_000 } },
    },
    rubric: {
      type: 'array',
      maxItems: RUBRIC_MAX_ITEMS,
      items: {
        type: 'object',
        required: ['key', 'name', 'max'],
        properties: {
          key: { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' },
          name: { type: 'string', minLength: 1, maxLength: 50 },
          max: { type: 'number', exclusiveMinimum: 0, maximum: 100 },
        },
      },
    },
    opinionTemplates: { type: 'array', maxItems: TEMPLATES_MAX, items: { type: 'string', minLength: 1, maxLength: TEMPLATE_MAX_CHARS } },
  },
} as const;

const bad = (field: string, message: string) => new AppError(Codes.BAD_REQUEST, message, { field });

/** The stored (possibly partial) rules with the defaults filled in. */
export function reviewRulesOf(stored: Partial<ReviewRules> | null | undefined): ReviewRules {
  const r = { ...DEFAULT_REVIEW_RULES, ...(stored ?? {}) };
  return { ...r, quotas: { ...r.quotas }, rubric: [...r.rubric], opinionTemplates: [...r.opinionTemplates] };
}

/** What the schema cannot check: the rubric's total and keys, templates not blank. */
export function checkReviewRules(rules: ReviewRules): ReviewRules {
  const total = rules.rubric.reduce((sum, item) => sum + item.max, 0);
  if (total > 100) throw bad('reviewRules.rubric', `参数 reviewRules.rubric（评分细则）各项满分之和为 ${total}，不能超过 100`);
  const keys = new Set<string>();
  for (const [i, item] of rules.rubric.entries()) {
    if (keys.has(item.key)) throw bad(`reviewRules.rubric[${i}].key`, `参数 reviewRules.rubric[${i}].key（评分项标识）重复：${item.key}`);
    keys.add(item.key);
  }
  const templates = rules.opinionTemplates.map((t) => t.trim());
  const blank = templates.findIndex((t) => t === '');
  if (blank >= 0) throw bad(`reviewRules.opinionTemplates[${blank}]`, `参数 reviewRules.opinionTemplates[${blank}]（评审意见模板）不能为空`);
  return { ...rules, opinionTemplates: templates };
}

/** The body's partial rules over the stored ones, checked. */
export function mergeReviewRules(stored: Partial<ReviewRules> | null | undefined, patch: Partial<ReviewRules> | undefined): ReviewRules {
  return checkReviewRules({ ...reviewRulesOf(stored), ...(patch ?? {}) } as ReviewRules);
}

export const levelName = (level: number): string => AuditLevels.find(level)?.label ?? String(level);

/** The level after `level` in the activity's order, or null when it is the last. */
export function nextLevel(levels: readonly AuditLevelCode[], level: number): AuditLevelCode | null {
  const i = levels.indexOf(level as AuditLevelCode);
  return i >= 0 && i + 1 < levels.length ? levels[i + 1]! : null;
}

export function isLastLevel(levels: readonly AuditLevelCode[], level: number): boolean {
  return levels.length > 0 && levels[levels.length - 1] === level;
}

/** The decision's score: the sum of the rubric points, each within its item's max (null without a rubric). */
export function scoreOf(rules: ReviewRules, scores: Record<string, number> | undefined, required: boolean): number | null {
  if (rules.rubric.length === 0) return null;
  if (!scores) {
    if (required) throw bad('scores', '参数 scores（评分）缺失：该活动设有评分细则，通过或评为优秀需逐项打分');
    return null;
  }
  let total = 0;
  for (const key of Object.keys(scores)) {
    if (!rules.rubric.some((r) => r.key === key)) throw bad(`scores.${key}`, `参数 scores.${key}（评分项）不在该活动的评分细则中`);
  }
  for (const item of rules.rubric) {
    const v = scores[item.key];
    if (v === undefined) {
      if (required) throw bad(`scores.${item.key}`, `参数 scores.${item.key}（${item.name}）缺失：请为每一评分项打分`);
      continue;
    }
    if (v < 0 || v > item.max) throw bad(`scores.${item.key}`, `参数 scores.${item.key}（${item.name}）应在 0 到 ${item.max} 之间`);
    total += v;
  }
  return Math.round(total * 100) / 100;
}
